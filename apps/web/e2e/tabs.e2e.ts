/**
 * Several tabs of one browser sharing one session, end to end: renewing it together, following
 * each other's company switch and logout. Every page here belongs to one browser context, as
 * the tabs of one browser window do (one localStorage, Web Locks and BroadcastChannel shared).
 */
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { signIn, stored } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage } = endToEnd();

/** Counts the refresh-token grants the browser sends to the token endpoint. */
function countRefreshes(context: BrowserContext): () => number {
  let count = 0;
  context.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.url().includes('/api/blade-auth/oauth/token') &&
      new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token'
    ) {
      count += 1;
    }
  });
  return () => count;
}

/** Makes the stored session 1,000 s old: 800 s of its 1,800 left, inside the 900 s refresh window. */
const ageSession = (page: Page) =>
  page.evaluate(() => {
    window.localStorage.setItem('lastStamp', String(Date.now() - 1_000_000));
  });

/** Waits for the dashboard of a signed-in tab. */
const onDashboard = (page: Page) => page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();

describe('tabs of one browser, end to end', () => {
  for (const tabs of [2, 5]) {
    it(`renews the session once when ${tabs} tabs load at the same moment, and all stay signed in`, async () => {
      const first = await newPage();
      const context = first.context();
      await signIn(first, DEMO.person, DEMO.password);
      const before = await stored(first, 'refresh_token');
      await ageSession(first);
      const refreshes = countRefreshes(context);
      const pages = [
        first,
        ...(await Promise.all(Array.from({ length: tabs - 1 }, () => context.newPage()))),
      ];
      await Promise.all(pages.map((page) => page.goto('/dashboard')));
      await Promise.all(pages.map(onDashboard));
      for (const page of pages) {
        expect(new URL(page.url()).pathname).toBe('/dashboard');
        // Each tab reads the user with the renewed session.
        await page.getByRole('button', { name: /^Account menu: / }).waitFor();
        expect(await stored(page, 'token')).toBeTruthy();
      }
      expect(refreshes()).toBe(1);
      const after = await stored(first, 'refresh_token');
      expect(after).not.toBe(before);
      // A later navigation in any tab needs no renewal: the session is fresh for all of them.
      await pages.at(-1)!.goto('/dashboard');
      await onDashboard(pages.at(-1)!);
      expect(refreshes()).toBe(1);
    });
  }

  it('shows in one tab the company another tab switched to, without a reload', async () => {
    const first = await newPage();
    await signIn(first, DEMO.admin, DEMO.password);
    const second = await first.context().newPage();
    await second.goto('/dashboard');
    await onDashboard(second);
    await second.evaluate(() => {
      document.documentElement.dataset.e2eMark = 'same document';
    });
    await second.getByRole('button', { name: 'Switch console: Personal Console' }).waitFor();

    await first.getByRole('button', { name: 'Switch console: Personal Console' }).click();
    await first.getByRole('menuitem', { name: DEMO.company }).click();
    await first.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();

    await second.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();
    expect(await second.evaluate(() => document.documentElement.dataset.e2eMark)).toBe(
      'same document',
    );
  });

  it('logs the other tabs out when one logs out', async () => {
    const first = await newPage();
    await signIn(first, DEMO.person, DEMO.password);
    const second = await first.context().newPage();
    await second.goto('/dashboard');
    await onDashboard(second);

    await first.getByRole('button', { name: 'Log out' }).click();
    await first.waitForURL(/\/login\?time=\d+$/);
    // The other tab leaves for the login page too, and a visit to a signed-in page stays there.
    await second.waitForURL(/\/login\?/);
    await second.goto('/dashboard');
    await second.waitForURL(/\/login\?/);
    expect(await stored(second, 'token')).toBeNull();
  });
});
