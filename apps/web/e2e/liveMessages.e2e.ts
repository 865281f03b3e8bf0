/**
 * Messages that arrive by themselves: the demo administrator, in the Personal Console with no
 * reload, sees the bell's count rise and the tab's title follow when the demo person initiates a
 * contract naming the administrator's company; opening that company message signs the
 * administrator into the company and shows the contract.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from './browser';
import { initiate, sealAndSignature } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

describe('messages that arrive by themselves', () => {
  it('raises the bell and the title without a reload, and opens the message in its company', async () => {
    const admin = await newPage({ width: 1280, height: 800 });
    await signIn(admin, DEMO.admin, DEMO.password);
    await admin.getByRole('button', { name: 'Switch console: Personal Console' }).waitFor();
    const bell = admin.getByRole('button', { name: /^Messages, \d+ unread$/ });
    const countOf = async () =>
      Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    await bell.waitFor();
    const before = await countOf();
    // A page that reloads loses this mark.
    await admin.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // The demo person, in a browser of their own, sends a contract naming the company as party A.
    const context = await admin
      .context()
      .browser()!
      .newContext({ baseURL: platform().base, viewport: { width: 1280, height: 800 } });
    try {
      const person = await context.newPage();
      await signIn(person, DEMO.person, DEMO.password);
      const contract = await initiate(person, 'Live delivery', sealAndSignature());

      await admin
        .getByRole('button', { name: `Messages, ${before + 1} unread`, exact: true })
        .waitFor({ timeout: 10_000 });
      await expect.poll(() => admin.title()).toMatch(new RegExp(`^\\(${before + 1}\\) `));
      expect(
        await admin.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).toBe(true);

      // The newest unread message is the contract's, sent to the company: opening it signs into
      // the company and shows the contract.
      await admin.getByRole('button', { name: `Messages, ${before + 1} unread` }).click();
      const item = admin.locator('.message-item').filter({ hasText: contract.number });
      await item.click();
      await admin.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}`);
      await admin.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();
      await admin.getByRole('heading', { name: /Live delivery/, level: 1 }).waitFor();
      await admin
        .getByRole('button', { name: `Messages, ${before} unread`, exact: true })
        .waitFor();
      await expect.poll(() => admin.title()).not.toMatch(new RegExp(`^\\(${before + 1}\\) `));
    } finally {
      await context.close();
    }
  });
});
