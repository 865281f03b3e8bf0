/**
 * Signing approval, end to end (issue 30): the demo company's administrator brings the demo person
 * (an employee) and the demo operator into the company, makes a two-node flow — the administrator
 * approves, then the operator and the administrator countersign — requires it before signing on a
 * template, and sends a contract from it whose company party the employee signs (all through the
 * API, as other journeys set up). Then, in the browser, the employee finds the company's approval
 * needed on the signing page and applies; the administrator decides node 1 from /approval's
 * "Pending my approval", the operator and the administrator countersign; the employee reads it
 * approved. /approval at 1,366 and 390 px in English and Chinese. Screenshots:
 * test-results/screenshots/signing-approval-*.png, each checked by axe-core.
 */
import { PATHS, apiPath, type ContractCreated, type MyStaffRequests } from '@esign/platform';
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { fitsTheScreen, screenshot, signIn } from './browser';
import { enabledTemplate } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const OPERATOR = '13800000003';
const CONTRACT = 'Supply agreement 2027';

/** A signed-in person of its own browser profile, in the demo company's console. */
async function member(page: Page, phone: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: platform().base, viewport: DESKTOP, locale: 'en-US' });
  context.setDefaultTimeout(20_000);
  const member = await context.newPage();
  await signIn(member, phone, DEMO.password);
  return { page: member, context };
}

/**
 * Enters the demo company's console from the top bar, as a person would (after a reload: a member
 * who joined after signing in has the switcher's list of companies read again).
 */
async function intoCompany(page: Page): Promise<void> {
  await page.reload();
  await page.getByRole('button', { name: 'Switch console: Personal Console' }).click();
  await page.getByRole('menuitem', { name: DEMO.company }).click();
  await page.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();
}

/** `phone` joins the demo company, invited by the administrator; gives its user id. */
async function joins(admin: Page, phone: string): Promise<{ id: string; page: Page }> {
  await api(admin, `/api${PATHS.staffInvite}`, { phone });
  const { page } = await member(admin, phone);
  const mine = await api<MyStaffRequests>(page, `/api${PATHS.myStaffRequests}`);
  await api(page, `/api${PATHS.staffAcceptInvite}`, { requestId: mine.invitations[0]!.id });
  const { id } = await api<{ id: string }>(page, `/api${PATHS.userInfo}`);
  return { id, page };
}

/** Approves the approval open on `page` (the person's turn), with a comment. */
async function approve(page: Page, comment: string): Promise<void> {
  const decision = page.getByRole('region', { name: 'Your decision' });
  await decision.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);
  await decision.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('You approved it').waitFor();
}

describe('signing approval', () => {
  it('an employee applies to sign; the administrator, then two countersigners approve', async () => {
    const admin = await newPage(DESKTOP);
    await signIn(admin, DEMO.admin, DEMO.password);
    await intoCompany(admin);
    const adminId = (await api<{ id: string }>(admin, `/api${PATHS.userInfo}`)).id;
    const employee = await joins(admin, DEMO.person);
    const operator = await joins(admin, OPERATOR);

    // The flow, required before signing by a template of the company.
    const flow = await api<{ id: string }>(admin, `/api${PATHS.workflowSubmit}`, {
      name: 'Sales contracts',
      type: 'beforeSign',
      nodes: [
        { kind: 'approver', people: [adminId] },
        { kind: 'countersign', people: [operator.id, adminId] },
      ],
    });
    const templateId = await enabledTemplate(
      admin,
      'Supply agreement',
      [
        { party: 'A', name: 'Supplier', sign: true, fill: false },
        { party: 'B', name: 'Buyer', sign: true, fill: false },
      ],
      (store, pageId) => {
        const { addElement } = store.getState();
        addElement(pageId, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
        addElement(pageId, 'signature', {
          config: { party: 'B' },
          commonStyle: { left: 360, top: 620 },
        });
      },
    );
    await api(admin, apiPath('templateSetWorkflows'), { id: templateId, beforeSign: flow.id });
    const contract = await api<ContractCreated>(admin, apiPath('contractCreate'), {
      name: CONTRACT,
      templateId,
      participants: [
        {
          party: 'A',
          kind: 'company',
          name: 'Demo Person',
          phone: DEMO.person,
          companyName: DEMO.company,
        },
        { party: 'B', name: 'Chen Jie', phone: '13900000777' },
      ],
    });

    // The employee, in the company, finds the approval needed and applies.
    const person = employee.page;
    await intoCompany(person);
    await person.goto(`/agency-contract/contractedit?id=${contract.id}`);
    await person.getByText('Your company’s approval is needed').waitFor();
    await person
      .getByRole('textbox', { name: 'Note for the approvers (optional)' })
      .fill('The customer asks to sign today');
    await person.getByRole('button', { name: 'Apply for signing approval' }).click();
    await person.getByRole('heading', { name: 'Approval in progress', level: 1 }).waitFor();
    await person.mouse.move(0, 0);
    await screenshot(person, 'signing-approval-applied');
    await person.getByRole('button', { name: 'View the approval' }).click();
    await person.getByRole('heading', { name: CONTRACT, level: 1 }).waitFor();
    await person.getByText('Waiting for: Demo Admin').waitFor();

    // The administrator: pending on the tab, decides node 1.
    await admin.goto('/approval/index');
    await admin.getByRole('tab', { name: /Pending my approval/ }).click();
    const row = admin.getByRole('row', { name: new RegExp(CONTRACT) });
    await row.getByText('Sales contracts').waitFor();
    await admin.mouse.move(0, 0);
    await screenshot(admin, 'signing-approval-list-1366');
    await row.getByRole('button', { name: `Decide on ${CONTRACT}` }).click();
    await admin.getByText('The customer asks to sign today').waitFor();
    await admin.mouse.move(0, 0);
    await screenshot(admin, 'signing-approval-decide-1366');
    await approve(admin, 'Prices checked');
    // Node 1 shows the decision; node 2 opens, and the administrator countersigns there too.
    await admin.getByText('Prices checked').waitFor();
    await admin.getByRole('region', { name: 'Your decision' }).waitFor();
    await approve(admin, 'Terms checked');
    await admin.getByText('Waiting for: Demo Operator').waitFor();

    // The operator countersigns last: the approval is approved and the contract goes on.
    await intoCompany(operator.page);
    await operator.page.goto('/approval/index?tab=pending');
    await operator.page
      .getByRole('row', { name: new RegExp(CONTRACT) })
      .getByRole('button', { name: `Decide on ${CONTRACT}` })
      .click();
    await approve(operator.page, '');
    await operator.page.getByText(/^Approved on .*: the contract goes on\.$/).waitFor();

    // The employee reads it approved, each step with who decided.
    await person.reload();
    await person.getByText(/^Approved on /).waitFor();
    expect(await person.getByText('Prices checked').count()).toBe(1);
    await person.mouse.move(0, 0);
    await screenshot(person, 'signing-approval-approved-1366');
    await person.goto('/approval/index');
    await person
      .getByRole('row', { name: new RegExp(CONTRACT) })
      .getByText('Approved', { exact: true })
      .waitFor();

    // On a phone, in English and Chinese: the list as cards, the approval with its course.
    await person.setViewportSize(PHONE);
    await person.getByRole('listitem', { name: CONTRACT }).waitFor();
    await fitsTheScreen(person);
    await screenshot(person, 'signing-approval-list-390');
    await person.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await person.reload();
    await person.getByRole('tab', { name: '我发起', exact: true }).waitFor();
    await person.getByRole('listitem', { name: CONTRACT }).getByText('已通过').waitFor();
    await screenshot(person, 'signing-approval-list-390-zh');
    await person.getByRole('listitem', { name: CONTRACT }).getByRole('link').click();
    await person.getByRole('heading', { name: '审批流程', level: 2 }).waitFor();
    await fitsTheScreen(person);
    await screenshot(person, 'signing-approval-view-390-zh');
    await person.setViewportSize(DESKTOP);
    await screenshot(person, 'signing-approval-view-1366-zh');
  });
});
