/**
 * A partner's software and the platform, end to end (issue 34): the demo administrator makes an
 * API access party and a callback to a receiver this test runs on 127.0.0.1; the partner starts a
 * contract from the company's template through the open API (signed requests, from Node as a
 * partner would write them), the company seals it, and the demo person signs it in Chromium from
 * the signing link the partner got — the /custom-made page, the login, the signature, and "Exit
 * signing" back to the partner's page. The receiver gets the contract's events in order, each
 * signed as Standard Webhooks says (checked with the specification's own library and by hand).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiPath,
  type AccessCallbackSaved,
  type AccessPartySaved,
  type OpenContract,
  type OpenContractCreated,
  type OpenSigningLink,
} from '@esign/platform';
import type { EditorStore } from '@esign/template-editor/core';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { administrator, logInByPassword, screenshot, typeInto } from './browser';
import { enabledTemplate, signForTheCompany } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The partner's side: a callback receiver at /hooks, and its own order page at /orders/42. */
async function partnerServer(): Promise<{
  base: string;
  hooks: Received[];
  close(): Promise<void>;
}> {
  const hooks: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/hooks') {
        hooks.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      } else {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!doctype html><title>ERP</title><h1>Order 42 at the partner</h1>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hooks,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A signed open API request, as the README's recipe says. */
async function openApi<T>(
  credentials: { appKey: string; secret: string },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const sha = createHash('sha256').update(text).digest('hex');
  const signature = createHmac('sha256', credentials.secret)
    .update([method, path, timestamp, nonce, sha].join('\n'))
    .digest('base64');
  const response = await fetch(`${platform().base}${path}`, {
    method,
    headers: {
      'X-App-Key': credentials.appKey,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': signature,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: text }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.msg}`);
  return envelope.data;
}

/** A's seal and B's signature on one A4 page: nobody fills in. */
function placeSealAndSignature(store: EditorStore, pageId: string): void {
  const { addElement } = store.getState();
  addElement(pageId, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
  addElement(pageId, 'signature', { config: { party: 'B' }, commonStyle: { left: 360, top: 620 } });
}

describe('the open API and its callbacks', () => {
  it('a partner starts a contract, the person signs it from the signing link, and the partner hears every event, signed', async () => {
    const partner = await partnerServer();
    try {
      const person = await newPage({ width: 1366, height: 900 });
      const { admin, context } = await administrator(person, platform().base);
      const templateId = await enabledTemplate(
        admin,
        'Open supply agreement',
        [
          { party: 'A', name: 'Supplier', sign: true, fill: false },
          { party: 'B', name: 'Buyer', sign: true, fill: false },
        ],
        placeSealAndSignature,
      );
      const party = await api<AccessPartySaved>(admin, apiPath('accessSaveOrUpdate'), {
        name: 'ERP connector',
        companyIds: [],
      });
      const callback = await api<AccessCallbackSaved>(admin, apiPath('callbackSaveOrUpdate'), {
        partyId: party.id,
        url: `${partner.base}/hooks`,
        connectTimeoutMs: 3000,
        responseTimeoutMs: 5000,
        maxRetries: 3,
        eventTypes: ['contract.created', 'contract.signed', 'contract.completed'],
      });
      const credentials = { appKey: party.appKey, secret: party.secret! };

      // The partner starts the contract and asks for B's signing link.
      const created = await openApi<OpenContractCreated>(
        credentials,
        'POST',
        '/api/open/v1/contracts',
        {
          templateId,
          name: 'Open supply agreement No. 42',
          externalId: 'erp-order-42',
          participants: [
            {
              party: 'A',
              kind: 'company',
              name: 'Demo Admin',
              phone: DEMO.admin,
              companyName: DEMO.company,
            },
            { party: 'B', kind: 'person', name: 'Demo Person', phone: DEMO.person },
          ],
        },
      );
      expect(created).toMatchObject({ status: 'signing', created: true });
      await signForTheCompany(admin, created.id);
      await context.close();
      const returnUrl = `${partner.base}/orders/42`;
      const link = await openApi<OpenSigningLink>(
        credentials,
        'POST',
        `/api/open/v1/contracts/${created.id}/signing-links`,
        { party: 'B', returnUrl },
      );

      // B follows the link: what is to be signed, the login, the signature.
      await person.goto(link.url);
      await person.getByRole('heading', { name: 'Sign “Open supply agreement No. 42”' }).waitFor();
      await person
        .getByText(
          'ERP connector asks you to sign as party B. Log in with the phone number 138****0001',
          {
            exact: false,
          },
        )
        .waitFor();
      await screenshot(person, 'open-api-signing-link');
      await person.getByRole('button', { name: 'Log in to sign' }).click();
      await logInByPassword(person, DEMO.person, DEMO.password);
      await person.waitForURL(`**/agency-contract/contractedit?id=${created.id}`);
      const seals = person.getByRole('radiogroup', { name: 'Seal to sign with' });
      await seals.getByRole('radio').first().waitFor();
      if (!(await seals.getByRole('radio', { checked: true }).count())) {
        await seals.getByRole('radio').first().check();
      }
      const sms = person.getByRole('form', { name: 'Confirm with an SMS code' });
      await sms.getByRole('button', { name: 'Send code' }).click();
      await sms.getByRole('button', { name: /Again in \d+ s/ }).waitFor();
      await typeInto(
        sms.getByRole('textbox', { name: 'Verification code' }),
        await platform().smsCode(DEMO.person, 'sign'),
      );
      await sms.getByRole('button', { name: 'Sign', exact: true }).click();
      await person.getByRole('heading', { name: 'The contract is completed', level: 1 }).waitFor();
      await screenshot(person, 'open-api-signed');
      // "Exit signing" returns to the partner's own page.
      await person.getByRole('button', { name: 'Exit signing' }).click();
      await person.waitForURL(returnUrl);
      await person.getByRole('heading', { name: 'Order 42 at the partner' }).waitFor();

      const contract = await openApi<OpenContract>(
        credentials,
        'GET',
        `/api/open/v1/contracts/${created.id}`,
      );
      expect(contract.status).toBe('completed');
      expect(contract.parties.every((p) => p.signedAt !== null)).toBe(true);

      // The receiver heard: created, A signed, B signed and completed — each signed as the
      // specification says, in the order of the contract's trail.
      await expect
        .poll(() => partner.hooks.length, { timeout: 30_000, interval: 250 })
        .toBeGreaterThanOrEqual(4);
      const webhook = new Webhook(callback.signingSecret!);
      const events = partner.hooks.map(({ headers, body }) => {
        const verified = webhook.verify(body, {
          'webhook-id': String(headers['webhook-id']),
          'webhook-timestamp': String(headers['webhook-timestamp']),
          'webhook-signature': String(headers['webhook-signature']),
        }) as {
          type: string;
          data: {
            contract: { id: string; externalId: string | null };
            seq: number;
            party?: string;
          };
        };
        // The same by hand: HMAC-SHA256 of id.timestamp.body under the whsec_ key.
        const key = Buffer.from(callback.signingSecret!.replace(/^whsec_/, ''), 'base64');
        const expected = createHmac('sha256', key)
          .update(
            `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`,
          )
          .digest('base64');
        expect(String(headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
        return verified;
      });
      expect(
        events.every(
          (event) =>
            event.data.contract.id === created.id &&
            event.data.contract.externalId === 'erp-order-42',
        ),
      ).toBe(true);
      expect(events.map((event) => event.type).sort()).toEqual(
        ['contract.completed', 'contract.created', 'contract.signed', 'contract.signed'].sort(),
      );
      const seqs = events.map((event) => event.data.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(
        events.filter((event) => event.type === 'contract.signed').map((e) => e.data.party),
      ).toEqual(['A', 'B']);
      expect(new Set(partner.hooks.map((hook) => hook.headers['webhook-id'])).size).toBe(
        partner.hooks.length,
      );
      // The company reads what its access party did: every call, its answer and its contract.
      const { admin: viewer } = await administrator(person, platform().base);
      await viewer.goto('/enterprise-console/application/access');
      const row = viewer.getByRole('row').filter({ hasText: party.appKey });
      await row.getByRole('button', { name: 'API calls' }).click();
      const drawer = viewer.getByRole('dialog', { name: 'Open API calls of ERP connector' });
      await drawer.getByText('POST /api/open/v1/contracts', { exact: true }).waitFor();
      await drawer
        .getByText(`POST /api/open/v1/contracts/${created.id}/signing-links`, { exact: true })
        .waitFor();
      await drawer
        .getByRole('link', { name: `Contract ${created.id}` })
        .first()
        .waitFor();
      await screenshot(viewer, 'open-api-calls-1366');
      await viewer.setViewportSize({ width: 390, height: 844 });
      await screenshot(viewer, 'open-api-calls-390');
    } finally {
      await partner.close();
    }
  });
});
