/**
 * Approval flows, end to end (issue 30): the demo company's administrator brings the demo person
 * into the company, then builds a two-node flow in the editor — an approver, then a countersign of
 * two — watching the rules of spec 001 §5 follow each change (empty, one countersigner, people
 * missing) before saving; the list shows the flow, which the administrator disables and enables
 * again; a second flow is removed after the confirmation. The same screens at 390 px with touch
 * and in Chinese. Screenshots: test-results/screenshots/approval-*.png.
 */
import { PATHS, type MyStaffRequests } from '@esign/platform';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, fitsTheScreen, screenshot, signIn, typeInto } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PHONE_DEVICE = {
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/131.0.0.0 Mobile Safari/537.36',
};

/** The demo person joins the demo company, invited by the administrator (through the API). */
async function personJoins(admin: Page): Promise<void> {
  await api(admin, `/api${PATHS.staffInvite}`, { phone: DEMO.person });
  const context = await admin
    .context()
    .browser()!
    .newContext({ baseURL: platform().base, viewport: DESKTOP, locale: 'en-US' });
  const person = await context.newPage();
  await signIn(person, DEMO.person, DEMO.password);
  const mine = await api<MyStaffRequests>(person, `/api${PATHS.myStaffRequests}`);
  await api(person, `/api${PATHS.staffAcceptInvite}`, { requestId: mine.invitations[0]!.id });
  await context.close();
}

/** The rules region of the editor. */
const rules = (page: Page) => page.getByRole('region', { name: 'Rules of the flow' });

/** Picks a member for a node's people by typing part of their name. */
async function pick(page: Page, node: number, name: string): Promise<void> {
  const field = page.getByRole('combobox', { name: `People of node ${node}` });
  await field.click();
  await field.pressSequentially(name.split(' ')[1]!);
  // antd keeps a closed node's list in the page, hidden: the open one is the one to pick from.
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: name,
    })
    .click();
  await page.keyboard.press('Escape');
}

describe('approval flows', () => {
  it('an administrator builds an approver-then-countersign flow as the rules follow, enables, disables and removes', async () => {
    const admin = await newPage(DESKTOP);
    await adminIntoCompany(admin);
    await personJoins(admin);

    await admin.getByRole('button', { name: 'Operating Console' }).click();
    await admin
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('menuitem', { name: 'Approval settings' })
      .click();
    await admin.getByRole('heading', { name: 'Approval settings', level: 1 }).waitFor();
    await admin.getByText('No approval flows yet').waitFor();
    await admin.getByRole('button', { name: 'New approval flow' }).first().click();
    await admin.getByRole('heading', { name: 'New approval flow', level: 1 }).waitFor();

    // Empty: two rules not yet kept.
    await rules(admin).getByText('Not yet: The flow cannot be empty').waitFor();
    await rules(admin).getByText('Not yet: At least one approval node').waitFor();
    await typeInto(admin.getByLabel('Flow name'), 'Sales contracts');

    await admin.getByRole('button', { name: 'Add approver' }).click();
    await rules(admin).getByText('Kept: The flow cannot be empty').waitFor();
    await rules(admin)
      .getByText('Not yet: People must be chosen for every node (node 1)')
      .waitFor();
    await pick(admin, 1, 'Demo Admin');
    await admin.getByRole('button', { name: 'Add countersign' }).click();
    await pick(admin, 2, 'Demo Person');
    await rules(admin).getByText('Not yet: Two or more countersigners required (node 2)').waitFor();
    await admin.mouse.move(0, 0);
    await screenshot(admin, 'approval-editor-one-countersigner');
    await pick(admin, 2, 'Demo Admin');
    await rules(admin).getByText('Kept: Two or more countersigners required').waitFor();
    expect(
      await rules(admin)
        .getByText(/^Not yet/)
        .count(),
    ).toBe(0);
    await admin.mouse.move(0, 0);
    await screenshot(admin, 'approval-editor-1366');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('“Sales contracts” is saved').waitFor();

    // The list: the flow with its type, creator and switch.
    const row = admin.getByRole('row', { name: /Sales contracts/ });
    await row.getByText('Approval before signing').waitFor();
    await row.getByText('Demo Admin').waitFor();
    await row.getByText('2 nodes').waitFor();
    const enabled = row.getByRole('switch', { name: 'Enabled: Sales contracts' });
    expect(await enabled.getAttribute('aria-checked')).toBe('true');
    await enabled.click();
    await admin.getByText('“Sales contracts” is disabled').waitFor();
    await expect.poll(() => enabled.getAttribute('aria-checked')).toBe('false');
    await enabled.click();
    await admin.getByText('“Sales contracts” is enabled').waitFor();
    await admin.mouse.move(0, 0);
    await screenshot(admin, 'approval-list-1366');

    // The flow read-only: its nodes in order, with their people.
    await row.getByRole('button', { name: 'View Sales contracts' }).click();
    await admin.getByRole('heading', { name: 'Sales contracts', level: 1 }).waitFor();
    await admin.getByRole('heading', { name: 'Node 1: Approver', level: 3 }).waitFor();
    await admin.getByRole('heading', { name: 'Node 2: Countersign', level: 3 }).waitFor();
    expect(await admin.getByText('Demo Person').count()).toBe(1);
    await admin.mouse.move(0, 0);
    await screenshot(admin, 'approval-view-1366');

    // A second flow, made through the API, is removed after the confirmation.
    await api(admin, `/api${PATHS.workflowSubmit}`, {
      name: 'Short-lived',
      type: 'beforeInitiate',
      nodes: [
        {
          kind: 'approver',
          people: [(await api<{ id: string }>(admin, `/api${PATHS.userInfo}`)).id],
        },
      ],
    });
    await admin.getByRole('button', { name: 'Back to approval flows' }).click();
    // Made outside this page: the list shows it once read again.
    await admin.reload();
    const shortLived = admin.getByRole('row', { name: /Short-lived/ });
    await shortLived.getByRole('button', { name: 'Remove Short-lived' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('“Short-lived” is removed').waitFor();
    await expect.poll(() => shortLived.count()).toBe(0);
  });

  it('the same screens on a phone with touch, in English and in Chinese', async () => {
    const phone = await newPage(PHONE, PHONE_DEVICE);
    // Signed in at a desktop's width (the console switcher sits in the top bar there), then a phone.
    await phone.setViewportSize(DESKTOP);
    await adminIntoCompany(phone);
    await phone.setViewportSize(PHONE);
    await api(phone, `/api${PATHS.workflowSubmit}`, {
      name: 'Leases',
      type: 'beforeSign',
      nodes: [
        {
          kind: 'approver',
          people: [(await api<{ id: string }>(phone, `/api${PATHS.userInfo}`)).id],
        },
      ],
    });
    await phone.goto('/enterprise-console/examine');
    const card = phone.getByRole('listitem', { name: 'Leases' });
    await card.getByText('Approval before signing').waitFor();
    await screenshot(phone, 'approval-list-390');
    await card.getByRole('button', { name: 'Edit Leases' }).tap();
    await phone.getByRole('heading', { name: 'Edit approval flow', level: 1 }).waitFor();
    await phone.getByRole('button', { name: 'Add countersign' }).tap();
    await rules(phone)
      .getByText('Not yet: People must be chosen for every node (node 2)')
      .waitFor();
    // The screenshot shows the page at rest, not the tapped button's hover colour.
    await phone.getByRole('heading', { name: 'Rules of the flow' }).tap();
    // Nothing runs past the screen's width.
    await fitsTheScreen(phone);
    await screenshot(phone, 'approval-editor-390');

    await phone.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await phone.reload();
    await phone.getByRole('heading', { name: '编辑审批流程', level: 1 }).waitFor();
    await phone.getByRole('button', { name: '添加会签' }).tap();
    await phone
      .getByRole('region', { name: '流程规则' })
      .getByText('未满足：每个节点都必须选择人员（节点 2）')
      .waitFor();
    await phone.getByRole('heading', { name: '流程规则' }).tap();
    await screenshot(phone, 'approval-editor-390-zh');
    await phone.goto('/enterprise-console/examine');
    await phone.getByRole('listitem', { name: 'Leases' }).getByText('签署前审批').waitFor();
    await screenshot(phone, 'approval-list-390-zh');
    await phone.setViewportSize(DESKTOP);
    await phone.getByRole('row', { name: /Leases/ }).waitFor();
    await screenshot(phone, 'approval-list-1366-zh');
  });
});
