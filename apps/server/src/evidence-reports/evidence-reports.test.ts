/**
 * Evidence reports on both databases: applying (one contract, every party signed, the console's
 * evidence copy), the job that issues at once in tests, the list and detail, the single-use
 * download, the public summary — and an independent check of an issued report with tools that
 * share no code with the platform: `sha256sum`'s job done by node:crypto on the files as
 * downloaded and as stored, poppler's `pdfsig` (with the CA the platform publishes), `pdfdetach`
 * for the attached canonical JSON of the trail, and `pdftotext` for the Chinese names.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  PATHS,
  evidenceReportDueAt,
  type ContractActed,
  type ContractCreated,
  type ContractPdfLink,
  type ContractSeal,
  type EvidenceReport,
  type EvidenceReportSummary,
  type Page,
  type SignTicket,
} from '@esign/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../seed';
import { outboxCode, withQuery } from '../test-support/account';
import { addUser, loginInto } from '../test-support/companies';
import { addDocument } from '../test-support/ready-documents';
import { BACKENDS, call, login, useTestServer, type SuiteServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  forgetSmsLimits,
  signingCast,
  signingProject,
  type SigningCast,
} from '../test-support/signing';
import { until } from '../test-support/until';

const run = promisify(execFile);
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) EvidenceTest/1.0';
const A4 = { width: 595.28, height: 841.89 };
const STRANGER = '13900000611';

/** A client of one session that names its device (User-Agent) on every call. */
function clientOf(base: string, token: string, device = 'node-test') {
  const headers = { 'User-Agent': device };
  return {
    get: <T>(apiPath: string, query: Record<string, string | number> = {}) =>
      call<T>(
        base,
        'GET',
        withQuery(
          apiPath,
          Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        ),
        { token, headers },
      ),
    post: <T>(apiPath: string, body?: unknown, lang = 'en') =>
      call<T>(base, 'POST', apiPath, {
        token,
        headers: { ...headers, Lang: lang },
        ...(body === undefined ? {} : { body }),
      }),
  };
}
type Client = ReturnType<typeof clientOf>;

/** Signs contract `id` as the session of `client` (an SMS code from the outbox, its seal). */
async function sign(server: SuiteServer, client: Client, phone: string, id: number) {
  await forgetSmsLimits(server);
  expect((await client.get(PATHS.contractSendAuthCode, { id, purpose: 'sign' })).status).toBe(200);
  const code = await outboxCode(server.base, phone);
  const ticket = await client.post<SignTicket>(PATHS.contractValidateAuthCode, {
    id,
    code,
    purpose: 'sign',
  });
  expect(ticket.status, ticket.body.msg).toBe(200);
  const seals = await client.get<ContractSeal[]>(PATHS.contractSeals, { id });
  const signed = await client.post<ContractActed>(PATHS.contractSign, {
    id,
    sealId: seals.body.data[0]!.id,
    ticket: ticket.body.data.ticket,
  });
  expect(signed.status, signed.body.msg).toBe(200);
  return signed.body.data;
}

describe.each(BACKENDS)('evidence reports on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  let admin: Client & { token: string };
  let person: Client & { token: string };
  let stranger: Client;
  let work: string;

  /** A contract of the demo company (A, its administrator 王芳) and the demo person (B, 李雷). */
  async function contract({ complete = true } = {}): Promise<{ id: number; number: string }> {
    const documentId = await addDocument(server.database, server.files, {
      userId: cast.adminId,
      companyId: cast.companyId,
      pages: [A4],
    });
    const project = signingProject();
    const price = project.pages[0]!.elements.find((e) => e.title === 'Price')!.uuid;
    const created = await admin.post<ContractCreated>(PATHS.contractCreate, {
      name: '汽车买卖合同 Car sale',
      signingOrder: 'sequential',
      participants: [
        {
          party: 'A',
          kind: 'company',
          name: '王芳',
          phone: ADMIN_PHONE,
          companyName: DEMO_COMPANY,
        },
        { party: 'B', kind: 'person', name: '李雷', phone: PERSON_PHONE },
      ],
      receivers: [],
      documentId,
      project,
      values: { [price]: '人民币 100 元' },
    });
    expect(created.status, created.body.msg).toBe(200);
    const id = Number(created.body.data.id);
    if (complete) {
      await sign(server, admin, ADMIN_PHONE, id);
      // B signs from a phone: its events in the report name that device.
      await sign(server, clientOf(server.base, person.token, PHONE_UA), PERSON_PHONE, id);
    }
    return { id, number: created.body.data.number };
  }

  const issued = async (client: Client, id: string): Promise<EvidenceReport> => {
    let report: EvidenceReport | undefined;
    await until(async () => {
      report = (await client.get<EvidenceReport>(PATHS.evidenceReportDetail, { id })).body.data;
      return report.status !== 'pending';
    }, 60_000);
    return report!;
  };

  beforeAll(async () => {
    cast = await signingCast(server);
    await server.database.query(`UPDATE users SET name = '王芳' WHERE phone = $1`, [ADMIN_PHONE]);
    await server.database.query(`UPDATE users SET name = '李雷' WHERE phone = $1`, [PERSON_PHONE]);
    // The administrator in the demo company's console; the person in the personal one.
    const a = (await loginInto(server.base, ADMIN_PHONE, cast.companyId)).access_token;
    admin = Object.assign(clientOf(server.base, a), { token: a });
    const p = (await login(server.base, PERSON_PHONE)).access_token;
    person = Object.assign(clientOf(server.base, p), { token: p });
    await addUser(server.database, { phone: STRANGER });
    stranger = clientOf(server.base, (await login(server.base, STRANGER)).access_token);
    work = await mkdtemp(path.join(tmpdir(), 'esign-evidence-'));
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('issues a signed report whose hashes, signature, chain and Chinese names check out with outside tools', async () => {
    const { id, number } = await contract();
    const applied = await admin.post<EvidenceReport>(PATHS.evidenceReportApply, {
      ids: [String(id)],
      kind: 'blockchain',
    });
    expect(applied.status, applied.body.msg).toBe(200);
    expect(applied.body.data).toMatchObject({
      status: 'pending',
      kind: 'blockchain',
      contractNumber: number,
      applicantName: '王芳',
      verifyPath: null,
    });
    expect(applied.body.data.number).toMatch(/^EV\d{14}$/);
    const report = await issued(admin, applied.body.data.id);
    expect(report.status).toBe('issued');
    expect(report.anchor).toMatchObject({ ledger: 'development', development: true });
    expect(report.anchor!.digest).toBe(report.chainHead);

    // The report's PDF, by its single-use link.
    const ticket = await admin.get<ContractPdfLink>(PATHS.evidenceReportDownloadTicket, {
      id: report.id,
    });
    expect(ticket.status, ticket.body.msg).toBe(200);
    const response = await fetch(`${server.base}${ticket.body.data.link}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(sha256(pdf)).toBe(report.sha256);
    expect(ticket.body.data.sha256).toBe(report.sha256);
    expect((await fetch(`${server.base}${ticket.body.data.link}`)).status).toBe(410);
    const reportFile = path.join(work, `report-${backend.name}.pdf`);
    await writeFile(reportFile, pdf);

    // pdfsig, the platform's CA (as the platform publishes it) trusted in a fresh NSS database.
    const ca = await fetch(`${server.base}/api${PATHS.signingAuthorityCertificate}`);
    const caFile = path.join(work, `ca-${backend.name}.pem`);
    await writeFile(caFile, Buffer.from(await ca.arrayBuffer()));
    const nss = path.join(work, `nss-${backend.name}`);
    await run('mkdir', ['-p', nss]);
    await run('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
    await run('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'esign', '-t', 'CT,C,C', '-i', caFile]);
    const { stdout: sig } = await run('pdfsig', ['-nssdir', `sql:${nss}`, reportFile]);
    expect(sig).toContain('Signature is Valid.');
    expect(sig).toContain('Certificate is Trusted.');
    expect(sig).toContain('Total document signed');
    expect(sig).toContain('eSign Evidence Reports');
    expect(sig).toContain('ETSI.CAdES.detached');

    // pdftotext: the Chinese names, the contract, the hashes, the anchor.
    const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', reportFile, '-']);
    const flat = text.replace(/\s+/g, '');
    for (const name of ['王芳', '李雷', '汽车买卖合同', '存证报告', number, report.number]) {
      expect(flat).toContain(name);
    }
    expect(flat).toContain("SMScodetothesigner'sphone短信验证码");
    expect(flat).toContain(PHONE_UA.replace(/\s+/g, ''));
    expect(flat).toContain('Developmentledger—notablockchain');
    expect(flat).toContain(report.anchor!.transactionId);

    // Every stored version, read as storage holds it, and the final one as anyone downloads it.
    const files = await server.database.query<{ version: number; storage_key: string }>(
      'SELECT version, storage_key FROM contract_files WHERE contract_id = $1 ORDER BY version',
      [id],
    );
    expect(files.map((file) => file.version)).toEqual([0, 1, 2]);
    const hashes = await Promise.all(
      files.map(async (file) => sha256(await readFile(path.join(server.files, file.storage_key)))),
    );
    for (const hash of hashes) expect(flat).toContain(hash);
    const download = await admin.get<ContractPdfLink>(PATHS.contractDownloadTicket, { id });
    const contractPdf = new Uint8Array(
      await (await fetch(`${server.base}${download.body.data.link}`)).arrayBuffer(),
    );
    expect(sha256(contractPdf)).toBe(hashes[2]);
    const [document] = await server.database.query<{ pdf_sha256: string }>(
      'SELECT pdf_sha256 FROM contracts WHERE id = $1',
      [id],
    );
    expect(flat).toContain(document!.pdf_sha256);

    // The trail: the attached canonical JSON recomputes, link by link, to the head the report states.
    const attachments = path.join(work, `attachments-${backend.name}`);
    await run('mkdir', ['-p', attachments]);
    await run('pdfdetach', ['-saveall', '-o', attachments, reportFile]);
    expect((await readdir(attachments)).sort()).toEqual([
      'audit-trail.jsonl',
      'evidence-report.json',
    ]);
    const lines = (await readFile(path.join(attachments, 'audit-trail.jsonl'), 'utf8'))
      .trimEnd()
      .split('\n');
    let previous: string | null = null;
    lines.forEach((line, index) => {
      const entry = JSON.parse(line) as { seq: number; prev_hash: string | null };
      expect(entry.seq).toBe(index + 1);
      expect(entry.prev_hash).toBe(previous);
      previous = sha256(Buffer.from(line, 'utf8'));
    });
    expect(lines.length).toBe(report.entries);
    expect(previous).toBe(report.chainHead);
    const head = /Chainhead哈希链头([0-9a-f]{64})\(#(\d+)\)/.exec(flat);
    expect(head?.[1]).toBe(previous);
    expect(Number(head?.[2])).toBe(lines.length);
    // Each signature's certificate, as the contract's PDF carries it.
    const serials = await server.database.query<{ certificate_serial: string }>(
      'SELECT certificate_serial FROM contract_files WHERE contract_id = $1 AND version > 0 ORDER BY version',
      [id],
    );
    for (const { certificate_serial } of serials) expect(flat).toContain(certificate_serial);

    // The public summary, by the link the report's QR code holds.
    const verify = new URL(report.verifyPath!, server.base);
    const summary = await call<EvidenceReportSummary>(
      server.base,
      'GET',
      `${PATHS.evidenceReportVerify}${verify.search}`,
    );
    expect(summary.status).toBe(200);
    expect(summary.body.data.versions.map((v) => v.sha256)).toEqual(hashes);
    expect(summary.body.data.versions.at(-1)!.final).toBe(true);
    expect(summary.body.data.reportSha256).toBe(report.sha256);
    expect(summary.body.data.chain).toEqual({ entries: lines.length, head: previous });
    expect(flat).toContain(verify.pathname + verify.search.replace(/&/g, '&'));
    const token = verify.searchParams.get('token')!;
    const wrong = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    const forged = await call(
      server.base,
      'GET',
      withQuery(PATHS.evidenceReportVerify, { id: report.id, token: wrong }),
    );
    expect(forged.status).toBe(404);

    // The applicant is told; the console's evidence copy is consumed.
    const [told] = await server.database.query<{ title_zh: string; business_id: string }>(
      `SELECT title_zh, business_id FROM messages WHERE title = 'Evidence report issued'`,
    );
    expect(told).toEqual({ title_zh: '出证报告已出具', business_id: String(id) });
    const [copy] = await server.database.query<{ state: string; console_key: string }>(
      `SELECT state, console_key FROM fee_consumptions WHERE report_id = $1`,
      [report.id],
    );
    expect(copy).toEqual({ state: 'consumed', console_key: `c${cast.companyId}` });
  });

  it('takes one contract: several ids, an unsigned contract, another console’s or a missing address are refused', async () => {
    const [a, b] = [await contract(), await contract()];
    const several = await admin.post(PATHS.evidenceReportApply, {
      ids: [a.id, b.id],
      kind: 'electronic',
    });
    expect(several.status).toBe(400);
    expect(several.body.msg).toBe('Only one contract is supported for certification');
    const zh = await admin.post(
      PATHS.evidenceReportApply,
      { ids: [a.id, b.id], kind: 'local' },
      'zh',
    );
    expect(zh.body.msg).toBe('一次只支持一份合同出证');

    const open = await contract({ complete: false });
    const unsigned = await admin.post(PATHS.evidenceReportApply, {
      ids: [open.id],
      kind: 'electronic',
    });
    expect(unsigned.status).toBe(409);
    expect(unsigned.body.msg).toContain('every party signed');

    const notTheirs = await stranger.post(PATHS.evidenceReportApply, {
      ids: [a.id],
      kind: 'electronic',
    });
    expect(notTheirs.status).toBe(404);
    const noAddress = await person.post(PATHS.evidenceReportApply, { ids: [a.id], kind: 'paper' });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.msg).toContain('A paper report needs the address to post it to');
    const [none] = await server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM evidence_reports WHERE contract_id = ANY($1::bigint[])',
      [[a.id, b.id, open.id]],
    );
    expect(none!.n).toBe(0);
  });

  it('lists the console’s reports with their states; another console sees none of them', async () => {
    const { id } = await contract();
    const paper = await person.post<EvidenceReport>(PATHS.evidenceReportApply, {
      ids: [id],
      kind: 'paper',
      address: { name: '李雷', phone: '13800000001', address: '上海市浦东新区世纪大道 1 号' },
    });
    expect(paper.status, paper.body.msg).toBe(200);
    expect(paper.body.data.address).toEqual({
      name: '李雷',
      phone: '13800000001',
      address: '上海市浦东新区世纪大道 1 号',
    });
    await issued(person, paper.body.data.id);
    const page = await person.get<Page<EvidenceReport>>(PATHS.evidenceReportPage, {
      contractId: id,
    });
    expect(page.body.data.records.map((r) => [r.id, r.kind, r.status])).toEqual([
      [paper.body.data.id, 'paper', 'issued'],
    ]);
    // The company's console lists its own reports only; a stranger reads none.
    const company = await admin.get<Page<EvidenceReport>>(PATHS.evidenceReportPage, {
      contractId: id,
    });
    expect(company.body.data.total).toBe(0);
    expect((await admin.get(PATHS.evidenceReportDetail, { id: paper.body.data.id })).status).toBe(
      404,
    );
    expect(
      (await stranger.get(PATHS.evidenceReportDownloadTicket, { id: paper.body.data.id })).status,
    ).toBe(404);
  });

  it('refuses with no evidence copy left and writes nothing', async () => {
    const { id } = await contract();
    const first = await person.post<EvidenceReport>(PATHS.evidenceReportApply, {
      ids: [id],
      kind: 'electronic',
    });
    expect(first.status, first.body.msg).toBe(200);
    const personKey = `u${cast.personId}`;
    await server.database.query(
      `UPDATE fee_gifts SET used = total WHERE console_key = $1 AND unit = 'evidence'`,
      [personKey],
    );
    const count = async () =>
      (
        await server.database.query<{ reports: number; jobs: number; records: number }>(
          `SELECT (SELECT count(*)::int FROM evidence_reports) AS reports,
             (SELECT count(*)::int FROM jobs WHERE kind = 'evidence-reports.issue') AS jobs,
             (SELECT count(*)::int FROM fee_consumptions WHERE unit = 'evidence') AS records`,
        )
      )[0]!;
    const before = await count();
    const refused = await person.post(PATHS.evidenceReportApply, { ids: [id], kind: 'electronic' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      'No evidence report copies remain for this account: buy a package of copies first',
    );
    const zh = await person.post(PATHS.evidenceReportApply, { ids: [id], kind: 'local' }, 'zh');
    expect(zh.body.msg).toBe('当前账户出证份数已用完，请先购买出证套餐');
    expect(await count()).toEqual(before);
    await issued(person, first.body.data.id);
    await server.database.query(
      `UPDATE fee_gifts SET used = 0 WHERE console_key = $1 AND unit = 'evidence'`,
      [personKey],
    );
  });

  it('fails a report whose stored contract no longer matches its hash, giving its copy back and telling the applicant', async () => {
    const { id } = await contract();
    const [last] = await server.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM contract_files WHERE contract_id = $1 ORDER BY version DESC LIMIT 1',
      [id],
    );
    const file = path.join(server.files, last!.storage_key);
    const original = await readFile(file);
    await writeFile(file, Buffer.concat([original, Buffer.from('%tampered\n')]));
    try {
      const applied = await person.post<EvidenceReport>(PATHS.evidenceReportApply, {
        ids: [id],
        kind: 'electronic',
      });
      expect(applied.status, applied.body.msg).toBe(200);
      const report = await issued(person, applied.body.data.id);
      expect(report).toMatchObject({ status: 'failed', sha256: null, verifyPath: null });
      const [copy] = await server.database.query<{ state: string }>(
        'SELECT state FROM fee_consumptions WHERE report_id = $1',
        [report.id],
      );
      expect(copy!.state).toBe('returned');
      const [told] = await server.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM messages
         WHERE user_id = $1 AND title = 'Evidence report could not be issued'`,
        [cast.personId],
      );
      expect(told!.n).toBe(1);
      expect((await person.get(PATHS.evidenceReportDownloadTicket, { id: report.id })).status).toBe(
        409,
      );
    } finally {
      await writeFile(file, original);
    }
  });

  it('without the immediate setting, schedules the report for the next working day’s 18:00 (China time)', async () => {
    const another = await server.startAnother({ evidenceReportsImmediate: false });
    try {
      const { id } = await contract();
      const later = clientOf(another.base, person.token);
      const applied = await later.post<EvidenceReport>(PATHS.evidenceReportApply, {
        ids: [id],
        kind: 'electronic',
      });
      expect(applied.status, applied.body.msg).toBe(200);
      const { appliedAt, dueAt } = applied.body.data;
      expect(dueAt).toBe(evidenceReportDueAt(new Date(appliedAt)).toISOString());
      const [job] = await server.database.query<{ run_at: Date | string }>(
        `SELECT run_at FROM jobs WHERE kind = 'evidence-reports.issue'
           AND (payload->>'reportId')::bigint = $1`,
        [applied.body.data.id],
      );
      expect(Math.abs(new Date(job!.run_at).getTime() - Date.parse(dueAt))).toBeLessThan(5_000);
      // Nobody waits for it in this test: its job is taken off the queue.
      await server.database.query(
        `DELETE FROM jobs WHERE kind = 'evidence-reports.issue' AND (payload->>'reportId')::bigint = $1`,
        [applied.body.data.id],
      );
    } finally {
      await another.close();
    }
  });
});
