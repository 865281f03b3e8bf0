import {
  PATHS,
  type AccessCallback,
  type AccessCallbackSaved,
  type AccessPartySaved,
  type CallbackDelivery,
  type Page,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { migrate, type Database } from '../db';
import { seed } from '../seed';
import { localStorage } from '../storage';
import { demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, useTestServer } from '../test-support/server';
import { until } from '../test-support/until';
import { loadSecretBox } from '../secret-box';
import { SIGNING_SECRET_LABEL } from './callbacks';
import { newSigningSecret } from './webhooks';
import { startReceiver, verifiedByHand, type Receiver } from './test-receiver';

const ADMIN = '13800000002';

const post = <T>(base: string, token: string, apiPath: string, body: unknown, lang = 'en') =>
  call<T>(base, 'POST', apiPath, { token, body, headers: { Lang: lang } });

describe.each(BACKENDS)('a delivery across a restart on $name', (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let files = '';
  let receiver: Receiver;

  /** One server process over the test's database, as a restart builds it again. */
  const start = async (): Promise<{ app: FastifyInstance; base: string }> => {
    const app = await buildApp({
      database,
      storage: localStorage(files),
      allowPrivateCallbacks: true,
      callbackRetryBaseMs: 1500,
      jobs: { pollMs: 50 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    return { app, base: `http://127.0.0.1:${address.port}` };
  };
  const stop = async (app: FastifyInstance) => {
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
  };

  beforeAll(async () => {
    const opened = await backend.open();
    database = opened.database;
    cleanup = opened.cleanup;
    await migrate(database);
    await seed(database, { demo: true });
    files = mkdtempSync(path.join(tmpdir(), 'esign-files-'));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await database.close();
    await cleanup();
    rmSync(files, { recursive: true, force: true });
  });

  it('goes on after the server is built again, with the same webhook-id, and never again after a 2xx', async () => {
    const first = await start();
    const token = (await loginInto(first.base, ADMIN, await demoCompanyId(database))).access_token;
    const party = await post<AccessPartySaved>(first.base, token, PATHS.accessSaveOrUpdate, {
      name: 'Restarted',
      companyIds: [],
    });
    const callback = await post<AccessCallbackSaved>(
      first.base,
      token,
      PATHS.callbackSaveOrUpdate,
      {
        partyId: party.body.data.id,
        url: `${receiver.base}/restart`,
        connectTimeoutMs: 1000,
        responseTimeoutMs: 1000,
        maxRetries: 3,
        eventTypes: ['contract.created'],
      },
    );
    expect(callback.status, callback.body.msg).toBe(200);
    receiver.answer(() => ({ status: 503 }));
    const sent = await post<CallbackDelivery>(first.base, token, PATHS.callbackTest, {
      id: callback.body.data.id,
    });
    const state = async () => {
      const [row] = await database.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM callback_deliveries WHERE id = $1',
        [sent.body.data.id],
      );
      return row!;
    };
    await until(async () => (await state()).attempts === 1);
    // The server stops between two attempts; the next waits in the database.
    await stop(first.app);
    expect(await state()).toEqual({ status: 'pending', attempts: 1 });
    receiver.answer(() => ({ status: 200 }));

    const second = await start();
    try {
      await until(async () => (await state()).status === 'delivered');
    } finally {
      await stop(second.app);
    }
    const third = await start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const log = await call<Page<CallbackDelivery>>(
        third.base,
        'GET',
        `${PATHS.callbackDeliveries}?callbackId=${callback.body.data.id}`,
        { token },
      );
      expect(log.body.data.records[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    } finally {
      await stop(third.app);
    }
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      sent.body.data.messageId,
      sent.body.data.messageId,
    ]);
    for (const got of receiver.received) {
      expect(verifiedByHand(callback.body.data.signingSecret!, got)).toBe(true);
    }
  });
});

describe.each(BACKENDS)('server-side request forgery refused on $name', (backend) => {
  // As in production: private addresses are not allowed.
  const server = useTestServer(backend, { jobs: { pollMs: 50 } });
  let receiver: Receiver;
  let token = '';
  let partyId = '';

  const save = (url: string, lang = 'en') =>
    post<AccessCallbackSaved>(
      server.base,
      token,
      PATHS.callbackSaveOrUpdate,
      {
        partyId,
        url,
        connectTimeoutMs: 1000,
        responseTimeoutMs: 1000,
        maxRetries: 0,
        eventTypes: ['contract.created'],
      },
      lang,
    );

  beforeAll(async () => {
    receiver = await startReceiver();
    token = (await loginInto(server.base, ADMIN, await demoCompanyId(server.database)))
      .access_token;
    const party = await post<AccessPartySaved>(server.base, token, PATHS.accessSaveOrUpdate, {
      name: 'Guarded',
      companyIds: [],
    });
    partyId = party.body.data.id;
  });
  afterAll(() => receiver.close());

  it('refuses at save URLs that reach loopback, private, link-local or metadata addresses', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/hook',
      `http://localhost:${new URL(receiver.base).port}/hook`,
    ]) {
      const refused = await save(url);
      expect(refused.status, url).toBe(400);
      expect(refused.body.msg).toBe(
        'The callback URL must not point to a loopback, private, link-local or metadata address',
      );
      expect(refused.body.data).toEqual({ field: 'url' });
    }
    const zh = await save('http://192.168.0.10/hook', 'zh');
    expect(zh.body.msg).toBe('回调地址不能指向本机、内网、链路本地或元数据地址');
  });

  it('checks again at delivery: a URL that now reaches a private address is not called', async () => {
    // As if the name had resolved elsewhere when it was saved: the row holds a loopback URL.
    const [callback] = await server.database.query<{ id: string }>(
      `INSERT INTO access_callbacks (tenant_id, company_id, party_id, url, connect_timeout_ms,
         response_timeout_ms, max_retries, event_types, signing_secret_sealed)
       SELECT tenant_id, company_id, id, $2, 1000, 1000, 0, '{contract.created}', $3
         FROM access_parties WHERE id = $1 RETURNING id`,
      [
        partyId,
        `${receiver.base}/hook`,
        (await loadSecretBox(server.database)).seal(SIGNING_SECRET_LABEL, newSigningSecret()),
      ],
    );
    const sent = await post<CallbackDelivery>(server.base, token, PATHS.callbackTest, {
      id: callback!.id,
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const delivery = await until(async () => {
      const log = await call<Page<CallbackDelivery>>(
        server.base,
        'GET',
        `${PATHS.callbackDeliveries}?callbackId=${callback!.id}`,
        { token },
      );
      const found = log.body.data.records[0];
      return found?.status === 'pending' ? undefined : found;
    });
    expect(delivery.status).toBe('failed');
    expect(delivery.attemptLog[0]!.statusCode).toBeNull();
    expect(delivery.attemptLog[0]!.error).toContain('Refused before sending');
    expect(delivery.attemptLog[0]!.error).toContain('loopback');
    expect(receiver.received).toHaveLength(0);
    // Nor is it enabled again while it points there.
    await server.database.query('UPDATE access_callbacks SET enabled = false WHERE id = $1', [
      callback!.id,
    ]);
    const enabled = await post<AccessCallback>(server.base, token, PATHS.callbackUpdateStatus, {
      id: callback!.id,
      enabled: true,
    });
    expect(enabled.status).toBe(400);
  });
});
