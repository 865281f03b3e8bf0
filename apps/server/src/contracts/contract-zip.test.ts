import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ContractPdfLink, ContractZipLink } from '@esign/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { DEMO_PASSWORD } from '../seed';
import { verifyContractPdf } from '../signing';
import { addUser } from '../test-support/companies';
import { BACKENDS, login, requestToken, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  sendForSigning,
  signAs,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { templateClient, type TemplateClient } from '../test-support/templates';

const STRANGER_PHONE = '13900003101';
const ELSEWHERE = '000031';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every entry of a ZIP with its bytes, read back by yauzl (which checks each CRC-32). */
async function unzip(zip: Uint8Array): Promise<Map<string, Uint8Array>> {
  const archive = await promisify<Buffer, { lazyEntries: true }, ZipFile>(fromBuffer)(
    Buffer.from(zip),
    { lazyEntries: true },
  );
  const files = new Map<string, Uint8Array>();
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: Entry) => {
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, new Uint8Array(Buffer.concat(chunks)));
          archive.readEntry();
        });
      });
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}

describe.each(BACKENDS)('downloading contracts on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  let personZh: TemplateClient;
  let stranger: TemplateClient;
  let elsewhere: TemplateClient;
  let signedId: number;
  let unsignedId: number;
  let workDir: string;

  const fetchLink = async (link: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.base}${link}`, init);
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  const refusal = (bytes: Uint8Array) =>
    (JSON.parse(Buffer.from(bytes).toString('utf8')) as { msg: string }).msg;
  const downloads = async (id: number) => {
    const [row] = await server.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_entries WHERE contract_id = $1 AND action = 'download'",
      [id],
    );
    return row!.n;
  };

  beforeAll(async () => {
    cast = await signingCast(server);
    personZh = templateClient(
      server.base,
      (await login(server.base, PERSON_PHONE)).access_token,
      'zh',
    );
    ({ id: signedId } = await sendForSigning(server, cast, { name: 'Sale of a car' }));
    ({ id: unsignedId } = await sendForSigning(server, cast, { name: 'Lease of a flat' }));
    expect((await signAs(server, cast.admin, ADMIN_PHONE, signedId)).status).toBe(200);
    expect((await signAs(server, cast.person, PERSON_PHONE, signedId)).body.data.status).toBe(
      'completed',
    );
    await addUser(server.database, { phone: STRANGER_PHONE });
    stranger = templateClient(server.base, (await login(server.base, STRANGER_PHONE)).access_token);
    await addUser(server.database, { phone: PERSON_PHONE, tenantId: ELSEWHERE });
    const token = await requestToken(server.base, {
      grant_type: 'password',
      tenant_id: ELSEWHERE,
      username: PERSON_PHONE,
      password: DEMO_PASSWORD,
    });
    elsewhere = templateClient(
      server.base,
      ((await token.json()) as { access_token: string }).access_token,
    );
    workDir = await mkdtemp(path.join(tmpdir(), 'contract-zip-'));
  });

  afterAll(() => rm(workDir, { recursive: true, force: true }));
  afterEach(() => vi.useRealTimers());

  it('serves a download link once; a HEAD request does not spend it; used again, it says so', async () => {
    const link = await cast.person.get<ContractPdfLink>('contractDownloadTicket', {
      id: signedId,
    });
    expect(link.status).toBe(200);
    const head = await fetch(`${server.base}${link.body.data.link}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const first = await fetchLink(link.body.data.link);
    expect(first.response.status).toBe(200);
    expect(sha256(first.bytes)).toBe(link.body.data.sha256);

    const again = await fetchLink(link.body.data.link);
    expect(again.response.status).toBe(410);
    expect(refusal(again.bytes)).toBe(
      'This download link has already been used; please download again from the contract',
    );
    const againZh = await fetchLink(link.body.data.link, { headers: { Lang: 'zh' } });
    expect(refusal(againZh.bytes)).toBe('该下载链接已使用过，请在合同中重新下载');

    // A view link is not a download: pdf.js reads it as often as it needs until it expires.
    const view = await cast.person.get<ContractPdfLink>('contractLink', { id: signedId });
    for (let i = 0; i < 2; i++) {
      expect((await fetchLink(view.body.data.link)).response.status).toBe(200);
    }
  });

  it('refuses an expired download link in the user’s language', async () => {
    const link = await personZh.get<ContractPdfLink>('contractDownloadTicket', { id: signedId });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    const late = await fetchLink(link.body.data.link, { headers: { Lang: 'zh' } });
    expect(late.response.status).toBe(410);
    expect(refusal(late.bytes)).toBe('下载链接已过期，请在合同中重新下载');
  });

  it('keeps getDownloadTicket to one contract', async () => {
    const several = await cast.person.get('contractDownloadTicket', {
      id: `${signedId},${unsignedId}`,
    });
    expect(several.status).toBe(400);
    expect(several.body.msg).toBe('id: Only one contract can be downloaded at a time');
  });

  it('streams several contracts as one ZIP holding each PDF as it stands, once', async () => {
    const before = [await downloads(signedId), await downloads(unsignedId)];
    const ticket = await cast.person.post<ContractZipLink>('contractZipTicket', {
      ids: [signedId, unsignedId, signedId],
    });
    expect(ticket.status, ticket.body.msg).toBe(200);
    const { link, contracts, fileName } = ticket.body.data;
    expect(fileName).toMatch(/^contracts-\d{8}-\d{6}\.zip$/);
    expect(contracts.map((c) => c.id)).toEqual([signedId, unsignedId]);
    expect([await downloads(signedId), await downloads(unsignedId)]).toEqual(
      before.map((n) => n + 1),
    );

    const zip = await fetchLink(link);
    expect(zip.response.status).toBe(200);
    expect(zip.response.headers.get('content-type')).toBe('application/zip');
    expect(zip.response.headers.get('content-disposition')).toContain(fileName);
    // Streamed: the length is not known before the last PDF has gone through.
    expect(zip.response.headers.get('content-length')).toBeNull();

    // unzip itself lists and tests it (CRCs), as a person's archive tool would.
    const file = path.join(workDir, fileName);
    await writeFile(file, zip.bytes);
    const { stdout: listing } = await promisify(execFile)('unzip', ['-l', file]);
    for (const { fileName: name } of contracts) expect(listing).toContain(name);
    const { stdout: tested } = await promisify(execFile)('unzip', ['-t', file]);
    expect(tested).toContain('No errors detected');

    const files = await unzip(zip.bytes);
    expect([...files.keys()]).toEqual(contracts.map((c) => c.fileName));
    const signedPdf = files.get(contracts[0]!.fileName)!;
    expect(sha256(signedPdf)).toBe(contracts[0]!.sha256);
    const signatures = await verifyContractPdf(server.database, signedPdf);
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.valid && s.trusted)).toBe(true);
    const unsignedPdf = files.get(contracts[1]!.fileName)!;
    expect(Buffer.from(unsignedPdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const again = await fetchLink(link);
    expect(again.response.status).toBe(410);
    expect(refusal(again.bytes)).toBe(
      'This download link has already been used; please download again from the contract',
    );
  });

  it('refuses an expired ZIP link, and a forged one names nothing', async () => {
    const ticket = await personZh.post<ContractZipLink>('contractZipTicket', { ids: [signedId] });
    expect(ticket.status).toBe(200);
    await server.database.query(
      "UPDATE contract_zip_tickets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL",
    );
    const late = await fetchLink(ticket.body.data.link, { headers: { Lang: 'zh' } });
    expect(late.response.status).toBe(410);
    expect(refusal(late.bytes)).toBe('下载链接已过期，请在合同中重新下载');
    const forged = ticket.body.data.link.replace(/ticket=[0-9a-f]/, (t) =>
      t.endsWith('0') ? 'ticket=1' : 'ticket=0',
    );
    expect((await fetchLink(forged)).response.status).toBe(404);
  });

  it('refuses a selection holding a contract the user may not read, and records nothing', async () => {
    const before = [await downloads(signedId), await downloads(unsignedId)];
    for (const outsider of [stranger, elsewhere]) {
      const refused = await outsider.post('contractZipTicket', { ids: [signedId] });
      expect(refused.status).toBe(404);
    }
    const mixed = await stranger.post('contractZipTicket', { ids: [unsignedId, signedId] });
    expect(mixed.status).toBe(404);
    expect([await downloads(signedId), await downloads(unsignedId)]).toEqual(before);

    const empty = await cast.person.post('contractZipTicket', { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('ids: Select the contracts to download');
    const tooMany = await personZh.post('contractZipTicket', {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('ids: 一次最多下载100份合同');
  });
});
