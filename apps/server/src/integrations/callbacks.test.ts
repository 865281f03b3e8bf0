import {
  PATHS,
  type AccessCallback,
  type AccessCallbackSaved,
  type AccessPartySaved,
  type CallbackDelivery,
  type CallbackSaveBody,
  type Page,
} from '@esign/platform';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, useTestServer } from '../test-support/server';
import {
  PERSON_PHONE,
  ADMIN_PHONE,
  sendForSigning,
  signAs,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { until } from '../test-support/until';
import { pruneCallbackRecords } from './deliveries';
import { startReceiver, verifiedByHand, type Receiver } from './test-receiver';

const ADMIN = '13800000002';
const EMPLOYEE = '13900003411';
const OTHER_ADMIN = '13900003412';
const HOUR = 3_600_000;
const RETRY_BASE_MS = 150;

describe.each(BACKENDS)('callbacks and their deliveries on $name', (backend) => {
  // The tests move the clock forward (a day's limit on retries).
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const server = useTestServer(backend, {
    clock: now,
    allowPrivateCallbacks: true,
    callbackRetryBaseMs: RETRY_BASE_MS,
    jobs: { pollMs: 50 },
  });
  let receiver: Receiver;
  let admin = '';
  let employee = '';
  let otherAdmin = '';
  let demo = 0;
  let cast: SigningCast;

  const get = <T>(token: string, path: string, query: Record<string, string> = {}, lang = 'en') =>
    call<T>(server.base, 'GET', `${path}?${new URLSearchParams(query)}`, {
      token,
      headers: { Lang: lang },
    });
  const post = <T>(token: string, path: string, body: unknown, lang = 'en') =>
    call<T>(server.base, 'POST', path, { token, body, headers: { Lang: lang } });

  const settings = (partyId: string, path: string, extra: Partial<CallbackSaveBody> = {}) =>
    ({
      partyId,
      url: `${receiver.base}${path}`,
      connectTimeoutMs: 1000,
      responseTimeoutMs: 2000,
      maxRetries: 3,
      eventTypes: ['contract.created', 'contract.signed', 'contract.completed'],
      ...extra,
    }) satisfies CallbackSaveBody;

  /** A new access party of the demo company with a callback to the receiver at `path`. */
  const partyWithCallback = async (path: string, extra: Partial<CallbackSaveBody> = {}) => {
    const party = await post<AccessPartySaved>(admin, PATHS.accessSaveOrUpdate, {
      name: `Channel ${path}`,
      companyIds: [],
    });
    expect(party.status, party.body.msg).toBe(200);
    const saved = await post<AccessCallbackSaved>(
      admin,
      PATHS.callbackSaveOrUpdate,
      settings(party.body.data.id, path, extra),
    );
    expect(saved.status, saved.body.msg).toBe(200);
    return { party: party.body.data, callback: saved.body.data };
  };

  const deliveries = async (callbackId: string) =>
    (
      await get<Page<CallbackDelivery>>(admin, PATHS.callbackDeliveries, {
        callbackId,
        size: '100',
      })
    ).body.data.records;

  const at = (path: string) => receiver.received.filter((r) => r.path === path);

  /** Waits until the delivery's state is not pending any more; gives it. */
  const ended = (callbackId: string, id: string) =>
    until(async () => {
      const found = (await deliveries(callbackId)).find((d) => d.id === id);
      return found && found.status !== 'pending' ? found : undefined;
    });

  const testEvent = async (callbackId: string) => {
    const sent = await post<CallbackDelivery>(admin, PATHS.callbackTest, { id: callbackId });
    expect(sent.status, sent.body.msg).toBe(200);
    return sent.body.data;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    demo = await demoCompanyId(server.database);
    const unrelated = await addCompany(server.database, { name: 'Callback Unrelated Co., Ltd.' });
    await addUser(server.database, { phone: EMPLOYEE, company: { id: demo, role: 'employee' } });
    await addUser(server.database, {
      phone: OTHER_ADMIN,
      company: { id: unrelated, role: 'admin' },
    });
    admin = (await loginInto(server.base, ADMIN, demo)).access_token;
    employee = (await loginInto(server.base, EMPLOYEE, demo)).access_token;
    otherAdmin = (await loginInto(server.base, OTHER_ADMIN, unrelated)).access_token;
    cast = await signingCast(server);
  });
  afterAll(() => receiver.close());

  it('checks the settings with the spec’s messages, and shows the signing secret once', async () => {
    const party = await post<AccessPartySaved>(admin, PATHS.accessSaveOrUpdate, {
      name: 'Settings',
      companyIds: [],
    });
    const base = settings(party.body.data.id, '/settings');
    const refusals: [Partial<Record<keyof CallbackSaveBody, unknown>>, string, string][] = [
      [
        { connectTimeoutMs: 'abc' },
        'The connection timeout must be numeric',
        '连接超时时间必须为数字',
      ],
      [
        { responseTimeoutMs: '12.5' },
        'The response timeout must be numeric',
        '响应超时时间必须为数字',
      ],
      [{ maxRetries: 'three' }, 'The maximum retries must be numeric', '最大重试次数必须为数字'],
      [{ maxRetries: 11 }, 'The maximum retries is 0 to 10', '最大重试次数为0至10次'],
      [
        { connectTimeoutMs: 50 },
        'The connection timeout is 100 to 10000 ms',
        '连接超时时间为100至10000毫秒',
      ],
      [
        { eventTypes: [] },
        'Please choose at least one notification type',
        '请至少选择一种通知类型',
      ],
      [
        { url: 'ftp://example.com/hook' },
        'The callback URL must be an http:// or https:// address',
        '回调地址须为 http:// 或 https:// 地址',
      ],
    ];
    for (const [change, en, zh] of refusals) {
      const refusedEn = await post(admin, PATHS.callbackSaveOrUpdate, { ...base, ...change });
      expect(refusedEn.status, JSON.stringify(change)).toBe(400);
      expect(refusedEn.body.msg).toContain(en);
      const refusedZh = await post(admin, PATHS.callbackSaveOrUpdate, { ...base, ...change }, 'zh');
      expect(refusedZh.body.msg).toContain(zh);
    }

    // Numbers as a form sends them are taken.
    const made = await post<AccessCallbackSaved>(admin, PATHS.callbackSaveOrUpdate, {
      ...base,
      connectTimeoutMs: '1500',
      maxRetries: '0',
    });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data).toMatchObject({ connectTimeoutMs: 1500, maxRetries: 0, enabled: true });
    const secret = made.body.data.signingSecret!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const detail = await get<AccessCallback>(admin, PATHS.callbackDetail, {
      id: made.body.data.id,
    });
    expect(JSON.stringify(detail.body.data)).not.toContain(secret);
    const [row] = await server.database.query<Record<string, unknown>>(
      'SELECT * FROM access_callbacks WHERE id = $1',
      [made.body.data.id],
    );
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    // A second save changes the settings, not the secret.
    const again = await post<AccessCallbackSaved>(admin, PATHS.callbackSaveOrUpdate, {
      ...base,
      maxRetries: 2,
    });
    expect(again.body.data).toMatchObject({
      id: made.body.data.id,
      maxRetries: 2,
      signingSecret: null,
    });
  });

  it('sends a test event a partner verifies by hand and with the standardwebhooks package', async () => {
    const { callback } = await partyWithCallback('/test-event');
    const sent = await testEvent(callback.id);
    expect(sent).toMatchObject({ eventType: 'callback.test', status: 'pending' });
    const delivery = await ended(callback.id, sent.id);
    expect(delivery.status).toBe('delivered');
    const [got] = at('/test-event');
    expect(got).toBeDefined();
    expect(got!.headers['webhook-id']).toBe(sent.messageId);
    expect(got!.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(verifiedByHand(callback.signingSecret!, got!)).toBe(true);
    expect(
      new Webhook(callback.signingSecret!).verify(
        got!.body,
        got!.headers as Record<string, string>,
      ),
    ).toMatchObject({ type: 'callback.test', data: { callback: { id: callback.id } } });
    // Another secret, a changed body or a stale timestamp do not verify.
    const { callback: other } = await partyWithCallback('/test-event-other');
    expect(verifiedByHand(other.signingSecret!, got!)).toBe(false);
    expect(verifiedByHand(callback.signingSecret!, { ...got!, body: `${got!.body} ` })).toBe(false);
    expect(verifiedByHand(callback.signingSecret!, got!, Math.floor(Date.now() / 1000) + 301)).toBe(
      false,
    );
    const body = JSON.parse(got!.body) as { type: string; timestamp: string };
    expect(body.type).toBe('callback.test');
    expect(Date.parse(body.timestamp)).not.toBeNaN();
    expect(delivery.attemptLog).toEqual([
      expect.objectContaining({
        attempt: 1,
        statusCode: 200,
        response: '{"received":true}',
        error: null,
      }),
    ]);
  });

  it('raises contract events for the callbacks that chose them, and only for the company’s contracts', async () => {
    const { callback } = await partyWithCallback('/contracts');
    const { callback: createdOnly } = await partyWithCallback('/created-only', {
      eventTypes: ['contract.created'],
    });
    const { party: off, callback: offCallback } = await partyWithCallback('/disabled-party');
    await post(admin, PATHS.accessUpdateStatus, { id: off.id, enabled: false });

    const contract = await sendForSigning(server, cast);
    const signedA = await signAs(server, cast.admin, ADMIN_PHONE, contract.id);
    expect(signedA.status, signedA.body.msg).toBe(200);
    const signedB = await signAs(server, cast.person, PERSON_PHONE, contract.id);
    expect(signedB.status, signedB.body.msg).toBe(200);

    await until(async () => at('/contracts').length >= 4);
    const types = at('/contracts')
      .map((r) => JSON.parse(r.body) as { type: string; data: { seq: number; party?: string } })
      .sort((a, b) => a.data.seq - b.data.seq || a.type.localeCompare(b.type))
      .map((b) => `${b.type}${b.data.party ? `:${b.data.party}` : ''}`);
    expect(types).toEqual([
      'contract.created',
      'contract.signed:A',
      'contract.completed:B',
      'contract.signed:B',
    ]);
    for (const got of at('/contracts')) {
      expect(verifiedByHand(callback.signingSecret!, got)).toBe(true);
      const body = JSON.parse(got.body) as { data: { contract: { id: string; number: string } } };
      expect(body.data.contract).toMatchObject({
        id: String(contract.id),
        number: contract.number,
      });
    }
    await until(async () => at('/created-only').length >= 1);
    expect(at('/created-only').map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'contract.created',
    ]);
    expect(await deliveries(createdOnly.id)).toHaveLength(1);
    expect(await deliveries(offCallback.id)).toHaveLength(0);
    expect(at('/disabled-party')).toHaveLength(0);
  });

  it('tells a company that is a party of the contract too, with the refusal’s reason and the withdrawal', async () => {
    const { callback } = await partyWithCallback('/ended', {
      eventTypes: ['contract.refused', 'contract.withdrawn'],
    });
    // The unrelated company's own access party and callback.
    const theirs = await post<AccessPartySaved>(otherAdmin, PATHS.accessSaveOrUpdate, {
      name: 'Their ERP',
      companyIds: [],
    });
    const theirCallback = await post<AccessCallbackSaved>(otherAdmin, PATHS.callbackSaveOrUpdate, {
      ...settings(theirs.body.data.id, '/party-company'),
      eventTypes: ['contract.refused', 'contract.withdrawn'],
    });
    expect(theirCallback.status, theirCallback.body.msg).toBe(200);

    const refused = await sendForSigning(server, cast, { name: 'Refused deal' });
    // Party B signs for the unrelated company in this contract, by its administrator.
    await server.database.query(
      `UPDATE contract_participants
          SET company_id = (SELECT company_id FROM access_parties WHERE id = $2),
              company_name = 'Callback Unrelated Co., Ltd.', phone = $3,
              user_id = (SELECT id FROM users WHERE phone = $3)
        WHERE contract_id = $1 AND party = 'B'`,
      [refused.id, theirs.body.data.id, OTHER_ADMIN],
    );
    const rejected = await post(otherAdmin, PATHS.contractReject, {
      id: refused.id,
      party: 'B',
      reason: 'The price is wrong',
    });
    expect(rejected.status, rejected.body.msg).toBe(200);
    const withdrawn = await sendForSigning(server, cast, { name: 'Withdrawn deal' });
    const revoked = await cast.admin.post('contractRevoke', {
      id: withdrawn.id,
      reason: 'Sent by mistake',
    });
    expect(revoked.status, revoked.body.msg).toBe(200);

    await until(async () => at('/ended').length >= 2);
    const bodies = at('/ended').map(
      (r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> },
    );
    expect(bodies.find((b) => b.type === 'contract.refused')?.data).toMatchObject({
      contract: { id: String(refused.id), status: 'refused' },
      party: 'B',
      reason: 'The price is wrong',
    });
    expect(bodies.find((b) => b.type === 'contract.withdrawn')?.data).toMatchObject({
      contract: { id: String(withdrawn.id), status: 'withdrawn' },
      reason: 'Sent by mistake',
    });
    for (const got of at('/ended')) expect(verifiedByHand(callback.signingSecret!, got)).toBe(true);
    // The party's company hears of the refusal, not of a contract it is not in.
    await until(async () => at('/party-company').length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(at('/party-company').map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'contract.refused',
    ]);
    expect(verifiedByHand(theirCallback.body.data.signingSecret!, at('/party-company')[0]!)).toBe(
      true,
    );
  });

  it('retries with growing waits, with the same webhook-id, until a 2xx; never again after it', async () => {
    const { callback } = await partyWithCallback('/flaky', { maxRetries: 4 });
    let calls = 0;
    receiver.answer((request) => {
      if (request.path !== '/flaky') return { status: 200 };
      calls += 1;
      return calls <= 2
        ? { status: 503, body: `<html>${'x'.repeat(3000)}</html>` }
        : { status: 204 };
    });
    try {
      const sent = await testEvent(callback.id);
      const delivery = await ended(callback.id, sent.id);
      expect(delivery.status).toBe('delivered');
      expect(delivery.attempts).toBe(3);
      const got = at('/flaky');
      expect(got).toHaveLength(3);
      expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([sent.messageId]));
      for (const request of got)
        expect(verifiedByHand(callback.signingSecret!, request)).toBe(true);
      // Waits of the base, then three times it (the app's clock, as recorded).
      const [third, second, first] = delivery.attemptLog;
      expect(first).toMatchObject({ attempt: 1, statusCode: 503, error: 'Answered 503' });
      expect(first!.response).toHaveLength(1024);
      expect(second).toMatchObject({ attempt: 2, statusCode: 503 });
      expect(third).toMatchObject({ attempt: 3, statusCode: 204, error: null });
      const wait1 = Date.parse(second!.at) - Date.parse(first!.at);
      const wait2 = Date.parse(third!.at) - Date.parse(second!.at);
      expect(wait1).toBeGreaterThanOrEqual(RETRY_BASE_MS);
      expect(wait2).toBeGreaterThanOrEqual(3 * RETRY_BASE_MS);
      await new Promise((resolve) => setTimeout(resolve, 6 * RETRY_BASE_MS));
      expect(at('/flaky')).toHaveLength(3);
    } finally {
      receiver.answer(() => ({ status: 200, body: '{"received":true}' }));
    }
  });

  it('gives up after the maximum retries, and a manual resend sends the same webhook-id again', async () => {
    const { callback } = await partyWithCallback('/down', { maxRetries: 1 });
    receiver.answer((request) => (request.path === '/down' ? { status: 500 } : { status: 200 }));
    try {
      const sent = await testEvent(callback.id);
      const failed = await ended(callback.id, sent.id);
      expect(failed.status).toBe('failed');
      expect(failed.attempts).toBe(2);
      expect(at('/down')).toHaveLength(2);
      const early = await post(admin, PATHS.callbackResend, { id: sent.id });
      expect(early.status).toBe(200);
      // Resending while it is pending is refused.
      const twice = await post(admin, PATHS.callbackResend, { id: sent.id });
      expect(twice.status).toBe(409);
      expect(twice.body.msg).toBe('This delivery is still being attempted');
      await ended(callback.id, sent.id);
      expect(at('/down')).toHaveLength(4);
      receiver.answer(() => ({ status: 200 }));
      const resent = await post<CallbackDelivery>(admin, PATHS.callbackResend, { id: sent.id });
      expect(resent.body.data.status).toBe('pending');
      const delivered = await ended(callback.id, sent.id);
      expect(delivered).toMatchObject({ status: 'delivered', attempts: 5 });
      expect(new Set(at('/down').map((r) => r.headers['webhook-id']))).toEqual(
        new Set([sent.messageId]),
      );
    } finally {
      receiver.answer(() => ({ status: 200, body: '{"received":true}' }));
    }
  });

  it('makes no attempt more than a day after the event', async () => {
    const { callback } = await partyWithCallback('/late', { maxRetries: 5 });
    receiver.answer((request) => {
      // The first attempt fails; by the retry, the clock has passed the day.
      if (request.path === '/late') offset = 25 * HOUR;
      return { status: request.path === '/late' ? 502 : 200 };
    });
    try {
      const sent = await testEvent(callback.id);
      const failed = await ended(callback.id, sent.id);
      expect(failed.status).toBe('failed');
      expect(failed.attempts).toBe(1);
      expect(at('/late')).toHaveLength(1);
      const [row] = await server.database.query<{ last_error: string }>(
        'SELECT last_error FROM callback_deliveries WHERE id = $1',
        [sent.id],
      );
      expect(row!.last_error).toContain('more than 24 hours after the event');
    } finally {
      offset = 0;
      receiver.answer(() => ({ status: 200, body: '{"received":true}' }));
    }
  });

  it('disables a callback whose endpoint answers 410 Gone, with the reason shown', async () => {
    const { callback } = await partyWithCallback('/gone', { maxRetries: 5 });
    receiver.answer((request) => ({ status: request.path === '/gone' ? 410 : 200 }));
    try {
      const sent = await testEvent(callback.id);
      const failed = await ended(callback.id, sent.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      const detail = await get<AccessCallback>(admin, PATHS.callbackDetail, { id: callback.id });
      expect(detail.body.data).toMatchObject({ enabled: false, disabledReason: 'gone' });
      expect(detail.body.data.disabledAt).not.toBeNull();
      const refused = await post(admin, PATHS.callbackTest, { id: callback.id }, 'zh');
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('该回调已停用，请先启用');
      // No new events reach it until it is enabled again.
      await sendForSigning(server, cast);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await deliveries(callback.id)).toHaveLength(1);
      const enabled = await post<AccessCallback>(admin, PATHS.callbackUpdateStatus, {
        id: callback.id,
        enabled: true,
      });
      expect(enabled.body.data).toMatchObject({ enabled: true, disabledReason: null });
    } finally {
      receiver.answer(() => ({ status: 200, body: '{"received":true}' }));
    }
  });

  it('does not follow a redirect: the 3xx is a failure, recorded with where it pointed', async () => {
    const { callback } = await partyWithCallback('/moved', { maxRetries: 0 });
    receiver.answer((request) =>
      request.path === '/moved'
        ? { status: 302, headers: { location: `${receiver.base}/internal-admin` } }
        : { status: 200 },
    );
    try {
      const sent = await testEvent(callback.id);
      const failed = await ended(callback.id, sent.id);
      expect(failed.status).toBe('failed');
      expect(failed.attemptLog[0]).toMatchObject({ statusCode: 302 });
      expect(failed.attemptLog[0]!.error).toContain('redirects are not followed');
      expect(failed.attemptLog[0]!.error).toContain('/internal-admin');
      expect(at('/internal-admin')).toHaveLength(0);
    } finally {
      receiver.answer(() => ({ status: 200, body: '{"received":true}' }));
    }
  });

  it('signs with both secrets during a rotation’s overlap', async () => {
    const { callback } = await partyWithCallback('/rotated');
    const rotated = await post<AccessCallbackSaved>(admin, PATHS.callbackRotateSecret, {
      id: callback.id,
    });
    expect(rotated.status, rotated.body.msg).toBe(200);
    const fresh = rotated.body.data.signingSecret!;
    expect(fresh).not.toBe(callback.signingSecret);
    expect(rotated.body.data.previousSecretUntil).not.toBeNull();
    const sent = await testEvent(callback.id);
    await ended(callback.id, sent.id);
    const [got] = at('/rotated');
    expect(got!.headers['webhook-signature']!.toString().split(' ')).toHaveLength(2);
    expect(verifiedByHand(fresh, got!)).toBe(true);
    expect(verifiedByHand(callback.signingSecret!, got!)).toBe(true);
    expect(
      new Webhook(fresh).verify(got!.body, got!.headers as Record<string, string>),
    ).toBeTruthy();
  });

  it('prunes attempt records and ended deliveries after 30 days', async () => {
    const { callback } = await partyWithCallback('/pruned');
    const sent = await testEvent(callback.id);
    await ended(callback.id, sent.id);
    const fresh = await testEvent(callback.id);
    await ended(callback.id, fresh.id);
    await server.database.query(
      `UPDATE callback_deliveries SET ended_at = now() - interval '31 days' WHERE id = $1`,
      [sent.id],
    );
    await server.database.query(
      `UPDATE callback_attempts SET at = now() - interval '31 days' WHERE delivery_id = $1`,
      [sent.id],
    );
    const pruned = await pruneCallbackRecords(server.database, now());
    expect(pruned.attempts).toBeGreaterThanOrEqual(1);
    expect(pruned.deliveries).toBeGreaterThanOrEqual(1);
    expect((await deliveries(callback.id)).map((d) => d.id)).toEqual([fresh.id]);
    const [job] = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'callbacks.prune' AND status IN ('queued', 'running')`,
    );
    expect(job!.n).toBe(1);
  });

  it('keeps another company’s callbacks and deliveries out of sight and reach; needs application:callback', async () => {
    const { party, callback } = await partyWithCallback('/private');
    const sent = await testEvent(callback.id);
    await ended(callback.id, sent.id);
    const page = await get<Page<AccessCallback>>(otherAdmin, PATHS.callbackPage);
    expect(page.body.data.records.map((c) => c.id)).not.toContain(callback.id);
    expect((await get(otherAdmin, PATHS.callbackDetail, { id: callback.id })).status).toBe(404);
    expect(
      (await get(otherAdmin, PATHS.callbackDeliveries, { callbackId: callback.id })).status,
    ).toBe(404);
    for (const [path, body] of [
      [PATHS.callbackSaveOrUpdate, settings(party.id, '/taken')],
      [PATHS.callbackRotateSecret, { id: callback.id }],
      [PATHS.callbackUpdateStatus, { id: callback.id, enabled: false }],
      [PATHS.callbackTest, { id: callback.id }],
      [PATHS.callbackResend, { id: sent.id }],
    ] as const) {
      expect((await post(otherAdmin, path, body)).status, path).toBe(404);
    }
    expect((await get(employee, PATHS.callbackPage)).status).toBe(403);
    expect((await post(employee, PATHS.callbackTest, { id: callback.id })).status).toBe(403);
    expect(at('/taken')).toHaveLength(0);
  });
});
