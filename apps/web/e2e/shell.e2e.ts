/**
 * The signed-in shell, end to end: the language switch, the console switcher and the mobile
 * layout, in Chromium against the built server with a fresh embedded database.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { logInByPassword, screenshot, signIn, stored } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

/** Marks the document: the mark survives anything but a reload. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    document.documentElement.dataset.e2eMark = 'same document';
  });
const documentMarked = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.e2eMark === 'same document');

describe('the signed-in shell, end to end', () => {
  it("serves the app's icon: no 404 for /favicon.ico on a first visit", async () => {
    const page = await newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${platform().base}/login`, { waitUntil: 'networkidle' });
    expect(failed).toEqual([]);
    const icons = await page.$$eval('link[rel="icon"]', (links) =>
      links.map((link) => (link as HTMLLinkElement).href),
    );
    expect(icons.length).toBeGreaterThan(0);
    for (const url of [...icons, `${platform().base}/favicon.ico`]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^image\//);
    }
  });

  it('switches to Chinese and back without a reload, and keeps the choice', async () => {
    const page = await newPage();
    await signIn(page, DEMO.person, DEMO.password);
    // The title names the page in the interface's language, after the unread count when there is one.
    await expect.poll(() => page.title()).toMatch(/^(?:\(\d+\) )?Home · eSign$/);
    await page.getByRole('button', { name: /Filling in$/ }).waitFor();
    await screenshot(page, 'dashboard');
    await markDocument(page);

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('heading', { name: '首页', level: 1 }).waitFor();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    await page.getByRole('button', { name: '切换控制台: 个人控制台' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^(?:\(\d+\) )?首页 · 电子签$/);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await stored(page, 'locale')).toBe('zh');
    expect(await documentMarked(page)).toBe(true);
    await page.getByRole('button', { name: /填写中$/ }).waitFor();
    await screenshot(page, 'dashboard-zh');

    // Kept for the next visit, and told to the server.
    const [call] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/')),
      page.reload(),
    ]);
    expect(call.headers()['lang']).toBe('zh');
    await page.getByRole('heading', { name: '首页', level: 1 }).waitFor();

    await markDocument(page);
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^(?:\(\d+\) )?Home · eSign$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await stored(page, 'locale')).toBe('en');
    expect(await documentMarked(page)).toBe(true);
  });

  it('switches to the demo company and back to the Personal Console', async () => {
    const page = await newPage();
    await signIn(page, DEMO.admin, DEMO.password);
    expect(await stored(page, 'company_id')).toBe('-1');

    await page.getByRole('button', { name: 'Switch console: Personal Console' }).click();
    await page.getByRole('menuitem', { name: DEMO.company }).click();
    await page.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();
    // A company's workbench leads to its enterprise console.
    await page.getByRole('button', { name: 'Operating Console' }).waitFor();
    expect(Number(await stored(page, 'company_id'))).toBeGreaterThan(0);
    expect(await stored(page, 'companyName')).toBe(DEMO.company);

    await page.getByRole('button', { name: `Switch console: ${DEMO.company}` }).click();
    await page.getByRole('menuitem', { name: 'Personal Console' }).click();
    await page.getByRole('button', { name: 'Switch console: Personal Console' }).waitFor();
    expect(await stored(page, 'company_id')).toBe('-1');
  });

  it('replaces the header by “Exit signing” during custom-made signing, which returns to the partner', async () => {
    const page = await newPage();
    const partner = `${platform().base}/register`;
    await page.goto(
      `/custom-made?ticket=partner-ticket-0001&returnUrl=${encodeURIComponent(partner)}`,
    );
    await page.getByRole('heading', { name: 'Custom signing' }).waitFor();
    await page.getByRole('button', { name: 'Go to log in' }).click();
    await logInByPassword(page, DEMO.person, DEMO.password);
    await page.waitForURL('**/dashboard');
    const exit = page.getByRole('button', { name: 'Exit signing' });
    await exit.waitFor();
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Switch console/ }).count()).toBe(0);

    await exit.click();
    await page.waitForURL(partner);
    expect(await stored(page, 'token')).toBeNull();
    // The ticket ended with the signing: the next login shows the whole top bar.
    await page.goto('/login');
    await logInByPassword(page, DEMO.person, DEMO.password);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await exit.count()).toBe(0);
  });

  it('shows the mobile layout on a 390 px wide screen, and the sidebar once wider', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, DEMO.admin, DEMO.password);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const openMenu = page.getByRole('button', { name: 'Open the menu' });
    await openMenu.waitFor();
    expect(await navigation.isVisible()).toBe(false);
    // The counts arrive from the server after the page: wait for them before the picture.
    await page.getByRole('button', { name: /Filling in$/ }).waitFor();
    await screenshot(page, 'mobile-dashboard');

    await openMenu.click();
    await navigation.waitFor();
    for (const item of ['Home', 'Contracts', 'Templates', 'Approvals']) {
      await navigation.getByRole('menuitem', { name: item }).waitFor();
    }
    await screenshot(page, 'mobile-menu');

    await navigation.getByRole('menuitem', { name: 'Contracts' }).click();
    await navigation.getByRole('menuitem', { name: 'Contract list' }).click();
    await page.waitForURL('**/agency-contract/index');
    await page.getByRole('heading', { name: 'Contract list' }).waitFor();
    await navigation.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await navigation.waitFor();
    expect(await openMenu.count()).toBe(0);
  });
});
