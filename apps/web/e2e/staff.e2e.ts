/**
 * The company and its people, end to end (issue 12): the demo company's administrator invites the
 * demo person by phone; the person finds the invitation on their home page and accepts it; the
 * administrator makes them a seal user; in the company the member's sidebar shows only what that
 * role grants, and opening a page it withholds by its address says 'No permission for now'; the
 * administrator forbids the member, whose next click takes them out of the company into their
 * personal console.
 */
import type { Browser, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { adminIntoCompany, screenshot, signIn, typeInto } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

const VIEWPORT = { width: 1366, height: 900 };

/** A second person at another browser, signed in as `phone`. */
async function anotherPerson(browser: Browser, phone: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: platform().base,
    viewport: VIEWPORT,
    locale: 'en-US',
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await signIn(page, phone, DEMO.password);
  return page;
}

/** The entries of the sidebar, as a person reads them. */
async function sidebar(page: Page): Promise<string[]> {
  const navigation = page.getByRole('navigation', { name: 'Navigation' });
  await navigation.getByRole('menuitem').first().waitFor();
  return (await navigation.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

describe('the company and its people', () => {
  it('invites the demo person, who accepts; as a seal user they see only what the role grants; forbidden, they are sent out', async () => {
    const admin = await newPage(VIEWPORT);
    await adminIntoCompany(admin);
    await admin.getByRole('button', { name: 'Operating Console' }).click();
    await admin
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('menuitem', { name: 'Staff' })
      .click();
    await admin.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();

    // The administrator invites the demo person by phone, as an employee.
    await admin.getByRole('button', { name: 'Invite staff' }).click();
    const invite = admin.getByRole('dialog', { name: 'Invite staff' });
    await typeInto(invite.getByRole('textbox', { name: 'Phone number' }), DEMO.person);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${DEMO.person}`).waitFor();
    // The SMS went out through the provider (the development outbox).
    expect(await platform().smsCode(DEMO.person, 'staff-invite')).toBeTruthy();

    // The person finds the invitation on their home page and accepts it.
    const person = await anotherPerson(admin.context().browser()!, DEMO.person);
    await person.getByText(`${DEMO.company} invited you to join it`).waitFor();
    await person.getByRole('button', { name: 'View invitations' }).click();
    await person.getByText('Invitations for you').waitFor();
    // The personal console has no enterprise console: the sidebar offers this page alone.
    expect(await sidebar(person)).toEqual(['Staff']);
    await screenshot(person, 'staff-invitation');
    await person.getByRole('button', { name: 'Accept' }).click();
    await person.getByText(`You joined ${DEMO.company}`, { exact: false }).waitFor();

    // The administrator sees the new member and makes them a seal user.
    await admin.reload();
    const row = admin.getByRole('row', { name: /Demo Person/ });
    await row.waitFor();
    await row.getByText('Employee').waitFor();
    await row.getByRole('button', { name: 'Set role' }).click();
    const setRole = admin.getByRole('dialog', { name: /Set the role of Demo Person/ });
    await setRole.getByRole('combobox', { name: 'New role' }).click();
    // antd draws the visible options apart from the listbox's accessible ones.
    await admin.locator('.ant-select-item-option', { hasText: 'Seal user' }).click();
    await setRole.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText('Demo Person is now Seal user').waitFor();
    await row.getByText('Seal user').waitFor();

    // The member enters the company: the enterprise console lists only the seal user's pages.
    await person.getByRole('button', { name: 'Switch console: Personal Console' }).click();
    await person.getByRole('menuitem', { name: DEMO.company }).click();
    await person.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();
    await person.getByRole('button', { name: 'Operating Console' }).click();
    await person.getByRole('heading', { name: 'Company information', level: 1 }).waitFor();
    expect(await sidebar(person)).toEqual(['Company information', 'Seals']);
    await screenshot(person, 'staff-seal-user-console');

    // A page the role withholds, opened by its address, says so.
    await person.goto('/enterprise-console/staff_list');
    await person.getByRole('heading', { name: 'No permission for now' }).waitFor();
    expect(await person.getByRole('table').count()).toBe(0);

    // The administrator forbids the member …
    await admin.reload();
    await row.getByRole('button', { name: 'Forbid' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Forbid' }).click();
    await admin.getByText('Demo Person is forbidden').waitFor();
    await row.getByText('Forbidden').waitFor();

    // … whose next click takes them out of the company, into their personal console at home.
    await person
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('menuitem', { name: 'Company information' })
      .click();
    await person.getByText('You no longer have access to this company').first().waitFor();
    await person.getByRole('button', { name: 'Switch console: Personal Console' }).waitFor();
    await person.waitForURL('**/dashboard');
    // The company is no longer offered to them.
    await person.getByRole('button', { name: 'Switch console: Personal Console' }).click();
    await person.getByRole('menuitem', { name: 'Personal Console' }).waitFor();
    expect(await person.getByRole('menuitem', { name: DEMO.company }).count()).toBe(0);
    await person.context().close();
  });
});
