import { execFile } from 'node:child_process';
import { createHash, createHmac, createPrivateKey, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  PATHS,
  type AccessPartySaved,
  type CommunicationCertIssued,
  type OpenApiCall,
  type OpenContract,
  type Page,
  type OpenContractCreated,
  type OpenContractPage,
  type OpenContractTrail,
  type OpenSigningLink,
  type SigningTicketInfo,
} from '@esign/platform';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import { sm2PublicKeyOf, sm2Sign } from '../sm2';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { BACKENDS, call, useTestServer } from '../test-support/server';
import { addDocument } from '../test-support/ready-documents';
import {
  TWO_PARTIES,
  demoAuthor,
  templateClient,
  type DemoAuthor,
} from '../test-support/templates';

const run = promisify(execFile);
const OTHER_ADMIN = '13900003461';
const DAY = 24 * 60 * 60 * 1000;

/**
 * A partner's client, written from the recipe in the README and the OpenAPI document (not from the
 * server's code): HMAC-SHA256 over METHOD, path and query, timestamp, nonce and the body's hash.
 */
function signedFetch(
  base: string,
  credentials: { appKey: string; secret: string },
  method: 'GET' | 'POST',
  pathWithQuery: string,
  body?: unknown,
  options: { timestamp?: number; nonce?: string; sendBody?: string; lang?: string } = {},
) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update(text).digest('hex');
  const signature = createHmac('sha256', credentials.secret)
    .update([method, pathWithQuery, timestamp, nonce, bodyHash].join('\n'))
    .digest('base64');
  return fetch(`${base}${pathWithQuery}`, {
    method,
    headers: {
      'X-App-Key': credentials.appKey,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': signature,
      Lang: options.lang ?? 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: options.sendBody ?? text }),
  });
}

async function envelope<T>(response: Response) {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  return { status: response.status, ...body };
}

const api = (path: string, id?: string) => `/api${id ? path.replace(':id', id) : path}`;

describe.each(BACKENDS)('the open API on $name', (backend) => {
  let offset = 0;
  const server = useTestServer(backend, { clock: () => new Date(Date.now() + offset) });
  let author: DemoAuthor;
  let party: AccessPartySaved;
  let template: { id: string; addressUuid: string };
  let otherTemplate: { id: string };
  let otherCompany = 0;
  let adminToken = '';

  const credentials = () => ({ appKey: party.appKey, secret: party.secret! });
  const open = (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options?: Parameters<typeof signedFetch>[5],
  ) => signedFetch(server.base, credentials(), method, path, body, options);

  const contractBody = (externalId?: string) => ({
    templateId: template.id,
    name: 'Lease through the API',
    participants: [
      {
        party: 'A',
        kind: 'company',
        name: 'Wang Fang',
        phone: '13800000002',
        companyName: DEMO_COMPANY,
      },
      { party: 'B', kind: 'person', name: 'Li Ming', phone: '13800000001' },
    ],
    values: { [template.addressUuid]: '1 Harbour Road' },
    ...(externalId ? { externalId } : {}),
  });

  beforeAll(async () => {
    author = await demoAuthor(server);
    template = await author.enabledTemplate('Lease for the API');
    adminToken = (await loginInto(server.base, '13800000002', author.companyId)).access_token;
    const made = await call<AccessPartySaved>(server.base, 'POST', PATHS.accessSaveOrUpdate, {
      token: adminToken,
      body: { name: 'ERP connector', companyIds: [] },
    });
    expect(made.status, made.body.msg).toBe(200);
    party = made.body.data;
    // Another company with an enabled template of its own.
    const other = await addCompany(server.database, { name: 'Open Rival Co., Ltd.' });
    otherCompany = other;
    await addUser(server.database, { phone: OTHER_ADMIN, company: { id: other, role: 'admin' } });
    const [rivalUser] = await server.database.query<{ id: string }>(
      'SELECT id FROM users WHERE phone = $1',
      [OTHER_ADMIN],
    );
    const rival = templateClient(
      server.base,
      (await loginInto(server.base, OTHER_ADMIN, other)).access_token,
    );
    const saved = await rival.post<{ id: string }>('templateSaveInfo', {
      name: 'Rival lease',
      description: 'A lease of the rival',
      documentId: await addDocument(server.database, server.files, {
        userId: Number(rivalUser!.id),
        companyId: other,
      }),
      participants: TWO_PARTIES,
    });
    expect(saved.status, saved.body.msg).toBe(200);
    otherTemplate = { id: saved.body.data.id };
  });

  // Each test starts with the party's rate limits clear: a fast database makes more than 20 calls
  // a second across tests (the limits have a test of their own).
  beforeEach(async () => {
    await server.database.query("DELETE FROM rate_events WHERE bucket LIKE 'open-api:%'");
  });

  it('creates a contract from the company’s template, once per externalId, in the trail as done by the access party', async () => {
    const first = await envelope<OpenContractCreated>(
      await open('POST', api(PATHS.openContracts), contractBody('order-1')),
    );
    expect(first.status, first.msg).toBe(200);
    expect(first.data).toMatchObject({ status: 'filling', created: true });
    const again = await envelope<OpenContractCreated>(
      await open('POST', api(PATHS.openContracts), contractBody('order-1')),
    );
    expect(again.data).toEqual({ ...first.data, created: false });
    const rows = await server.database.query<{ n: string }>(
      "SELECT count(*) AS n FROM contracts WHERE external_id = 'order-1'",
    );
    expect(Number(rows[0]!.n)).toBe(1);

    const trail = await envelope<OpenContractTrail>(
      await open('GET', api(PATHS.openContractTrail, first.data.id)),
    );
    expect(trail.data.intact).toBe(true);
    expect(trail.data.entries[0]).toMatchObject({
      action: 'create',
      actor: 'ERP connector',
      accessPartyId: party.id,
      details: { via: 'open-api', externalId: 'order-1' },
    });
    expect(trail.data.head).toBe(trail.data.entries.at(-1)!.hash);

    const read = await envelope<OpenContract>(
      await open('GET', api(PATHS.openContract, first.data.id)),
    );
    expect(read.data).toMatchObject({
      id: first.data.id,
      name: 'Lease through the API',
      status: 'filling',
      externalId: 'order-1',
      templateId: template.id,
    });
    expect(read.data.parties.map((p) => [p.party, p.kind, p.signedAt])).toEqual([
      ['A', 'company', null],
      ['B', 'person', null],
    ]);
  });

  it('refuses unsigned, wrongly signed, stale and replayed requests, and a disabled party', async () => {
    const path = api(PATHS.openContracts) + '?changedSince=2026-01-01T00:00:00Z';
    const unsigned = await envelope(await fetch(`${server.base}${path}`));
    expect([unsigned.status, unsigned.msg]).toEqual([
      401,
      'The request is not signed: send X-App-Key, X-Timestamp, X-Nonce and X-Signature',
    ]);
    const wrongSecret = await envelope(
      await signedFetch(server.base, { appKey: party.appKey, secret: 'sk_guess' }, 'GET', path),
    );
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.msg).toMatch(/signature does not match/);
    // The body changed on the way: the signature was over another.
    const tampered = await envelope(
      await open('POST', api(PATHS.openContracts), contractBody(), {
        sendBody: JSON.stringify({ ...contractBody(), name: 'Changed on the way' }),
      }),
    );
    expect(tampered.status).toBe(401);
    const stale = await envelope(
      await open('GET', path, undefined, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    );
    expect([stale.status, stale.msg]).toEqual([
      401,
      'The request’s timestamp is more than 5 minutes from the server’s time',
    ]);
    const nonce = randomBytes(16).toString('hex');
    expect((await open('GET', path, undefined, { nonce })).status).toBe(200);
    const replayed = await envelope(await open('GET', path, undefined, { nonce, lang: 'zh' }));
    expect([replayed.status, replayed.msg]).toEqual([
      401,
      '此随机数已被使用：每个请求都需要新的随机数',
    ]);
    const unknown = await envelope(
      await signedFetch(server.base, { appKey: 'ak_nobody', secret: 'x' }, 'GET', path),
    );
    expect(unknown.status).toBe(401);

    const off = await call(server.base, 'POST', PATHS.accessUpdateStatus, {
      token: adminToken,
      body: { id: party.id, enabled: false },
    });
    expect(off.status, off.body.msg).toBe(200);
    const disabled = await envelope(await open('GET', path));
    expect([disabled.status, disabled.msg]).toEqual([
      401,
      'No enabled API access party has this app key',
    ]);
    await call(server.base, 'POST', PATHS.accessUpdateStatus, {
      token: adminToken,
      body: { id: party.id, enabled: true },
    });
    expect((await open('GET', path)).status).toBe(200);
  });

  it('never reaches another company’s template or contract', async () => {
    const rival = await envelope(
      await open('POST', api(PATHS.openContracts), {
        ...contractBody(),
        templateId: otherTemplate.id,
      }),
    );
    expect(rival.status).toBe(404);
    const [foreign] = await server.database.query<{ id: string }>(
      `SELECT c.id FROM contracts c WHERE c.company_id IS DISTINCT FROM $1 LIMIT 1`,
      [author.companyId],
    );
    if (foreign) {
      expect((await open('GET', api(PATHS.openContract, String(foreign.id)))).status).toBe(404);
    }
    expect((await open('GET', api(PATHS.openContract, '999999999'))).status).toBe(404);
  });

  it('lists the contracts changed since a time, a page at a time', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await envelope<OpenContractCreated>(
        await open('POST', api(PATHS.openContracts), contractBody(`page-${n}`)),
      );
      made.push(created.data.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ changedSince: since, limit: '2' });
      if (cursor) query.set('cursor', cursor);
      const page = await envelope<OpenContractPage>(
        await open('GET', `${api(PATHS.openContracts)}?${query.toString()}`),
      );
      expect(page.status, page.msg).toBe(200);
      expect(page.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.items.map((item) => item.id));
      cursor = page.data.next;
    } while (cursor);
    expect(seen.filter((id) => made.includes(id))).toEqual(made);
    expect(new Set(seen).size).toBe(seen.length);
    const later = await envelope<OpenContractPage>(
      await open(
        'GET',
        `${api(PATHS.openContracts)}?changedSince=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      ),
    );
    expect(later.data.items).toEqual([]);
  });

  it('hands out a signing link the /custom-made page reads, recorded in the trail, and downloads the PDF', async () => {
    const created = await envelope<OpenContractCreated>(
      await open('POST', api(PATHS.openContracts), contractBody('link-1')),
    );
    const id = created.data.id;
    const link = await envelope<OpenSigningLink>(
      await open('POST', api(PATHS.openContractSigningLink, id), {
        party: 'B',
        returnUrl: 'https://erp.example.com/orders/42',
      }),
    );
    expect(link.status, link.msg).toBe(200);
    const url = new URL(link.data.url);
    expect(url.pathname).toBe('/custom-made');
    expect(url.searchParams.get('returnUrl')).toBe('https://erp.example.com/orders/42');
    const ticket = url.searchParams.get('ticket')!;
    const info = await call<SigningTicketInfo>(server.base, 'POST', PATHS.signingTicket, {
      body: { ticket },
    });
    expect(info.body.data).toEqual({
      contractId: id,
      contractName: 'Lease through the API',
      party: 'B',
      maskedPhone: '138****0001',
      status: 'filling',
      from: 'ERP connector',
    });
    // Only the hash of the ticket is kept.
    const kept = await server.database.query<{ ticket_hash: string }>(
      'SELECT ticket_hash FROM signing_links WHERE contract_id = $1',
      [id],
    );
    expect(kept[0]!.ticket_hash).toBe(createHash('sha256').update(ticket).digest('hex'));
    expect(JSON.stringify(kept)).not.toContain(ticket);

    const pdf = await open('GET', api(PATHS.openContractPdf, id));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const trail = await envelope<OpenContractTrail>(
      await open('GET', api(PATHS.openContractTrail, id)),
    );
    expect(trail.data.entries.map((entry) => entry.action)).toEqual([
      'create',
      'signing_link',
      'download',
    ]);
    expect(trail.data.entries[1]).toMatchObject({
      actor: 'ERP connector',
      details: { party: 'B' },
    });
    expect(trail.data.intact).toBe(true);
    // Handing out a link or downloading changes nothing: the contract's change time stays.
    const read = await envelope<OpenContract>(await open('GET', api(PATHS.openContract, id)));
    expect(read.data.changedAt).toBe(trail.data.entries[0]!.at);

    const unknownParty = await envelope(
      await open('POST', api(PATHS.openContractSigningLink, id), { party: 'C' }),
    );
    expect(unknownParty.status).toBe(400);
    const badReturn = await envelope(
      await open('POST', api(PATHS.openContractSigningLink, id), {
        party: 'B',
        returnUrl: 'javascript:alert(1)',
      }),
    );
    expect(badReturn.status).toBe(400);

    offset = 8 * DAY;
    try {
      const expired = await call(server.base, 'POST', PATHS.signingTicket, { body: { ticket } });
      expect([expired.status, expired.body.msg]).toEqual([
        410,
        'This signing link has expired or is not valid: ask the sender for a new one',
      ]);
    } finally {
      offset = 0;
    }
  });

  it('accepts a request signed by the party’s communication certificate, RSA or SM2, and not once it is revoked', async () => {
    const path = `${api(PATHS.openContracts)}?changedSince=2026-01-01T00:00:00Z`;
    const password = 'Cert-pass-2026';
    const directory = mkdtempSync(join(tmpdir(), 'open-api-cert-'));
    /** A request signed with a certificate's key (taken out of its PKCS#12 with openssl). */
    const certificateFetch = (serial: string, sign: (text: Buffer) => Buffer) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const text = [
        'GET',
        path,
        timestamp,
        nonce,
        createHash('sha256').update('').digest('hex'),
      ].join('\n');
      return fetch(`${server.base}${path}`, {
        headers: {
          'X-App-Key': party.appKey,
          'X-Timestamp': timestamp,
          'X-Nonce': nonce,
          'X-Certificate-Serial': serial,
          'X-Signature': sign(Buffer.from(text)).toString('base64'),
        },
      });
    };
    const issue = async (algorithm: 'RSA' | 'SM2') => {
      const issued = await call<CommunicationCertIssued>(
        server.base,
        'POST',
        PATHS.communicationCertApply,
        {
          token: adminToken,
          body: { algorithm, accessPartyId: party.id, password },
        },
      );
      expect(issued.status, issued.body.msg).toBe(200);
      const file = join(directory, `${algorithm}.p12`);
      writeFileSync(file, Buffer.from(issued.body.data.pkcs12, 'base64'));
      const { stdout } = await run('openssl', [
        'pkcs12',
        '-in',
        file,
        '-nocerts',
        '-nodes',
        '-passin',
        `pass:${password}`,
      ]);
      return {
        certificate: issued.body.data.certificate,
        keyPem: stdout.slice(stdout.indexOf('-----BEGIN')),
      };
    };
    try {
      const rsa = await issue('RSA');
      const rsaSign = (text: Buffer) => sign('sha256', text, createPrivateKey(rsa.keyPem));
      expect((await certificateFetch(rsa.certificate.serialNumber, rsaSign)).status).toBe(200);

      const sm2 = await issue('SM2');
      // The SM2 key's 32 private bytes, from its SEC 1 form as openssl writes it (Node aborts
      // exporting an SM2 key).
      const keyFile = join(directory, 'sm2.key');
      writeFileSync(keyFile, sm2.keyPem);
      const sec1 = await run('openssl', ['ec', '-in', keyFile, '-outform', 'DER'], {
        encoding: 'buffer',
      });
      const privateKey = sec1.stdout.subarray(7, 39).toString('hex');
      const keys = { privateKey, publicKey: sm2PublicKeyOf(privateKey) };
      expect(
        (await certificateFetch(sm2.certificate.serialNumber, (text) => sm2Sign(text, keys)))
          .status,
      ).toBe(200);

      // Signed by the RSA key but naming the SM2 certificate: refused.
      expect((await certificateFetch(sm2.certificate.serialNumber, rsaSign)).status).toBe(401);
      const unknown = await envelope(await certificateFetch('0123456789ABCDEF', rsaSign));
      expect([unknown.status, unknown.msg]).toEqual([
        401,
        'No valid communication certificate of this access party has this serial number',
      ]);
      const revoked = await call(server.base, 'POST', PATHS.communicationCertRevoke, {
        token: adminToken,
        body: { id: rsa.certificate.id, reason: 'keyCompromise' },
      });
      expect(revoked.status, revoked.body.msg).toBe(200);
      expect((await certificateFetch(rsa.certificate.serialNumber, rsaSign)).status).toBe(401);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('counts its rate limits in the database, so that they hold across server processes', async () => {
    const path = `${api(PATHS.openContracts)}?changedSince=2026-01-01T00:00:00Z`;
    // 599 calls counted in the minute's window (the tests' own calls forgotten), as if made
    // moments ago by other processes.
    await server.database.query('DELETE FROM rate_events WHERE bucket LIKE $1', [
      `open-api:${party.id}:%`,
    ]);
    await server.database.query(
      `INSERT INTO rate_events (bucket) SELECT $1 FROM generate_series(1, 599)`,
      [`open-api:${party.id}:60`],
    );
    const another = await server.startAnother({ clock: () => new Date(Date.now() + offset) });
    try {
      expect((await open('GET', path)).status).toBe(200);
      const refused = await signedFetch(another.base, credentials(), 'GET', path);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await envelope(refused)).msg).toBe(
        'Too many requests from this access party: try again shortly',
      );
    } finally {
      await another.close();
      await server.database.query('DELETE FROM rate_events WHERE bucket LIKE $1', [
        `open-api:${party.id}:%`,
      ]);
    }
  });

  it('keeps a record of every call the party made, which its company reads and no other', async () => {
    const read = (token: string, query: Record<string, string>) =>
      call<Page<OpenApiCall>>(
        server.base,
        'GET',
        `${PATHS.openApiCalls}?${new URLSearchParams({ id: party.id, ...query }).toString()}`,
        { token },
      );
    const all = await read(adminToken, { size: '100' });
    expect(all.status, all.body.msg).toBe(200);
    const calls = all.body.data.records;
    expect(all.body.data.total).toBeGreaterThan(10);
    expect(calls.some((entry) => entry.status === 404)).toBe(true);
    expect(
      calls.some(
        (entry) =>
          entry.method === 'POST' &&
          entry.status === 200 &&
          entry.path === '/api/open/v1/contracts',
      ),
    ).toBe(true);
    expect(
      calls.find((entry) => entry.path.endsWith('/signing-links') && entry.status === 200)
        ?.contractId,
    ).toMatch(/^\d+$/);
    // Newest first.
    expect(calls.map((entry) => Number(entry.id))).toEqual(
      [...calls].map((entry) => Number(entry.id)).sort((a, b) => b - a),
    );
    const failed = await read(adminToken, { failed: 'true', size: '100' });
    expect(failed.body.data.records.every((entry) => entry.status >= 400)).toBe(true);
    expect(failed.body.data.total).toBeLessThan(all.body.data.total);
    const rival = await read(
      (await loginInto(server.base, OTHER_ADMIN, otherCompany)).access_token,
      {},
    );
    expect(rival.status).toBe(404);
  });
});
