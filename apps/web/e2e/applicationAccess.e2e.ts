/**
 * Application access, end to end (issue 34): the demo company's administrator makes an API access
 * party on /enterprise-console/application/access and sees its secret once, configures its
 * callback on application_notify to a receiver this test runs on 127.0.0.1 (the platform runs with
 * ALLOW_PRIVATE_CALLBACKS=1, see server.ts), sends a test event, and the receiver gets it signed as
 * the Standard Webhooks specification says (checked here with Node's crypto), while the delivery
 * log shows it delivered. Both screens at 1366 px in English and at 390 px in Chinese.
 * Screenshots: test-results/screenshots/application-*.png.
 */
import {
  PATHS,
  type AccessPartyOption,
  type CallbackDelivery,
  type Page as ApiPage,
} from '@esign/platform';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, fitsTheScreen, screenshot, typeInto } from './browser';
import { endToEnd } from './harness';

const { newPage } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A partner's endpoint: records what it is sent and answers 200. */
let receiver: http.Server;
let receiverBase = '';
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** The Standard Webhooks check as a partner writes it, with Node's crypto. */
function verified(secret: string, { headers, body }: Received): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .map((part) => Buffer.from(part.replace(/^v1,/, ''), 'base64'))
    .some(
      (signature) => signature.length === expected.length && timingSafeEqual(signature, expected),
    );
}

/** A full-page screenshot from the top: a page scrolled down draws its fixed top bar mid-page. */
async function fromTheTop(page: Awaited<ReturnType<typeof newPage>>, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

describe('application access', () => {
  it('makes an access party, sees its secret once, and receives a signed test event on its callback', async () => {
    const admin = await newPage(DESKTOP);
    await adminIntoCompany(admin);
    await admin.goto('/enterprise-console/application/access');
    await admin.getByRole('heading', { name: 'API access party', level: 1 }).waitFor();
    await admin.getByText('No access party yet').waitFor();
    await screenshot(admin, 'application-access-empty-1366');

    await admin.getByRole('button', { name: 'New access party' }).first().click();
    const drawer = admin.getByRole('dialog');
    await drawer
      .getByText('Demo Technology Co., Ltd. — the main company, always included')
      .waitFor();
    await typeInto(drawer.getByRole('textbox', { name: 'Business channel' }), 'ERP');
    await screenshot(admin, 'application-access-drawer-1366');
    await drawer.getByRole('button', { name: 'Save' }).click();

    const shown = admin.getByRole('dialog', { name: 'Save the API secret now' });
    await shown.getByText('This is the only time it is shown', { exact: false }).waitFor();
    const secret = await shown.getByRole('textbox', { name: 'API secret' }).inputValue();
    const appKey = await shown.getByRole('textbox', { name: 'App key' }).inputValue();
    expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(appKey).toMatch(/^ak_[0-9a-f]{24}$/);
    await screenshot(admin, 'application-access-secret-1366');
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = admin.getByRole('row').filter({ hasText: appKey });
    await row.getByText('ERP', { exact: true }).waitFor();
    await row.getByText('Not configured').waitFor();
    // Never shown again.
    expect(await admin.getByText(secret).count()).toBe(0);
    await fitsTheScreen(admin);
    await screenshot(admin, 'application-access-list-1366');

    await row.getByRole('link', { name: 'Configure callback' }).click();
    await admin.getByRole('heading', { name: 'API callback', level: 1 }).waitFor();
    await admin.getByText('No callback yet for this access party', { exact: false }).waitFor();
    // The spec's rule, at the field, before anything is sent.
    const connect = admin.getByRole('textbox', { name: 'Connection timeout (ms)' });
    await connect.fill('soon');
    await connect.blur();
    await admin.getByText('The connection timeout must be numeric').waitFor();
    await connect.fill('2000');
    await typeInto(admin.getByRole('textbox', { name: 'Callback URL' }), `${receiverBase}/esign`);
    await admin.getByRole('button', { name: 'Save callback' }).click();

    const signing = admin.getByRole('dialog', { name: 'Save the signing secret now' });
    const whsec = await signing.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(whsec).toMatch(/^whsec_/);
    await signing.getByRole('button', { name: 'I have saved it' }).click();
    await signing.waitFor({ state: 'detached' });
    await admin.getByText('Enabled', { exact: true }).waitFor();
    await admin.getByText('No delivery yet').waitFor();

    await admin.getByRole('button', { name: 'Send test event' }).click();
    await admin.getByText('Test event queued').waitFor();
    const log = admin.getByRole('region', { name: 'Deliveries' });
    const delivery = log.getByRole('row').filter({ hasText: 'Test event' });
    await delivery.getByText('Delivered', { exact: true }).waitFor({ timeout: 15_000 });
    await delivery.getByText('HTTP 200').waitFor();

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(verified(whsec, got!)).toBe(true);
    expect(got!.headers['webhook-id']).toMatch(/^msg_/);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'callback.test' });
    const parties = await api<AccessPartyOption[]>(admin, `/api${PATHS.accessList}`);
    const deliveries = await api<ApiPage<CallbackDelivery>>(
      admin,
      `/api${PATHS.callbackDeliveries}?callbackId=${parties[0]!.callbackId}`,
    );
    expect(deliveries.records[0]).toMatchObject({
      status: 'delivered',
      messageId: got!.headers['webhook-id'],
    });

    await delivery.getByRole('button', { name: 'Details' }).click();
    const details = admin.getByRole('dialog', { name: 'Attempts of Test event' });
    await details.getByText('{"received":true}').first().waitFor();
    await fromTheTop(admin, 'application-notify-details-1366');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
    await fitsTheScreen(admin);
    await fromTheTop(admin, 'application-notify-1366');
  });

  it('shows both screens on a phone in English and Chinese, and at 1366 px in Chinese', async () => {
    const phone = await newPage(PHONE, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    // Signed in at a desktop's width (the console switcher sits in the top bar there), then a phone.
    await phone.setViewportSize(DESKTOP);
    await adminIntoCompany(phone);
    await api(phone, `/api${PATHS.accessSaveOrUpdate}`, { name: 'CRM 系统', companyIds: [] });
    const [party] = await api<AccessPartyOption[]>(phone, `/api${PATHS.accessList}`);
    await api(phone, `/api${PATHS.callbackSaveOrUpdate}`, {
      partyId: party!.id,
      url: `${receiverBase}/crm`,
      connectTimeoutMs: 2000,
      responseTimeoutMs: 5000,
      maxRetries: 3,
      eventTypes: ['contract.created', 'contract.completed'],
    });
    await phone.setViewportSize(PHONE);
    await phone.goto('/enterprise-console/application/access');
    await phone.getByRole('listitem', { name: 'CRM 系统' }).getByText('Enabled').waitFor();
    await fitsTheScreen(phone);
    await fromTheTop(phone, 'application-access-390');
    await phone.goto('/enterprise-console/application/application_notify');
    await phone.getByRole('heading', { name: 'API callback', level: 1 }).waitFor();
    await phone.getByRole('textbox', { name: 'Callback URL' }).waitFor();
    await fitsTheScreen(phone);
    await fromTheTop(phone, 'application-notify-390');
    await phone.evaluate(() => window.localStorage.setItem('locale', 'zh'));

    await phone.goto('/enterprise-console/application/access');
    await phone.getByRole('heading', { name: 'API 接入方', level: 1 }).waitFor();
    const card = phone.getByRole('listitem', { name: 'CRM 系统' });
    await card.getByText('已启用').waitFor();
    await fitsTheScreen(phone);
    await fromTheTop(phone, 'application-access-390-zh');

    await phone.goto('/enterprise-console/application/application_notify');
    await phone.getByRole('heading', { name: 'API 回调', level: 1 }).waitFor();
    await phone.getByRole('button', { name: '发送测试事件' }).click();
    await phone.getByText('已送达', { exact: true }).first().waitFor({ timeout: 15_000 });
    await fitsTheScreen(phone);
    await fromTheTop(phone, 'application-notify-390-zh');

    await phone.setViewportSize(DESKTOP);
    await fitsTheScreen(phone);
    await fromTheTop(phone, 'application-notify-1366-zh');
    await phone.goto('/enterprise-console/application/access');
    await phone.getByRole('row').filter({ hasText: 'CRM 系统' }).getByText('已启用').waitFor();
    await fitsTheScreen(phone);
    await fromTheTop(phone, 'application-access-1366-zh');
  });
});
