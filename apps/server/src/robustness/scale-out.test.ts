/**
 * The platform as it scales out (README: Deployment): three built server processes, each with its
 * own DATA_DIR, on one PostgreSQL database and one S3-compatible bucket, first addressed one by
 * one, then behind nginx running deploy/nginx.conf — and one of them killed with SIGKILL while a
 * batch of signatures runs on it.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BatchSignInfo,
  type ContractCreated,
  type ContractDocument,
  type ContractPdfLink,
  type TemplateCreated,
  type TemplateDetail,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_SIGN_JOB } from '../batch-sign/batch';
import { batchCode, finished } from '../batch-sign/test-support';
import { openDatabase, type Database } from '../db';
import { DEMO_COMPANY } from '../seed';
import { verifyContractPdf } from '../signing/verify';
import { SERVER_MAIN, spawnServer, type ServerProcess } from '../test-support/built-server';
import { demoCompanyId, loginInto } from '../test-support/companies';
import { messageIds, openMessageStream } from '../test-support/event-stream';
import { NGINX, startNginx, type Nginx } from '../test-support/nginx';
import { startS3Server } from '../test-support/s3';
import { login, type SuiteServer } from '../test-support/server';
import { sealFor, signAs } from '../test-support/signing';
import {
  designedProject,
  templateClient,
  TWO_PARTIES,
  type TemplateClient,
} from '../test-support/templates';
import { uploadFile } from '../test-support/uploads';
import { until } from '../test-support/until';
import { wordDocument } from '../test-support/word-files';

const ADMIN = '13800000002';
const PERSON = '13800000001';
const url = process.env.DATABASE_URL;
const runnable = Boolean(url) && existsSync(NGINX) && existsSync(SERVER_MAIN);

/** The files under `dir`, at any depth. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe.skipIf(!runnable)('three server processes on one PostgreSQL and one bucket', () => {
  const dataDirs: string[] = [];
  const processes: ServerProcess[] = [];
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let database: Database;
  let admin: Database;
  let databaseName: string;
  let companyId: number;

  beforeAll(async () => {
    // A database of its own: the processes migrate and seed it as on a first deployment.
    admin = await openDatabase({ url: url! });
    databaseName = `esign_scale_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${databaseName}`;
    s3 = await startS3Server();
    for (let i = 0; i < 3; i += 1) {
      dataDirs.push(mkdtempSync(path.join(tmpdir(), `esign-scale-${i}-`)));
    }
    // Started together: the migrations are applied once under their advisory lock.
    processes.push(
      ...(await Promise.all(
        dataDirs.map((dataDir) =>
          spawnServer({
            dataDir,
            databaseUrl: databaseUrl.href,
            demo: true,
            env: { ...s3.env, TRUST_PROXY: '1' },
          }),
        ),
      )),
    );
    await Promise.all(processes.map((server) => server.healthy()));
    database = await openDatabase({ url: databaseUrl.href });
    companyId = await demoCompanyId(database);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.kill('SIGTERM')));
    await database?.close();
    if (databaseName) await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin?.close();
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** The calls `signAs` and `batchCode` make, against `base`, with the test's own connection. */
  const via = (base: string) => ({ base, database }) as unknown as SuiteServer;

  /** A DOCX uploaded and converted through `base`s (upload, create, poll on the next ones). */
  async function convertedDocument(token: string, bases: readonly string[]): Promise<string> {
    const [upload, create, poll] = [bases[0]!, bases[1 % bases.length]!, bases[2 % bases.length]!];
    const docx = wordDocument(['Lease of rooms', 'The lessee pays the rent on the first day.']);
    const uploaded = await uploadFile(upload, token, docx, 'lease.docx');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const created = await templateClient(create, token).post<ContractDocument>('documentCreate', {
      fileId: uploaded.body.data.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const ready = await until(
      async () => {
        const status = await templateClient(poll, token).get<ContractDocument>('documentStatus', {
          id: created.body.data.id,
        });
        expect(status.body.data.status).not.toBe('failed');
        return status.body.data.status === 'ready' ? status.body.data : null;
      },
      120_000,
      250,
    );
    expect(ready.pageCount).toBeGreaterThan(0);
    return ready.id;
  }

  /** An enabled template of A and B on `documentId`: its id and A's Address field. */
  async function enabledTemplate(clients: readonly TemplateClient[], documentId: string) {
    const at = (i: number) => clients[i % clients.length]!;
    const saved = await at(0).post<TemplateCreated>('templateSaveInfo', {
      name: `Lease ${Date.now()}`,
      description: 'A lease of rooms',
      documentId,
      participants: TWO_PARTIES,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    const detail = await at(1).get<TemplateDetail<TemplateProject>>('templateDetail', { id });
    const project = designedProject(detail.body.data.project);
    expect((await at(2).post('templateEdit', { id, project })).status).toBe(200);
    expect((await at(0).post('templateUpdateStatus', { id, status: 1 })).status).toBe(200);
    const address = project.pages[0]!.elements.find((e) => e.title === 'Address')!.uuid;
    const start = project.pages[0]!.elements.find((e) => e.title === 'Start date')!.uuid;
    return { id, address, start };
  }

  type Template = Awaited<ReturnType<typeof enabledTemplate>>;

  /** A contract from `template`: A the demo company (its administrator), B the demo person. */
  async function initiate(client: TemplateClient, template: Template, name: string) {
    const created = await client.post<ContractCreated>('contractCreate', {
      name,
      templateId: template.id,
      signingOrder: 'parallel',
      participants: [
        { party: 'A', kind: 'company', name: 'Admin', phone: ADMIN, companyName: DEMO_COMPANY },
        { party: 'B', kind: 'person', name: 'Person', phone: PERSON },
      ],
      values: { [template.address]: 'Room 1, 2 Garden Road' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return Number(created.body.data.id);
  }

  /** B fills its date, which starts signing. */
  async function fill(client: TemplateClient, template: Template, id: number) {
    const written = await client.post('contractWrite', {
      id,
      values: { [template.start]: '2027-01-01' },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
  }

  /** The contract's PDF as anyone with a download link gets it, fetched through `fetchBase`. */
  async function download(client: TemplateClient, fetchBase: string, id: number) {
    const ticket = await client.get<ContractPdfLink>('contractDownloadTicket', { id });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    const response = await fetch(`${fetchBase}${ticket.body.data.link}`);
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  let template: Template;

  it('serves one contract journey step by step on alternating processes, none keeping a file', async () => {
    const bases = processes.map((server) => server.base);
    const [one, two, three] = bases as [string, string, string];
    const adminToken = (await loginInto(one, ADMIN, companyId)).access_token;
    const personToken = (await login(two, PERSON)).access_token;
    const adminOn = bases.map((base) => templateClient(base, adminToken));
    const personOn = bases.map((base) => templateClient(base, personToken));

    // Upload on the first, convert (a job: any process's worker) and create on the second, poll on
    // the third; the template is saved, read, designed and enabled on alternating processes.
    const documentId = await convertedDocument(adminToken, [one, two, three]);
    template = await enabledTemplate([adminOn[1]!, adminOn[2]!, adminOn[0]!], documentId);
    const id = await initiate(adminOn[2]!, template, 'Lease, alternating processes');
    await fill(personOn[0]!, template, id);
    const signedA = await signAs(via(two), adminOn[1]!, ADMIN, id);
    expect(signedA.status, JSON.stringify(signedA.body)).toBe(200);
    const signedB = await signAs(via(three), personOn[2]!, PERSON, id);
    expect(signedB.status, JSON.stringify(signedB.body)).toBe(200);
    expect(signedB.body.data.status).toBe('completed');

    // Downloaded from either process, the same bytes, both signatures valid.
    const fromOne = await download(adminOn[0]!, one, id);
    const fromThree = await download(personOn[1]!, three, id);
    expect(Buffer.from(fromThree).equals(Buffer.from(fromOne))).toBe(true);
    const signatures = await verifyContractPdf(database, fromOne);
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.valid)).toBe(true);

    // Nothing was stored in a DATA_DIR: every file is in the bucket.
    for (const dir of dataDirs) expect(filesUnder(path.join(dir, 'files'))).toEqual([]);
  }, 240_000);

  describe('behind nginx', () => {
    let nginx: Nginx;
    beforeAll(async () => {
      nginx = await startNginx(processes.map((server) => new URL(server.base).host));
    }, 30_000);
    afterAll(() => nginx?.close());

    it('serves the journey with requests spread over every process, and goes on when one is killed', async () => {
      const { base } = nginx;
      const proxied = via(base);
      const adminToken = (await loginInto(base, ADMIN, companyId)).access_token;
      const personToken = (await login(base, PERSON)).access_token;
      const adminApi = templateClient(base, adminToken);
      const personApi = templateClient(base, personToken);

      // The person's live messages, on whichever process nginx chose.
      const stream = await openMessageStream(base, personToken);
      expect(stream.status).toBe(200);
      const before = messageIds(stream).length;

      const documentId = await convertedDocument(adminToken, [base]);
      const proxiedTemplate = await enabledTemplate([adminApi], documentId);
      const first = await initiate(adminApi, proxiedTemplate, 'Lease through the proxy');
      // The message telling B of the contract reached the stream through its process.
      await until(async () => messageIds(stream).length > before, 20_000, 50);
      stream.close();
      await fill(personApi, proxiedTemplate, first);
      expect((await signAs(proxied, adminApi, ADMIN, first)).status).toBe(200);
      expect((await signAs(proxied, personApi, PERSON, first)).body.data).toMatchObject({
        status: 'completed',
      });
      expect(
        await verifyContractPdf(database, await download(personApi, base, first)),
      ).toHaveLength(2);

      // Every process answered, and nginx took turns.
      const upstreams = nginx.upstreams();
      const seen = new Set(upstreams.flatMap((entry) => entry.split(/,\s*/)));
      expect([...seen].sort()).toEqual(processes.map((server) => new URL(server.base).host).sort());
      const turns = upstreams.filter((entry, i) => i > 0 && entry !== upstreams[i - 1]).length;
      expect(turns).toBeGreaterThan(upstreams.length / 2);

      // Six contracts ready to sign; the company signs them in one batch (a job).
      const ids: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const id = await initiate(adminApi, proxiedTemplate, `Lease ${i + 1} of a batch`);
        await fill(personApi, proxiedTemplate, id);
        ids.push(id);
      }
      const batch = await adminApi.post<BatchSignInfo>('contractCreateBatchSign', {
        ids,
        sealId: await sealFor(adminApi, ids[0]!),
        code: await batchCode(proxied, adminApi, ADMIN, ids[0]!),
      });
      expect(batch.status, JSON.stringify(batch.body)).toBe(200);

      // A load of reads from both people while the batch runs…
      let loading = true;
      const failures: string[] = [];
      let reads = 0;
      const load = (api: TemplateClient) =>
        (async () => {
          while (loading) {
            for (const answer of [
              await api.get('contractMyPage', { current: 1, size: 10 }),
              await api.get('contractDetail', { id: ids[reads % ids.length]! }),
            ]) {
              reads += 1;
              if (answer.status !== 200) failures.push(`${answer.status} ${answer.body.msg}`);
            }
          }
        })();
      const loads = [load(adminApi), load(personApi)];

      // …and the process running the batch killed outright as soon as it has the job.
      const [job] = await until(async () => {
        const rows = await database.query<{ locked_by: string }>(
          "SELECT locked_by FROM jobs WHERE kind = $1 AND status = 'running' AND locked_by IS NOT NULL",
          [BATCH_SIGN_JOB],
        );
        return rows.length > 0 ? rows : null;
      }, 60_000);
      const pid = Number(job!.locked_by.split(':')[1]);
      const victim = processes.find((server) => server.child.pid === pid);
      expect(victim, `the job's process ${job!.locked_by}`).toBeDefined();
      await victim!.kill('SIGKILL');

      // The person signs every contract meanwhile, through whichever processes are left (nginx
      // passes a request the dead process refused on to the next).
      for (const id of ids) {
        const signed = await signAs(proxied, personApi, PERSON, id);
        expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      }

      // Another process takes the batch over once the dead one's lease ends.
      const info = await finished(adminApi, batch.body.data.id, 150_000);
      loading = false;
      await Promise.all(loads);
      expect(info.status).toBe('finished');
      expect(failures).toEqual([]);
      expect(reads).toBeGreaterThan(20);

      // Nothing lost, nothing doubled: every contract completed with exactly two valid signatures.
      for (const id of ids) {
        const detail = await adminApi.get<{ status: string }>('contractDetail', { id });
        expect(detail.body.data.status).toBe('completed');
        const signatures = await verifyContractPdf(database, await download(adminApi, base, id));
        expect(signatures.map((signature) => signature.valid)).toEqual([true, true]);
      }
      for (const dir of dataDirs) expect(filesUnder(path.join(dir, 'files'))).toEqual([]);

      // Each surviving process's metrics tell of the journey: requests by route pattern,
      // signatures made, job attempts by outcome.
      const survivors = processes.filter((server) => server !== victim);
      let signatures = 0;
      let batches = 0;
      for (const server of survivors) {
        const metrics = await (await fetch(`${server.base}/metrics`)).text();
        expect(metrics).toMatch(
          /^esign_http_requests_total\{method="POST",route="\/api\/sicpay-contract\/contract\/create",status_class="2xx"\} \d+$/m,
        );
        signatures += Number(/^esign_signatures_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
        batches += Number(
          new RegExp(
            `^esign_job_attempts_total\\{kind="${BATCH_SIGN_JOB}",outcome="done"\\} (\\d+)$`,
            'm',
          ).exec(metrics)?.[1] ?? 0,
        );
      }
      expect(signatures).toBeGreaterThan(0);
      // The batch was finished by a survivor, once.
      expect(batches).toBe(1);

      // The processes' logs: JSON lines; no password, access token or phone number of the
      // journey's people; an SMS code only in the development provider's own line (development mode, which
      // these processes run in for the outbox; in production that line does not hold the code).
      const codes = (
        await database.query<{ code: string }>('SELECT DISTINCT code FROM sms_outbox')
      ).map((row) => row.code);
      expect(codes.length).toBeGreaterThan(10);
      for (const server of processes) {
        const lines = server.output().split('\n').filter(Boolean);
        expect(lines.length).toBeGreaterThan(50);
        for (const line of lines) {
          const entry = JSON.parse(line) as { msg?: string };
          // The first start's banner lists the demo accounts and their documented password.
          if (entry.msg?.startsWith('Demo accounts (tenant 000000)')) continue;
          expect(line).not.toContain('Demo12345');
          for (const token of [adminToken, personToken]) expect(line).not.toContain(token);
          // A number standing alone: not the digits inside a response time such as 11.2138000000013.
          const alone = (digits: string) => new RegExp(`(?<![\\d.])${digits}(?!\\d)`);
          for (const phone of [ADMIN, PERSON]) expect(line).not.toMatch(alone(phone));
          const code = codes.find((c) => alone(c).test(line));
          if (code) expect(entry.msg, line).toMatch(/^\[development SMS provider, nothing sent\]/);
        }
      }

      // With the bucket gone, no process is ready (nginx's passive checks and an orchestrator's
      // readiness probe then stop sending them work), and each says why.
      await s3.close();
      for (const server of survivors) {
        const ready = await fetch(`${server.base}/api/health/ready`);
        expect(ready.status).toBe(503);
        expect(((await ready.json()) as { data: { failed: string[] } }).data.failed).toEqual([
          'storage',
        ]);
      }
    }, 420_000);
  });
});
