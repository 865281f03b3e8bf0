/**
 * The frame of an end-to-end test file: one built platform and one Chromium for the file, and a
 * fresh browser profile per test, closed after it. A test fails when a page script threw an error
 * nothing caught. A retried test (vitest.workspace.ts `BROWSER_RETRY`) starts on a fresh platform,
 * so that it does not meet what its first attempt made (stop 37: a retry refused with "this phone
 * already belongs to a member", the first attempt having invited it). A failed test prints where
 * its page was and what it showed, so that a failure in CI's log can be read without a screenshot.
 */
import type { Browser, BrowserContextOptions } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { launchChromium, openFreshPage, type FreshPage } from './browser';
import { startPlatform, type RunningPlatform } from './server';

export interface EndToEnd {
  /** The running platform (available inside tests). */
  platform(): RunningPlatform;
  /** A page in a fresh browser profile, 1280 × 800 unless told, on the device described. */
  newPage(
    viewport?: { width: number; height: number },
    device?: BrowserContextOptions,
  ): Promise<FreshPage['page']>;
}

/** Registers the file's hooks; call once at the top of a test file. */
export function endToEnd(): EndToEnd {
  let platform: RunningPlatform | undefined;
  let browser: Browser | undefined;
  let current: FreshPage | undefined;

  beforeAll(async () => {
    [platform, browser] = await Promise.all([startPlatform(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });
  beforeEach(async ({ task }) => {
    if ((task.result?.retryCount ?? 0) === 0) return;
    await platform?.stop();
    platform = await startPlatform();
  });
  afterEach(async ({ task }) => {
    if (!current) return;
    const { page, uncaught } = current;
    current = undefined;
    if (task.result?.state === 'fail') await describePage(page);
    await page.context().close();
    expect(uncaught.map((error) => error.message)).toEqual([]);
  });

  return {
    platform: () => platform!,
    async newPage(viewport, device) {
      // A Chromium that crashed under a loaded machine (seen once in CI: the browser process gone
      // mid-test) is started again, so that the test's retry runs in a browser.
      if (!browser?.isConnected()) browser = await launchChromium();
      current = await openFreshPage(browser, platform!.base, viewport, device);
      return current.page;
    },
  };
}

/** Prints the failed page's address and the text it showed (the first 2,000 characters). */
async function describePage(page: FreshPage['page']): Promise<void> {
  const shown = await page
    .evaluate(() => document.body.innerText)
    .catch((error: unknown) => `(the page could not be read: ${String(error)})`);
  console.error(`The failed test's page: ${page.url()}\n${shown.slice(0, 2000)}`);
}
