/**
 * Hardware-key login, end to end (issue 34): the demo person makes a software key in the user
 * center (/user-center/hardware-key: the key pair made in Chromium, the certificate issued by the
 * platform, the key file downloaded), logs out, and logs in on the login page's Hardware key tab
 * with that file and its PIN — a wrong PIN first, refused in the browser with nothing sent to the
 * platform. Then the key tab and the keys page at 1,366 and 390 px in English and Chinese.
 * Screenshots: test-results/screenshots/hardware-key-*.png.
 */
import { PATHS, message, type HardwareKey } from '@esign/platform';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { fitsTheScreen, screenshot, signIn, stored, typeInto } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PIN = 'e2e-Key1';

/** Makes a software key named `name` on the keys page; gives where its file was saved. */
async function makeSoftwareKey(page: Page, name: string): Promise<string> {
  await page.goto('/user-center/hardware-key');
  await page.getByRole('heading', { name: 'Hardware keys', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Make a software key' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  // The spec's PIN rule, at the field, before anything is made.
  await typeInto(dialog.getByLabel('PIN', { exact: true }), '123456');
  await typeInto(dialog.getByLabel('Confirm the PIN'), '123456');
  await dialog.getByRole('button', { name: 'Make and download' }).click();
  await dialog.getByText(message('pinRule', 'en')).waitFor();
  await dialog.getByLabel('PIN', { exact: true }).fill(PIN);
  await dialog.getByLabel('Confirm the PIN').fill(PIN);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Make and download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${name}.esignkey`);
  const saved = await download.path();
  await page.getByText('Your key file is downloaded').waitFor();
  await screenshot(page, 'hardware-key-made-1366-en');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return saved;
}

/** Opens the login page's Hardware key tab and logs in with `file` and `pin`. */
async function logInWithKey(page: Page, file: string, pin: string, labels = EN) {
  await page.getByRole('tab', { name: labels.tab }).click();
  await page.getByLabel(labels.file).setInputFiles(file);
  await page.getByText(labels.chosen).waitFor();
  await page.getByLabel(labels.pin, { exact: true }).fill(pin);
  await page.getByRole('button', { name: labels.submit }).click();
}

const EN = {
  tab: 'Hardware key',
  file: 'Key file',
  chosen: /certificate valid until \d{4}-\d{2}-\d{2}/,
  pin: 'PIN',
  submit: 'Log in with the key',
};
const ZH = {
  tab: '证书登录',
  file: 'Key 文件',
  chosen: /证书有效期至 \d{4}-\d{2}-\d{2}/,
  pin: 'PIN 码',
  submit: '使用证书登录',
};

describe('hardware-key login', () => {
  it('makes a software key in the user center, logs out, and logs in with its file and PIN', async () => {
    const page = await newPage(DESKTOP, { acceptDownloads: true });
    await signIn(page, DEMO.person, DEMO.password);
    const file = await makeSoftwareKey(page, 'E2E laptop');
    const card = page.getByRole('listitem').filter({ hasText: 'E2E laptop' });
    await card.getByText('SM2/SM3').waitFor();
    await card.getByText('Platform certificate').waitFor();
    await card.getByText('Not used yet').waitFor();
    await fitsTheScreen(page);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login\?time=\d+$/);
    expect(await stored(page, 'token')).toBeNull();

    // The login's calls, as the browser sends them.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname.slice(4));
    });
    await logInWithKey(page, file, 'wrong-Pin2');
    await page.getByText('Wrong PIN: it does not open this key').waitFor();
    const login: string[] = [PATHS.hardwareKeyRandom, PATHS.hardwareKeyOriginal, PATHS.token];
    expect(asked.filter((path) => login.includes(path))).toEqual([]);
    await screenshot(page, 'hardware-key-wrong-pin-1366-en');

    await page.getByLabel('PIN', { exact: true }).fill(PIN);
    // A second click within a second of the first counts as the same one (useSubmit).
    await page.waitForTimeout(1_100);
    await page.getByRole('button', { name: 'Log in with the key' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(asked.filter((path) => login.includes(path)).slice(0, 3)).toEqual(login);
    const [key] = await api<HardwareKey[]>(page, `/api${PATHS.hardwareKeyList}`);
    expect(key).toMatchObject({ name: 'E2E laptop', status: 'active', source: 'issued' });
    expect(key!.lastUsedAt).not.toBeNull();
  });

  // The key tab and the keys page at 1,366 and 390 px, in English and Chinese.
  for (const [width, locale] of [
    [1366, 'en'],
    [1366, 'zh'],
    [390, 'en'],
    [390, 'zh'],
  ] as const) {
    it(`shows the key login and the keys page at ${width} px in ${locale === 'zh' ? 'Chinese' : 'English'}`, async () => {
      const page = await newPage(DESKTOP, { acceptDownloads: true });
      await signIn(page, DEMO.person, DEMO.password);
      const file = await makeSoftwareKey(page, `Key ${width} ${locale}`);
      await page.evaluate(() => window.localStorage.clear());
      await page.setViewportSize(width === 390 ? PHONE : DESKTOP);
      await page.evaluate((chosen) => window.localStorage.setItem('locale', chosen), locale);
      await page.goto('/login');
      const labels = locale === 'zh' ? ZH : EN;
      await page.getByRole('tab', { name: labels.tab }).click();
      await page.getByLabel(labels.file).setInputFiles(file);
      await page.getByText(labels.chosen).waitFor();
      if (width === 390) await fitsTheScreen(page);
      await screenshot(page, `hardware-key-login-${width}-${locale}`);
      await page.getByLabel(labels.pin, { exact: true }).fill(PIN);
      await page.getByRole('button', { name: labels.submit }).click();
      await page.waitForURL('**/dashboard');

      await page.goto('/user-center/hardware-key');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByText(`Key ${width} ${locale}`).waitFor();
      if (width === 390) await fitsTheScreen(page);
      await screenshot(page, `hardware-key-list-${width}-${locale}`);
    });
  }
});
