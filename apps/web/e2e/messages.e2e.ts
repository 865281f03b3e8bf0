/**
 * The message centre, as the demo person walks it: a contract sent by the administrator joins the
 * welcome messages behind the bell; "View all messages" opens the centre; the unread ones are
 * marked read one by one and all at once (the bell follows), one is deleted after a confirmation,
 * the page and the messages read in Chinese, and the contract's message leads to the contract.
 */
import { describe, expect, it } from 'vitest';
import { administrator, screenshot, signIn } from './browser';
import { initiate } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

describe('the message centre', () => {
  it('lists the person’s messages, marks them read, deletes one after confirming and opens a contract’s', async () => {
    const person = await newPage({ width: 1280, height: 800 });
    const { admin, context } = await administrator(person, platform().base);
    try {
      const contract = await initiate(admin, 'Office move');

      await signIn(person, DEMO.person, DEMO.password);
      const bell = (count: number) =>
        person.getByRole('button', { name: `Messages, ${count} unread`, exact: true });
      await bell(3).click();
      await person.getByRole('button', { name: 'View all messages' }).click();
      await person.waitForURL('**/msg-center/all?menu=0');
      await person.getByRole('heading', { name: 'All messages', level: 1 }).waitFor();
      const list = person.getByRole('list', { name: 'All messages' });
      const rows = list.getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(3);
      // Newest first: the contract's message.
      await expect.poll(() => rows.first().textContent()).toContain(contract.number);
      await screenshot(person, 'messages-all');

      // The unread ones: marked read one by one, then all at once; the bell follows.
      await person.getByText('Unread', { exact: true }).click();
      await person.waitForURL('**/msg-center/all?menu=1');
      await person.getByRole('button', { name: 'Mark as read: “Welcome to eSign”' }).click();
      await expect.poll(() => rows.count()).toBe(2);
      await bell(2).waitFor();
      await person.getByRole('button', { name: 'Mark all as read' }).click();
      await person.getByText('Nothing unread').waitFor();
      await bell(0).waitFor();
      await screenshot(person, 'messages-none-unread');

      // Deleted after a confirmation; cancelled first, nothing goes.
      await person.getByText('All', { exact: true }).click();
      await expect.poll(() => rows.count()).toBe(3);
      await person.getByRole('button', { name: 'Delete “Welcome to eSign”' }).click();
      const confirm = person.getByRole('dialog', { name: 'Delete this message?' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await rows.count()).toBe(3);
      await person.getByRole('button', { name: 'Delete “Welcome to eSign”' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await person.getByText('The message was deleted').waitFor();
      await expect.poll(() => rows.count()).toBe(2);
      await person.getByText('2 messages').waitFor();

      // In Chinese.
      await person.getByRole('button', { name: 'Language' }).click();
      await person.getByRole('menuitem', { name: '中文' }).click();
      await person.getByRole('heading', { name: '全部消息', level: 1 }).waitFor();
      await person.getByText('共 2 条').waitFor();
      // The messages themselves are in the reader's language, and back in English after.
      const listZh = person.getByRole('list', { name: '全部消息' });
      await listZh.getByText('您收到一份合同').waitFor();
      expect(await listZh.getByText('A contract was sent to you').count()).toBe(0);
      await screenshot(person, 'messages-zh');
      await person.getByRole('button', { name: '语言' }).click();
      await person.getByRole('menuitem', { name: 'English' }).click();
      await list.getByText('A contract was sent to you', { exact: true }).waitFor();

      // The contract's message leads to the contract: its row is a button named by its words.
      await list.getByRole('button', { name: /^A contract was sent to you/ }).click();
      await person.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}`);
      await person.getByRole('heading', { name: /Office move/, level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
