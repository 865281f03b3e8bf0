/**
 * The frame of an end-to-end test file: one built platform and one Chromium for the file, and a
 * fresh browser profile per test, closed after it. A test fails when a page script threw an error
 * nothing caught.
 */
import type { Browser, BrowserContextOptions } from 'playwright';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
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
  afterEach(async () => {
    if (!current) return;
    const { page, uncaught } = current;
    current = undefined;
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
