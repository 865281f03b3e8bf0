import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  sealDay,
  type CompanySeal,
  type Page,
  type PersonalSeal,
  type SealAuthorization,
  PATHS,
  type ContractActed,
  type ContractDetail,
  type ContractPdfLink,
  type ContractSeal,
  type ContractSignatures,
  type FaceCheckResult,
  type FaceCheckStarted,
  type SignTicket,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  extractText,
  inkBounds,
  qpdfCheck,
  rasterise,
  redInk,
} from '../../../../packages/template-editor/src/test-support/pdf';
import { verifyAuditChain } from '../audit/audit-trail';
import { DEMO_COMPANY, DEMO_PASSWORD } from '../seed';
import { verifyContractPdf } from '../signing';
import { outboxCode, wrongCode } from '../test-support/account';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { BACKENDS, login, requestToken, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  forgetSmsLimits,
  sealFor,
  sendForSigning,
  signAs,
  signTicketFor,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { templateClient, type TemplateClient } from '../test-support/templates';
import { DEFAULT_COMPANY_SEAL_NAME } from '../seals/company';
import { partyStamps } from './sign';

const MEMBER_PHONE = '13900000501';
const STRANGER_PHONE = '13900000502';
const OTHER_ADMIN_PHONE = '13900000503';
const ELSEWHERE = '000009';
/**
 * What one signature may add besides its seal image (as signing.test.ts measures it: 13 KB, and
 * 3 KB more for the first one's /DSS entries), here an average over a contract's two.
 */
const PER_SIGNATURE = 14_500;
const PER_PAGE = 500;

/** The tables a signature writes: a refused one changes none of them. */
const TABLES = ['contract_files', 'audit_entries', 'messages'] as const;

describe.each(BACKENDS)('signing contracts on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  let admin: TemplateClient;
  let person: TemplateClient;
  let personZh: TemplateClient;
  let member: TemplateClient;
  /** The demo person's default seal and the demo company's contract seal, which the member is authorised to use. */
  let personalSealId: string;
  let companySealId: string;
  let otherCompanySealId: string;
  let memberAuthorizationId: string;
  let stranger: TemplateClient;
  let otherAdmin: TemplateClient;
  let elsewhere: TemplateClient;
  let otherCompanyId: number;

  const client = async (phone: string, lang: 'en' | 'zh' = 'en') =>
    templateClient(server.base, (await login(server.base, phone)).access_token, lang);

  const counts = async (id: number) => {
    const result: Partial<Record<(typeof TABLES)[number], number>> = {};
    for (const table of TABLES) {
      const [row] = await server.database.query<{ n: number }>(
        table === 'messages'
          ? 'SELECT count(*)::int AS n FROM messages'
          : `SELECT count(*)::int AS n FROM ${table} WHERE contract_id = $1`,
        table === 'messages' ? [] : [id],
      );
      result[table] = row!.n;
    }
    const [contract] = await server.database.query<{ status: string }>(
      'SELECT status FROM contracts WHERE id = $1',
      [id],
    );
    const signed = await server.database.query<{ party: string }>(
      'SELECT party FROM contract_participants WHERE contract_id = $1 AND signed_at IS NOT NULL',
      [id],
    );
    return { ...result, status: contract!.status, signed: signed.map((p) => p.party) };
  };

  /** The bytes behind a link of getLink or getDownloadTicket, fetched without a session. */
  const fetchLink = async (link: string) => {
    const response = await fetch(`${server.base}${link}`);
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  const latestPdf = async (c: TemplateClient, id: number) => {
    const link = await c.get<ContractPdfLink>('contractDownloadTicket', { id });
    expect(link.status).toBe(200);
    const { bytes } = await fetchLink(link.body.data.link);
    return bytes;
  };

  beforeAll(async () => {
    const { database } = server;
    cast = await signingCast(server);
    ({ admin, person } = cast);
    personZh = await client(PERSON_PHONE, 'zh');
    const memberId = await addUser(database, {
      phone: MEMBER_PHONE,
      company: { id: cast.companyId, role: 'employee' },
    });
    member = templateClient(
      server.base,
      (await loginInto(server.base, MEMBER_PHONE, cast.companyId)).access_token,
    );
    // The seals: the person's name seal and the company's contract seal, made on first sight; the
    // member is authorised to use the contract seal for every contract.
    const personal = await person.get<PersonalSeal[]>('personalSealList');
    personalSealId = personal.body.data[0]!.id;
    const companySeals = await admin.get<Page<CompanySeal>>('companySealPage');
    companySealId = companySeals.body.data.records[0]!.id;
    const today = sealDay(new Date());
    const granted = await admin.post<SealAuthorization[]>('companySealAuthorize', {
      sealId: companySealId,
      staffRange: 'specified',
      granteeIds: [memberId],
      startDate: today,
      endDate: `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`,
    });
    expect(granted.status, granted.body.msg).toBe(200);
    memberAuthorizationId = granted.body.data[0]!.id;
    await addUser(database, { phone: STRANGER_PHONE });
    stranger = await client(STRANGER_PHONE);
    otherCompanyId = await addCompany(database, { name: 'Other Trading Co.' });
    await addUser(database, {
      phone: OTHER_ADMIN_PHONE,
      company: { id: otherCompanyId, role: 'admin' },
    });
    otherAdmin = templateClient(
      server.base,
      (await loginInto(server.base, OTHER_ADMIN_PHONE, otherCompanyId)).access_token,
    );
    const theirs = await otherAdmin.get<Page<CompanySeal>>('companySealPage');
    otherCompanySealId = theirs.body.data.records[0]!.id;
    await addUser(database, { phone: PERSON_PHONE, tenantId: ELSEWHERE });
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
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('documents every signing call in /api/openapi.json', async () => {
    const openapi = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [name, method] of [
      ['contractSeals', 'get'],
      ['contractSendAuthCode', 'get'],
      ['contractValidateAuthCode', 'post'],
      ['contractFaceUrl', 'get'],
      ['contractFaceResult', 'get'],
      ['contractSign', 'post'],
      ['contractLink', 'get'],
      ['contractDownloadTicket', 'get'],
      ['contractPdf', 'get'],
      ['contractSignatures', 'get'],
    ] as const) {
      expect(openapi.paths[`/api${PATHS[name]}`]?.[method], name).toBeDefined();
    }
  });

  it('offers each party the seal its console signs with; strangers learn nothing', async () => {
    const { id } = await sendForSigning(server, cast);
    const personSeals = await person.get<ContractSeal[]>('contractSeals', { id });
    expect(personSeals.status).toBe(200);
    expect(personSeals.body.data).toEqual([
      {
        id: personalSealId,
        kind: 'personal',
        name: expect.any(String),
        party: 'B',
        imageUrl: expect.stringMatching(/^\/api\/sicpay-seal\/seal\/image\?id=[0-9a-f-]{36}$/),
        default: true,
      },
    ]);
    const companySeals = await member.get<ContractSeal[]>('contractSeals', { id });
    expect(companySeals.body.data).toEqual([
      expect.objectContaining({
        id: companySealId,
        kind: 'company',
        name: DEFAULT_COMPANY_SEAL_NAME,
        party: 'A',
        default: true,
      }),
    ]);
    const image = await fetch(`${server.base}${companySeals.body.data[0]!.imageUrl}`, {
      headers: {
        'Blade-Auth': `bearer ${(await loginInto(server.base, ADMIN_PHONE, cast.companyId)).access_token}`,
      },
    });
    expect(image.headers.get('content-type')).toBe('image/png');

    // The company's contract is not the person's to sign as B's party if named otherwise.
    expect((await person.get('contractSeals', { id, party: 'A' })).status).toBe(403);
    for (const outsider of [stranger, otherAdmin, elsewhere]) {
      const answer = await outsider.get('contractSeals', { id });
      expect(answer.status).toBe(404);
      expect(answer.body.msg).toBe('Not found');
    }
  });

  it('signs a two-party contract, person B then company A: one PDF every reader verifies', async () => {
    const { id, number, project } = await sendForSigning(server, cast);

    // Before any signature, the PDF as it stands is the filled document.
    const unsigned = await latestPdf(person, id);
    expect(await extractText(unsigned, 1)).toContain('人民币 100 元 (RMB 100)');
    expect(await verifyContractPdf(server.database, unsigned)).toEqual([]);

    const byB = await signAs(server, person, PERSON_PHONE, id);
    expect(byB.status).toBe(200);
    expect(byB.body.data).toMatchObject({ id: String(id), status: 'signing' });
    const afterB = await latestPdf(person, id);
    expect(afterB.subarray(0, unsigned.length)).toEqual(unsigned);
    // B's seal lands in B's signature field (the only red on the page until A signs).
    const [stampB] = partyStamps(project, [], 'B');
    const ink = inkBounds(await rasterise(afterB, 1, 72), redInk)!;
    expect(ink.x).toBeCloseTo(stampB!.x, -1);
    expect(ink.y).toBeCloseTo(stampB!.y, -1);

    const byA = await signAs(server, member, MEMBER_PHONE, id);
    expect(byA.status).toBe(200);
    expect(byA.body.data.status).toBe('completed');
    const signed = await latestPdf(admin, id);
    expect(signed.subarray(0, afterB.length)).toEqual(afterB);
    expect(byA.body.data.pdfSha256).toMatch(/^[0-9a-f]{64}$/);

    // pdfsig: both valid and trusted, the last covering the whole file; qpdf finds nothing.
    expect(await verifyContractPdf(server.database, signed)).toMatchObject([
      { signer: 'Demo Person', valid: true, trusted: true, coversWholeDocument: false },
      {
        signer: 'Test User',
        certificateSubject: expect.stringContaining(DEMO_COMPANY),
        valid: true,
        trusted: true,
        coversWholeDocument: true,
      },
    ]);
    for (const version of [unsigned, afterB, signed]) {
      await expect(qpdfCheck(version)).resolves.toMatch(/No syntax or stream encoding errors/);
    }
    const signatures = await admin.get<ContractSignatures>('contractSignatures', { id });
    expect(signatures.body.data).toMatchObject({
      sha256: byA.body.data.pdfSha256,
      intact: true,
      signatures: [
        { index: 1, party: 'B', signerName: 'Demo Person', valid: true },
        { index: 2, party: 'A', valid: true, coversWholeDocument: true },
      ],
    });
    expect(signatures.body.data.signatures[0]!.certificateIssuer).toContain('eSign Platform CA');
    // The time each signature claims, read right whatever the server's time zone.
    for (const signature of signatures.body.data.signatures) {
      expect(Math.abs(Date.parse(signature.signedAt!) - Date.now())).toBeLessThan(5 * 60_000);
    }

    // One changed byte of the signed content (the first page's width): both signatures say so.
    const text = Buffer.from(signed).toString('latin1');
    const tampered = signed.slice();
    tampered[text.indexOf('595.28')] = '6'.charCodeAt(0);
    expect(await verifyContractPdf(server.database, tampered)).toMatchObject([
      { valid: false, signatureStatus: 'Digest Mismatch.' },
      { valid: false, signatureStatus: 'Digest Mismatch.' },
    ]);

    // The file is the filled document, the two seal images and a few KB per signature.
    const sealBytes = await server.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM seals WHERE id = ANY($1::bigint[])',
      [[personalSealId, companySealId]],
    );
    const [personSeal, companySeal] = await Promise.all(
      sealBytes.map((row) => readFile(path.join(server.files, row.storage_key))),
    );
    const bound =
      unsigned.length + personSeal!.length + companySeal!.length + 2 * (PER_SIGNATURE + PER_PAGE);
    expect(signed.length).toBeLessThanOrEqual(bound);

    // Stored: the filled document and a version per signature, each with its party.
    const files = await server.database.query<{
      version: number;
      party: string | null;
      sha256: string;
    }>(
      'SELECT version, party, sha256 FROM contract_files WHERE contract_id = $1 ORDER BY version',
      [id],
    );
    expect(files.map((f) => [f.version, f.party])).toEqual([
      [0, null],
      [1, 'B'],
      [2, 'A'],
    ]);
    expect(files[2]!.sha256).toBe(byA.body.data.pdfSha256);

    // The trail: each signature with the new PDF's hash and its certificate; the chain holds.
    const signs = await server.database.query<{
      document_sha256: string;
      details: Record<string, unknown>;
    }>(
      "SELECT document_sha256, details FROM audit_entries WHERE contract_id = $1 AND action = 'sign' ORDER BY seq",
      [id],
    );
    expect(signs.map((s) => s.document_sha256)).toEqual([files[1]!.sha256, files[2]!.sha256]);
    expect(signs[1]!.details).toMatchObject({
      party: 'A',
      version: 2,
      confirmedBy: 'sms',
      certificateSerial: expect.stringMatching(/^[0-9a-f]+$/),
      seal: {
        id: companySealId,
        name: DEFAULT_COMPANY_SEAL_NAME,
        authorizationId: memberAuthorizationId,
      },
    });
    expect((await verifyAuditChain(server.database, id)).ok).toBe(true);

    // Everyone is told the contract is completed.
    const told = await server.database.query<{ user_id: string }>(
      "SELECT DISTINCT user_id FROM messages WHERE title LIKE 'Contract completed%' AND content LIKE $1",
      [`%${number}%`],
    );
    expect(told.map((m) => Number(m.user_id)).sort()).toEqual([cast.adminId, cast.personId].sort());

    // contract/detail's link is the signed PDF now.
    const detail = await person.get<ContractDetail<TemplateProject>>('contractDetail', { id });
    expect(detail.body.data.pdfLink).toContain(PATHS.contractPdf);
    expect((await fetchLink(detail.body.data.pdfLink!)).bytes).toEqual(signed);
  });

  it('keeps a sequential order: B waits for A, then is told it is its turn', async () => {
    const { id, number } = await sendForSigning(server, cast, { order: 'sequential' });
    const before = await counts(id);
    const early = await person.get('contractSendAuthCode', { id });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('The parties sign in order: it is not your turn yet');
    const seal = await sealFor(person, id);
    const out = await person.post('contractSign', { id, sealId: seal, ticket: 'x'.repeat(32) });
    expect(out.status).toBe(409);
    expect(await counts(id)).toEqual(before);

    expect((await signAs(server, admin, ADMIN_PHONE, id)).status).toBe(200);
    const [turn] = await server.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND title LIKE 'Your turn to sign%' AND content LIKE $2",
      [cast.personId, `%${number}%`],
    );
    expect(turn!.n).toBe(1);
    const byB = await signAs(server, person, PERSON_PHONE, id);
    expect(byB.body.data.status).toBe('completed');
    const signatures = await person.get<ContractSignatures>('contractSignatures', { id });
    expect(signatures.body.data.signatures.map((s) => s.party)).toEqual(['A', 'B']);
    expect(signatures.body.data.intact).toBe(true);
  });

  it('two sessions signing the same part at once, on two servers: one wins, the other is told, one signature', async () => {
    const { id } = await sendForSigning(server, cast);
    const [ticketAdmin, ticketMember] = [
      await signTicketFor(server, admin, ADMIN_PHONE, id),
      await signTicketFor(server, member, MEMBER_PHONE, id),
    ];
    const sealId = companySealId;
    // The member through another server process on the same database, as behind a balancer.
    const another = await server.startAnother();
    const memberThere = templateClient(
      another.base,
      (await loginInto(another.base, MEMBER_PHONE, cast.companyId)).access_token,
    );
    const answers = await Promise.all([
      admin.post<ContractActed>('contractSign', { id, sealId, ticket: ticketAdmin }),
      memberThere.post<ContractActed>('contractSign', { id, sealId, ticket: ticketMember }),
    ]).finally(() => another.close());
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.msg).toBe(
      'This part was signed a moment ago in another window; the contract holds that signature',
    );
    const pdf = await latestPdf(admin, id);
    expect(await verifyContractPdf(server.database, pdf)).toHaveLength(1);
    expect((await counts(id)).contract_files).toBe(2);
  });

  it('two parties signing at the same moment: each signature is made on the version before it', async () => {
    // Each signature's PDF work is drafted before its transaction, on the version then latest; the
    // later transaction finds another version and signs again on it, never storing a draft that
    // would drop the other party's signature.
    const { id } = await sendForSigning(server, cast);
    const [ticketAdmin, ticketPerson] = [
      await signTicketFor(server, admin, ADMIN_PHONE, id),
      await signTicketFor(server, person, PERSON_PHONE, id),
    ];
    const answers = await Promise.all([
      admin.post<ContractActed>('contractSign', { id, sealId: companySealId, ticket: ticketAdmin }),
      person.post<ContractActed>('contractSign', {
        id,
        sealId: personalSealId,
        ticket: ticketPerson,
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.status).sort()).toEqual(['completed', 'signing']);
    const pdf = await latestPdf(admin, id);
    const signatures = await verifyContractPdf(server.database, pdf);
    expect(signatures.map((s) => s.valid && s.trusted)).toEqual([true, true]);
    const files = await server.database.query<{ version: number; sha256: string }>(
      'SELECT version, sha256 FROM contract_files WHERE contract_id = $1 ORDER BY version',
      [id],
    );
    expect(files.map((f) => f.version)).toEqual([0, 1, 2]);
  });

  it('refuses a forged seal, another company’s seal and bad tickets, changing nothing', async () => {
    const { id } = await sendForSigning(server, cast);
    const ticket = await signTicketFor(server, person, PERSON_PHONE, id);
    const before = await counts(id);
    for (const sealId of [
      '999999',
      companySealId,
      otherCompanySealId,
      `personal:${cast.personId}`,
      '1 OR 1=1',
    ]) {
      const answer = await person.post('contractSign', { id, sealId, ticket });
      expect(answer.status, sealId).toBe(403);
      expect(answer.body.msg).toBe('This seal cannot be used to sign this contract');
    }
    const sealId = personalSealId;
    const missing = await personZh.post('contractSign', { id, sealId: '', ticket });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('签署前请先选择印章');
    const noTicket = await person.post('contractSign', { id, sealId, ticket: '' });
    expect(noTicket.body.msg).toContain(
      'Confirm with a verification code or a face check before signing',
    );
    // A made-up ticket, the company's ticket used by the person, an expired one.
    const adminTicket = await signTicketFor(server, admin, ADMIN_PHONE, id);
    for (const bad of ['made-up-ticket-000000000000', adminTicket]) {
      const answer = await person.post('contractSign', { id, sealId, ticket: bad });
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe(
        'The verification has expired or was already used; please verify again',
      );
    }
    expect(await counts(id)).toEqual(before);

    // The ticket survived every refusal; it signs once, and never again.
    expect((await person.post('contractSign', { id, sealId, ticket })).status).toBe(200);
    const again = await person.post('contractSign', { id, sealId, ticket });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Your party has already signed');

    // A ticket is for one contract: another contract's is refused, and one past its time.
    const other = await sendForSigning(server, cast);
    const otherTicket = await signTicketFor(server, person, PERSON_PHONE, other.id);
    const forOther = await person.post('contractSign', {
      id: other.id,
      sealId,
      ticket: adminTicket,
    });
    expect(forOther.status).toBe(403);
    await server.database.query(
      "UPDATE sign_tickets SET expires_at = now() - interval '1 second' WHERE contract_id = $1",
      [other.id],
    );
    const expired = await person.post('contractSign', {
      id: other.id,
      sealId,
      ticket: otherTicket,
    });
    expect(expired.status).toBe(403);
    expect((await counts(other.id)).signed).toEqual([]);
    // The next ticket forgets the expired ones.
    await signTicketFor(server, person, PERSON_PHONE, other.id);
    const kept = await server.database.query<{ live: boolean }>(
      'SELECT expires_at > now() AS live FROM sign_tickets WHERE contract_id = $1 AND user_id = $2',
      [other.id, cast.personId],
    );
    expect(kept.map((row) => row.live)).toEqual([true]);
  });

  it('a ticket serves its purpose only: an unused signing ticket never agrees to rescind', async () => {
    const { id } = await sendForSigning(server, cast);
    const spare = await signTicketFor(server, person, PERSON_PHONE, id);
    expect((await signAs(server, person, PERSON_PHONE, id)).status).toBe(200);
    expect((await signAs(server, admin, ADMIN_PHONE, id)).body.data.status).toBe('completed');
    const rescind = await person.post('contractRescind', {
      id,
      reason: 'We agree to end it',
      ticket: spare,
    });
    expect(rescind.status).toBe(409);
    expect(rescind.body.msg).toBe(
      'The verification has expired or was already used; please verify again',
    );
    // A ticket earned for rescinding does.
    const forRescind = await signTicketFor(server, person, PERSON_PHONE, id, 'rescind');
    const agreed = await person.post('contractRescind', {
      id,
      reason: 'We agree to end it',
      ticket: forRescind,
    });
    expect(agreed.status).toBe(200);
  });

  it('checks SMS codes: wrong, expired, and only the signer’s own phone gets one', async () => {
    const { id } = await sendForSigning(server, cast);
    await forgetSmsLimits(server);
    const sent = await person.get<{ phone: string; resendAfterSeconds: number }>(
      'contractSendAuthCode',
      { id },
    );
    expect(sent.body.data).toEqual({ phone: '138****0001', resendAfterSeconds: 60 });
    const again = await person.get('contractSendAuthCode', { id });
    expect(again.status).toBe(429);
    const code = await outboxCode(server.base, PERSON_PHONE);
    const wrong = await person.post('contractValidateAuthCode', { id, code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Your verification code information is inconsistent');
    const badForm = await person.post('contractValidateAuthCode', { id, code: '12' });
    expect(badForm.status).toBe(400);
    await server.database.query(
      "UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone = $1 AND purpose = 'sign'",
      [PERSON_PHONE],
    );
    const expired = await person.post('contractValidateAuthCode', { id, code });
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('The verification code has expired; please get a new one');

    // Nobody outside the contract gets a code for it, nor a ticket.
    await forgetSmsLimits(server);
    const outbox = await server.database.query('SELECT 1 FROM sms_outbox');
    for (const outsider of [stranger, otherAdmin, elsewhere]) {
      expect((await outsider.get('contractSendAuthCode', { id })).status).toBe(404);
      expect((await outsider.post('contractValidateAuthCode', { id, code })).status).toBe(404);
      expect((await outsider.get('contractFaceUrl', { id })).status).toBe(404);
      const signing = await outsider.post('contractSign', {
        id,
        sealId: personalSealId,
        ticket: 'made-up-ticket-000000000000',
      });
      expect(signing.status).toBe(404);
      expect(signing.body.msg).toBe('Not found');
    }
    expect(await server.database.query('SELECT 1 FROM sms_outbox')).toHaveLength(outbox.length);
    await person.get('contractSendAuthCode', { id });
    const fresh = await outboxCode(server.base, PERSON_PHONE);
    const valid = await person.post<SignTicket>('contractValidateAuthCode', { id, code: fresh });
    expect(valid.status).toBe(200);
    // A code is spent once.
    const reused = await person.post('contractValidateAuthCode', { id, code: fresh });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('The verification code has expired; please get a new one');
    expect(Date.parse(valid.body.data.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const [stored] = await server.database.query<{ ticket_hash: string }>(
      'SELECT ticket_hash FROM sign_tickets WHERE contract_id = $1 AND user_id = $2',
      [id, cast.personId],
    );
    expect(stored!.ticket_hash).not.toContain(valid.body.data.ticket);
  });

  it('refuses at create a value too long for its box, so that no contract is left unsignable', async () => {
    const before = await server.database.query('SELECT id FROM contracts');
    const refused = await sendForSigning(server, cast, {
      price: '人民币一百元整 '.repeat(250),
    }).catch((error: Error) => error.message);
    expect(refused).toBe(
      'contract/create failed: The contract’s PDF could not be written: A value is too long for its field even at the smallest font size. (Price)',
    );
    expect(await server.database.query('SELECT id FROM contracts')).toEqual(before);
  });

  it('refuses a signature whose PDF cannot be written, saying why in the user’s language', async () => {
    // A price far too long for its box, even at the smallest font size, in a contract stored
    // before create and write refused such values.
    const { id } = await sendForSigning(server, cast);
    const [row] = await server.database.query<{ project: TemplateProject }>(
      'SELECT project FROM contracts WHERE id = $1',
      [id],
    );
    const project = row!.project;
    project.pages[0]!.elements.find((e) => e.title === 'Price')!.value = '人民币一百元整 '.repeat(
      250,
    );
    await server.database.query('UPDATE contracts SET project = $2::jsonb WHERE id = $1', [
      id,
      JSON.stringify(project),
    ]);
    const ticket = await signTicketFor(server, person, PERSON_PHONE, id);
    const before = await counts(id);
    const answer = await personZh.post('contractSign', {
      id,
      sealId: personalSealId,
      ticket,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.msg).toBe(
      '合同 PDF 无法生成：填写的内容过长，即使使用最小字号也无法放入字段。 (Price)',
    );
    expect(answer.body.msg).not.toMatch(/at |Error/);
    expect(await counts(id)).toEqual(before);
    // Viewing it says the same, rather than failing on the server.
    const view = await person.get('contractLink', { id });
    expect(view.status).toBe(422);
    expect(view.body.msg).toMatch(/^The contract’s PDF could not be written: A value is too long/);

    // A contract whose document went missing is never signed on blank pages.
    const gone = await sendForSigning(server, cast);
    await server.database.query(
      `UPDATE documents SET status = 'converting'
       WHERE id = (SELECT document_id FROM contracts WHERE id = $1)`,
      [gone.id],
    );
    const goneTicket = await signTicketFor(server, person, PERSON_PHONE, gone.id);
    const lost = await person.post('contractSign', {
      id: gone.id,
      sealId: personalSealId,
      ticket: goneTicket,
    });
    expect(lost.status).toBe(422);
    expect((await counts(gone.id)).contract_files).toBe(0);
  });

  it('refuses a signature once the deadline passed, before the deadline job expires the contract', async () => {
    const { id } = await sendForSigning(server, cast);
    const ticket = await signTicketFor(server, person, PERSON_PHONE, id);
    await server.database.query(
      "UPDATE contracts SET signing_started_at = now() - interval '2 days', signing_deadline = now() - interval '1 second' WHERE id = $1",
      [id],
    );
    const before = await counts(id);
    const late = await person.post('contractSign', {
      id,
      sealId: personalSealId,
      ticket,
    });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(
      'This contract can no longer be filled in or signed: its signing deadline has passed',
    );
    expect((await person.get('contractSendAuthCode', { id })).status).toBe(409);
    // The deadline job may expire it meanwhile (its own entry and messages): no signature, though.
    const after = await counts(id);
    expect([after.contract_files, after.signed]).toEqual([before.contract_files, before.signed]);
  });

  it('refuses signing a withdrawn, an expired or a refused contract with the table’s reason', async () => {
    for (const [status, text] of [
      ['withdrawn', 'This contract can no longer be filled in or signed: it was withdrawn'],
      [
        'expired',
        'This contract can no longer be filled in or signed: its signing deadline has passed',
      ],
      ['refused', 'This contract can no longer be filled in or signed: a party refused it'],
    ] as const) {
      const { id } = await sendForSigning(server, cast);
      const ticket = await signTicketFor(server, person, PERSON_PHONE, id);
      await server.database.query('UPDATE contracts SET status = $2 WHERE id = $1', [id, status]);
      const before = await counts(id);
      const answer = await person.post('contractSign', {
        id,
        sealId: personalSealId,
        ticket,
      });
      expect(answer.status, status).toBe(409);
      expect(answer.body.msg).toBe(text);
      expect((await person.get('contractSendAuthCode', { id })).status).toBe(409);
      expect(await counts(id)).toEqual(before);
    }
  });

  it('serves the PDF by short-lived links, views audited once in 10 minutes, downloads each time', async () => {
    const { id, number } = await sendForSigning(server, cast, { name: '汽车买卖合同' });
    const auditCount = async (action: string) => {
      const [row] = await server.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM audit_entries WHERE contract_id = $1 AND action = $2',
        [id, action],
      );
      return row!.n;
    };
    const view = await person.get<ContractPdfLink>('contractLink', { id });
    expect(view.status).toBe(200);
    expect(view.body.data.fileName).toBe(`汽车买卖合同 ${number}.pdf`);
    await person.get('contractLink', { id });
    await admin.get('contractLink', { id });
    expect(await auditCount('view')).toBe(2);
    const shown = await fetchLink(view.body.data.link);
    expect(shown.response.status).toBe(200);
    expect(shown.response.headers.get('content-type')).toBe('application/pdf');
    expect(shown.response.headers.get('content-disposition')).toMatch(/^inline;/);

    // Two links asked for in the same second are two links, each usable once.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const download = await person.get<ContractPdfLink>('contractDownloadTicket', { id });
    const again = await person.get<ContractPdfLink>('contractDownloadTicket', { id });
    vi.useRealTimers();
    expect(again.body.data.link).not.toBe(download.body.data.link);
    const several = await person.get('contractDownloadTicket', { id: `${id},${id}` });
    expect(several.status).toBe(400);
    expect(several.body.msg).toBe('id: Only one contract can be downloaded at a time');
    expect(await auditCount('download')).toBe(2);
    const saved = await fetchLink(download.body.data.link);
    expect(saved.response.headers.get('content-disposition')).toMatch(/^attachment;.*UTF-8''/);
    expect(Buffer.from(await crypto.subtle.digest('SHA-256', saved.bytes)).toString('hex')).toBe(
      download.body.data.sha256,
    );
    expect((await fetchLink(again.body.data.link)).response.status).toBe(200);
    expect((await fetchLink(download.body.data.link)).response.status).toBe(410);

    // A forged ticket names nothing; an old one has expired.
    const forged = download.body.data.link.replace(/[0-9a-f](?=[0-9a-f]{3}$)/, (d) =>
      d === '0' ? '1' : '0',
    );
    expect((await fetchLink(forged)).response.status).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    const late = await fetch(`${server.base}/api${download.body.data.link.slice(4)}`);
    expect(late.status).toBe(410);
    expect(((await late.json()) as { msg: string }).msg).toBe(
      'This download link has expired; please download again from the contract',
    );
    vi.useRealTimers();

    // Outsiders get no link and leave no trace.
    for (const outsider of [stranger, otherAdmin, elsewhere]) {
      for (const name of [
        'contractLink',
        'contractDownloadTicket',
        'contractSignatures',
      ] as const) {
        expect((await outsider.get(name, { id })).status).toBe(404);
      }
    }
    expect(await auditCount('view')).toBe(2);
    expect(await auditCount('download')).toBe(2);
    const unsigned = await person.get<ContractSignatures>('contractSignatures', { id });
    expect(unsigned.body.data).toMatchObject({ signatures: [], intact: false });
  });

  it('lets a copy recipient read the PDF and its signatures, never sign, and tells it of completion', async () => {
    const { id, number } = await sendForSigning(server, cast, { receivers: [STRANGER_PHONE] });
    expect((await stranger.get('contractLink', { id })).status).toBe(200);
    expect((await stranger.get('contractSeals', { id })).status).toBe(404);
    expect((await stranger.get('contractSendAuthCode', { id })).status).toBe(404);
    expect((await signAs(server, person, PERSON_PHONE, id)).status).toBe(200);
    expect((await signAs(server, admin, ADMIN_PHONE, id)).body.data.status).toBe('completed');
    const signatures = await stranger.get<ContractSignatures>('contractSignatures', { id });
    expect(signatures.body.data.intact).toBe(true);
    const [told] = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages m JOIN users u ON u.id = m.user_id
       WHERE u.phone = $1 AND m.title LIKE 'Contract completed%' AND m.content LIKE $2`,
      [STRANGER_PHONE, `%${number}%`],
    );
    expect(told!.n).toBe(1);
  });

  it('confirms by a face check through the development provider, which says it is one', async () => {
    const { id } = await sendForSigning(server, cast);
    const started = await person.get<FaceCheckStarted>('contractFaceUrl', { id });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ development: true });
    expect(started.body.data.url).toMatch(/^\/api\/dev\/face\?reference=/);
    const result = () =>
      person.get<FaceCheckResult>('contractFaceResult', {
        id,
        faceToken: started.body.data.faceToken,
      });
    expect((await result()).body.data).toEqual({ state: 'pending' });
    const page = await fetch(`${server.base}${started.body.data.url}`);
    expect(await page.text()).toContain('no face is checked');
    // Another user cannot use the token.
    expect(
      (await stranger.get('contractFaceResult', { id, faceToken: started.body.data.faceToken }))
        .status,
    ).toBe(404);

    const reference = new URL(started.body.data.url, server.base).searchParams.get('reference')!;
    const answered = await fetch(`${server.base}/api${PATHS.devFaceCheck}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reference, outcome: 'passed' }).toString(),
    });
    expect(answered.status).toBe(200);
    const passed = await result();
    expect(passed.body.data).toMatchObject({ state: 'passed', ticket: expect.any(String) });
    // The ticket is given once.
    expect((await result()).status).toBe(409);
    const ticket = (passed.body.data as SignTicket).ticket;
    const signed = await person.post<ContractActed>('contractSign', {
      id,
      sealId: personalSealId,
      ticket,
    });
    expect(signed.status).toBe(200);
    // The trail says the signer confirmed with their face, not a code.
    const [entry] = await server.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_entries WHERE contract_id = $1 AND action = 'sign'",
      [id],
    );
    expect(entry!.details).toMatchObject({ party: 'B', confirmedBy: 'face' });
    expect((await verifyAuditChain(server.database, id)).ok).toBe(true);

    // A failed check gives no ticket.
    const next = await sendForSigning(server, cast);
    const failing = await person.get<FaceCheckStarted>('contractFaceUrl', { id: next.id });
    const failingReference = new URL(failing.body.data.url, server.base).searchParams.get(
      'reference',
    )!;
    await fetch(`${server.base}/api${PATHS.devFaceCheck}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reference: failingReference, outcome: 'failed' }).toString(),
    });
    const failed = await person.get<FaceCheckResult>('contractFaceResult', {
      id: next.id,
      faceToken: failing.body.data.faceToken,
    });
    expect(failed.body.data).toEqual({ state: 'failed' });
  });

  it('in production without a face provider: no development page, face checks refused', async () => {
    const production = await server.startAnother({ development: false });
    try {
      const { id } = await sendForSigning(server, cast);
      const prodPerson = templateClient(
        production.base,
        (await login(production.base, PERSON_PHONE)).access_token,
      );
      const answer = await prodPerson.get('contractFaceUrl', { id });
      expect(answer.status).toBe(409);
      expect(answer.body.msg).toBe(
        'Face checks are not available here; please confirm with a verification code',
      );
      const page = await fetch(
        `${production.base}/api${PATHS.devFaceCheck}?reference=${'a'.repeat(24)}`,
      );
      expect(page.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
