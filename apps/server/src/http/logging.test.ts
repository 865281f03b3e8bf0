import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PATHS, type ContractDocument, type TokenResponse } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { migrate, type Database } from '../db';
import { CONVERSION_JOB } from '../documents/conversion-job';
import { developmentIdentityProvider } from '../providers/identity/development';
import { seed } from '../seed';
import { localStorage } from '../storage';
import { withQuery } from '../test-support/account';
import { BACKENDS, BASIC_CLIENT, call, requestToken } from '../test-support/server';
import { until } from '../test-support/until';
import { uploadFile } from '../test-support/uploads';
import { wordDocument } from '../test-support/word-files';

const PHONE = '13900000351';
const PASSWORD = 'Kept7391Secret';
const PERSON = { name: '张三', idNumber: '110101199003071235', agreement: true };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  job?: { id: number; kind: string };
  req?: { url: string };
}

/** Every string in a parsed line, however deep: what a reader of the log would see as text. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(strings);
}

// A production server's log (development calls off, the development SMS provider standing in for
// a real one) through a registration, a password login, an SMS login, a real-name verification
// by ID number, and a conversion job a request queued.
describe.each(BACKENDS)('the JSON log on $name', (backend) => {
  const written: string[] = [];
  let app: FastifyInstance;
  let base: string;
  let database: Database;
  let cleanup: () => Promise<void>;
  let files: string;
  beforeAll(async () => {
    const opened = await backend.open();
    ({ database, cleanup } = opened);
    await migrate(database);
    await seed(database, { demo: false });
    files = mkdtempSync(path.join(tmpdir(), 'esign-log-files-'));
    // The only app over this database: every job runs here, in this log.
    app = await buildApp({
      database,
      storage: localStorage(files),
      development: false,
      identity: developmentIdentityProvider,
      logger: { stream: { write: (line: string) => void written.push(line) } },
      jobs: { pollMs: 200 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await cleanup();
    rmSync(files, { recursive: true, force: true });
  });

  const lines = (): LogLine[] => written.map((line) => JSON.parse(line) as LogLine);
  /** The newest code the SMS provider put in the outbox (no outbox call in production). */
  const lastCode = async () => {
    const [row] = await database.query<{ code: string }>(
      'SELECT code FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [PHONE],
    );
    return row!.code;
  };
  /** Lets the phone ask for another code at once (the one-a-minute wait). */
  const forgetSmsLimits = async () => {
    await database.query("UPDATE sms_codes SET sent_at = now() - interval '2 minutes'");
    await database.query("DELETE FROM rate_events WHERE bucket LIKE 'sms:%'");
  };
  const id = (name: string) => ({ 'X-Request-Id': name });

  it('writes JSON lines with the request id, carried to the job a request queued, and no secret or personal data', async () => {
    const codes: string[] = [];
    const tokens: string[] = [];

    // Registration: the password travels in the query, as the original API has it.
    const sent = await call(base, 'POST', withQuery(PATHS.sendRegisterCode, { phone: PHONE }), {
      headers: id('register-code-1'),
    });
    expect(sent.status, sent.body.msg).toBe(200);
    expect(sent.headers.get('x-request-id')).toBe('register-code-1');
    codes.push(await lastCode());
    const registered = await call<TokenResponse>(
      base,
      'POST',
      withQuery(PATHS.register, { phone: PHONE, code: codes[0]!, password: PASSWORD }),
    );
    expect(registered.status, registered.body.msg).toBe(200);
    tokens.push(registered.body.data.access_token, registered.body.data.refresh_token);
    // Without an id of its own a request gets a new one.
    expect(registered.headers.get('x-request-id')).toMatch(UUID);

    const byPassword = await requestToken(base, {
      grant_type: 'password',
      tenant_id: '000000',
      username: PHONE,
      password: PASSWORD,
    });
    expect(byPassword.status).toBe(200);
    const session = (await byPassword.json()) as TokenResponse;
    tokens.push(session.access_token, session.refresh_token);

    await forgetSmsLimits();
    const loginCode = await call(base, 'GET', withQuery(PATHS.smsLoginCode, { phone: PHONE }));
    expect(loginCode.status, loginCode.body.msg).toBe(200);
    codes.push(await lastCode());
    const bySms = await requestToken(
      base,
      { grant_type: 'sms', tenant_id: '000000', phone: PHONE, code: codes[1]! },
      // Not a sane id: replaced.
      { Authorization: BASIC_CLIENT, 'X-Request-Id': 'two words' },
    );
    expect(bySms.status).toBe(200);
    expect(bySms.headers.get('x-request-id')).toMatch(UUID);
    const smsSession = (await bySms.json()) as TokenResponse;
    tokens.push(smsSession.access_token, smsSession.refresh_token);
    const token = smsSession.access_token;

    // Real-name verification by name, ID number and the account's phone.
    await forgetSmsLimits();
    const authCode = await call(base, 'POST', PATHS.sendMsgForAuth, { token, body: PERSON });
    expect(authCode.status, authCode.body.msg).toBe(200);
    codes.push(await lastCode());
    const verified = await call(base, 'POST', PATHS.realNameAuth, {
      token,
      body: { ...PERSON, code: codes[2]! },
    });
    expect(verified.status, verified.body.msg).toBe(200);

    // A DOCX becomes a PDF in a job the request queues.
    const uploaded = await uploadFile(base, token, wordDocument(['Lease']), 'Lease.docx');
    expect(uploaded.status).toBe(200);
    const created = await call<ContractDocument>(base, 'POST', PATHS.documentCreate, {
      token,
      body: { fileId: uploaded.body.data.id },
      headers: id('convert-lease-1'),
    });
    expect(created.status, created.body.msg).toBe(200);
    const [job] = await database.query<{ id: string; request_id: string }>(
      'SELECT j.id, j.request_id FROM documents d JOIN jobs j ON j.id = d.job_id WHERE d.id = $1',
      [created.body.data.id],
    );
    expect(job!.request_id).toBe('convert-lease-1');
    await until(
      async () =>
        lines().some((line) => line.job?.id === Number(job!.id) && line.msg === 'job done'),
      100_000,
      100,
    );

    // Every line is JSON (lines() parses each).
    const all = lines();
    expect(all.length).toBe(written.length);
    expect(written.every((line) => line.endsWith('\n'))).toBe(true);

    // One request's lines share its id: its arrival, the SMS provider's line, its answer.
    const registerCode = all.filter((line) => line.reqId === 'register-code-1');
    expect(registerCode.map((line) => line.msg)).toEqual([
      'incoming request',
      expect.stringContaining('[development SMS provider, nothing sent]'),
      'request completed',
    ]);
    expect(registerCode[0]!.req!.url).toBe(`/api${PATHS.sendRegisterCode}?phone`);
    // In production the line says a code went to the outbox, never which, nor the whole phone.
    expect(registerCode[1]!.msg).toContain('139****0351');

    // The job's lines carry the request that queued it, and the job.
    const jobLines = all.filter((line) => line.job?.id === Number(job!.id));
    expect(jobLines.map((line) => line.msg)).toContain('job done');
    for (const line of jobLines) {
      expect(line.reqId).toBe('convert-lease-1');
      expect(line.job).toEqual({ id: Number(job!.id), kind: CONVERSION_JOB });
    }

    // Nothing secret or personal: not the password (sent in a query and a form), the codes, the
    // ID number, the tokens, the phone.
    const text = written.join('');
    for (const secret of [PASSWORD, PERSON.idNumber, ...tokens]) {
      expect(text).not.toContain(secret);
    }
    // The phone standing alone, not digits inside a number such as a response time.
    expect(text).not.toMatch(new RegExp(`(?<![0-9.])${PHONE}(?![0-9])`));
    const shown = all.flatMap(strings).join('\n');
    for (const code of codes) expect(shown).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
  }, 180_000);
});
