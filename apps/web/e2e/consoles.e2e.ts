/**
 * The two consoles on a phone (390 × 844, touch; issue 29): the demo administrator, who last
 * worked in the company on this browser, logs in and lands in the company; a company contract
 * opened from the personal console names the company and, after one tap on the switch, shows the
 * contract on the same page. Screenshots of the refusal in English and Chinese at 390 and 1,366 px
 * (test-results/screenshots/consoles-*.png).
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import {
  administrator,
  fitsTheScreen,
  logInByPassword,
  pathOf,
  screenshot,
  signIn,
  stored,
} from './browser';
import { initiate } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

const PHONE = { width: 390, height: 844 };
/** What the phone is to the browser: a touch screen, a phone's pixel ratio, a mobile browser. */
const PHONE_DEVICE = {
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/131.0.0.0 Mobile Safari/537.36',
};

const switcher = (page: Page, name: string) =>
  page.getByRole('button', { name: `Switch console: ${name}` });

describe('the two consoles on a phone', () => {
  it('logs the administrator in to the company worked in last on this browser', async () => {
    const page = await newPage(PHONE, PHONE_DEVICE);
    // The first login on this browser: the personal console, then a tap into the company.
    await signIn(page, DEMO.admin, DEMO.password);
    await switcher(page, 'Personal Console').tap();
    await page.getByRole('menuitem', { name: DEMO.company }).tap();
    await switcher(page, DEMO.company).waitFor();

    // On a phone, logging out is in the account menu.
    await page.getByRole('button', { name: /^Account menu: / }).tap();
    await page.getByRole('menuitem', { name: 'Log out' }).tap();
    await page.waitForURL(/\/login\?time=\d+$/);
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'company_id')).toBeNull();

    await logInByPassword(page, DEMO.admin, DEMO.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await switcher(page, DEMO.company).waitFor();
    expect(await stored(page, 'companyName')).toBe(DEMO.company);
    await fitsTheScreen(page);
    await screenshot(page, 'consoles-login-lands-in-company-390');
  });

  it('offers the switch on a company contract opened from the personal console, and shows it after one tap', async () => {
    const page = await newPage(PHONE, PHONE_DEVICE);
    const { admin, context } = await administrator(page, platform().base);
    const contract = await initiate(admin, 'Console switch lease');
    await context.close();

    await signIn(page, DEMO.admin, DEMO.password);
    await switcher(page, 'Personal Console').waitFor();
    const address = `/agency-contract/contractDetails?id=${contract.id}`;
    await page.goto(address);
    const owner = page.getByRole('heading', {
      name: `This contract belongs to ${DEMO.company}`,
      level: 1,
    });
    await owner.waitFor();
    expect(await page.getByText('Contract not found or no access').count()).toBe(0);
    await fitsTheScreen(page);
    await screenshot(page, 'consoles-other-console-en-390');

    await page.getByRole('button', { name: `Switch to ${DEMO.company}` }).tap();
    await page.getByRole('heading', { name: /Console switch lease/, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(address);
    await switcher(page, DEMO.company).waitFor();
  });

  it('shows the refusal in Chinese and on a wide screen', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const { admin, context } = await administrator(page, platform().base);
    const contract = await initiate(admin, 'Console switch lease (wide)');
    await context.close();
    await signIn(page, DEMO.admin, DEMO.password);
    const address = `/agency-contract/contractDetails?id=${contract.id}`;
    await page.goto(address);
    await page.getByRole('heading', { name: `This contract belongs to ${DEMO.company}` }).waitFor();
    await screenshot(page, 'consoles-other-console-en-1366');

    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await page.reload();
    await page.getByRole('heading', { name: `该合同属于${DEMO.company}` }).waitFor();
    await screenshot(page, 'consoles-other-console-zh-1366');
    await page.setViewportSize(PHONE);
    await fitsTheScreen(page);
    await screenshot(page, 'consoles-other-console-zh-390');
    await page.getByRole('button', { name: `切换到${DEMO.company}` }).click();
    await page.getByRole('heading', { name: /Console switch lease \(wide\)/, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(address);
  });
});
