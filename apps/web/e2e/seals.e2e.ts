/**
 * Seals as managed assets, end to end (issue 14): the demo person draws a signature with mouse
 * strokes in My seals, makes it the default and signs a contract with it — the downloaded PDF
 * carries the drawn ink in B's signature box. The demo administrator makes a contract seal from
 * the template in the enterprise console and authorises a member for one template only; the member
 * signs a contract of that template with it, and is offered no seal for another template's
 * contract.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  apiPath,
  type ContractCreated,
  type ContractDetail,
  type StaffRequest,
  type TemplateParty,
} from '@esign/platform';
import type { EditorStore } from '@esign/template-editor/core';
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, screenshot, signIn, typeInto } from './browser';
import { enabledTemplate } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const run = promisify(execFile);
const { newPage, platform } = endToEnd();

const VIEWPORT = { width: 1366, height: 900 };

/** A: the demo company seals; B: the demo person signs. Nothing to fill after sending. */
const ROLES = [
  { party: 'A' as TemplateParty, name: 'Supplier', sign: true, fill: false },
  { party: 'B' as TemplateParty, name: 'Buyer', sign: true, fill: false },
];

function placeSeals(store: EditorStore, pageId: string): void {
  const { addElement } = store.getState();
  addElement(pageId, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
  addElement(pageId, 'signature', {
    config: { party: 'B' },
    commonStyle: { left: 360, top: 620, width: 160, height: 80 },
  });
}

/** B's signature box in PDF points from the top-left (as placed above). */
const B_BOX = { left: 360, top: 620, width: 160, height: 80 };

/** A contract the administrator sends from a template through the API: A the company, B the person. */
async function sendFromTemplate(admin: Page, templateId: string, name: string): Promise<string> {
  const created = await api<ContractCreated>(admin, apiPath('contractCreate'), {
    name,
    agreementType: 'contract',
    signingOrder: 'parallel',
    participants: [
      {
        party: 'A',
        kind: 'company',
        name: 'Demo Admin',
        phone: DEMO.admin,
        companyName: DEMO.company,
      },
      { party: 'B', name: 'Demo Person', phone: DEMO.person },
    ],
    templateId,
    values: {},
  });
  return created.id;
}

/** A second browser profile, signed in as `phone` when one is given. */
async function anotherPerson(
  page: Page,
  phone?: string,
): Promise<{ other: Page; context: BrowserContext }> {
  const context = await page.context().browser()!.newContext({
    baseURL: platform().base,
    viewport: VIEWPORT,
    locale: 'en-US',
    acceptDownloads: true,
  });
  context.setDefaultTimeout(20_000);
  const other = await context.newPage();
  if (phone) await signIn(other, phone, DEMO.password);
  return { other, context };
}

/** Draws a signature on the pad with mouse strokes: a loop and a long underline. */
async function drawSignature(page: Page): Promise<void> {
  const pad = page
    .getByRole('img', { name: 'Signature drawing area' })
    .or(page.getByLabel('Signature drawing area'));
  await pad.first().scrollIntoViewIfNeeded();
  const box = (await pad.first().boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const stroke = async (points: readonly (readonly [number, number])[]) => {
    await page.mouse.move(...at(...points[0]!));
    await page.mouse.down();
    for (const point of points.slice(1)) await page.mouse.move(...at(...point), { steps: 6 });
    await page.mouse.up();
  };
  await stroke([
    [0.15, 0.6],
    [0.25, 0.25],
    [0.35, 0.7],
    [0.45, 0.3],
    [0.55, 0.65],
    [0.65, 0.35],
  ]);
  await stroke([
    [0.1, 0.8],
    [0.5, 0.78],
    [0.9, 0.8],
  ]);
}

/** Signs the open contractedit page with the radio `seal` and an SMS code from the outbox. */
async function signWith(page: Page, phone: string, seal: RegExp): Promise<void> {
  const seals = page.getByRole('radiogroup', { name: 'Seal to sign with' });
  await seals.getByRole('radio', { name: seal }).check();
  const sms = page.getByRole('form', { name: 'Confirm with an SMS code' });
  await sms.getByRole('button', { name: 'Send code' }).click();
  await sms.getByRole('button', { name: /Again in \d+ s/ }).waitFor();
  const code = await platform().smsCode(phone, 'sign');
  await typeInto(sms.getByRole('textbox', { name: 'Verification code' }), code);
  await sms.getByRole('button', { name: 'Sign', exact: true }).click();
  await page
    .getByRole('heading', { name: /You signed|The contract is completed/, level: 1 })
    .waitFor();
}

/** The share of dark (black or blue ink) pixels of a box of page 1 of a PDF, rendered by pdftoppm. */
async function inkIn(
  file: string,
  box: { left: number; top: number; width: number; height: number },
): Promise<{ dark: number; red: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'esign-e2e-ink-'));
  try {
    // 72 dpi: one pixel per point, so the box's points are its pixels.
    await run('pdftoppm', [
      '-r',
      '72',
      '-f',
      '1',
      '-l',
      '1',
      '-x',
      String(box.left),
      '-y',
      String(box.top),
      '-W',
      String(box.width),
      '-H',
      String(box.height),
      file,
      path.join(dir, 'box'),
    ]);
    const ppm = await readFile(path.join(dir, 'box-1.ppm'));
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
    const pixels = ppm.subarray(header[0].length);
    let dark = 0;
    let red = 0;
    const count = Number(header[1]) * Number(header[2]);
    for (let i = 0; i < count; i++) {
      const [r, g, b] = [pixels[i * 3]!, pixels[i * 3 + 1]!, pixels[i * 3 + 2]!];
      if (r < 90 && g < 90 && b < 140) dark++;
      else if (r > 150 && g < 90 && b < 90) red++;
    }
    return { dark: dark / count, red: red / count };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('seals', () => {
  it('a person draws a signature with the mouse, makes it the default and signs a contract with it', async () => {
    const page = await newPage(VIEWPORT);
    const downloads = await mkdtemp(path.join(tmpdir(), 'esign-e2e-seals-'));
    const { other: admin, context } = await anotherPerson(page);
    try {
      await signIn(page, DEMO.person, DEMO.password);
      await page.goto('/user-center/seal');
      await page.getByRole('heading', { name: 'My seals', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Create a seal' }).first().click();
      await page.waitForURL('**/user-center/create');
      await drawSignature(page);
      await page.getByRole('checkbox', { name: 'Make it my default' }).check();
      await screenshot(page, 'seals-draw');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL('**/user-center/seal');
      const drawn = page.getByRole('article').filter({ hasText: 'My signature' });
      await drawn.getByText('Default', { exact: true }).waitFor();
      await screenshot(page, 'seals-mine');

      // The administrator (company console) sends a contract; the person signs it with the drawing.
      await adminIntoCompany(admin);
      const templateId = await enabledTemplate(admin, 'Signed by hand', ROLES, placeSeals);
      const id = await sendFromTemplate(admin, templateId, 'Signed by hand');
      await page.goto(`/agency-contract/contractedit?id=${id}`);
      const seals = page.getByRole('radiogroup', { name: 'Seal to sign with' });
      await expect
        .poll(() => seals.getByRole('radio', { name: /My signature/ }).isChecked())
        .toBe(true);
      await signWith(page, DEMO.person, /My signature/);

      // The PDF holds the drawn ink (dark, not a red name seal) in B's signature box.
      await page.goto(`/agency-contract/contractDetails?id=${id}`);
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download', exact: true }).first().click(),
      ]);
      const target = path.join(downloads, 'signed.pdf');
      await file.saveAs(target);
      const ink = await inkIn(target, B_BOX);
      expect(ink.dark, JSON.stringify(ink)).toBeGreaterThan(0.005);
      expect(ink.red).toBeLessThan(ink.dark);
    } finally {
      await context.close();
      await rm(downloads, { recursive: true, force: true });
    }
  });

  it('the administrator makes a contract seal and authorises a member for one template; the member signs with it there only', async () => {
    const admin = await newPage(VIEWPORT);
    await adminIntoCompany(admin);
    const leaseId = await enabledTemplate(admin, 'Lease of rooms', ROLES, placeSeals);
    const loanId = await enabledTemplate(admin, 'Loan of a car', ROLES, placeSeals);

    // The demo person joins the company as an employee (the staff journey walks this on screen).
    await api(admin, apiPath('staffInvite'), { phone: DEMO.person });
    const { other: member, context } = await anotherPerson(admin, DEMO.person);
    try {
      const mine = await api<{ invitations: StaffRequest[] }>(member, apiPath('myStaffRequests'));
      await api(member, apiPath('staffAcceptInvite'), { requestId: mine.invitations[0]!.id });

      // The administrator makes a contract seal from the template.
      await admin.goto('/enterprise-console/seal');
      await admin.getByRole('button', { name: 'New seal' }).click();
      await admin.waitForURL('**/enterprise-console/seal-add');
      await typeInto(admin.getByRole('textbox', { name: 'Seal name' }), 'Leasing seal');
      await admin
        .getByRole('img', { name: /preview/i })
        .first()
        .waitFor();
      await screenshot(admin, 'seals-company-add');
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.waitForURL(/\/enterprise-console\/seal-view\?id=\d+/);

      // … and authorises the member for the lease template only, from today for 30 days.
      await admin.getByRole('button', { name: 'Authorize', exact: true }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByText('Specified staff').click();
      await dialog.getByRole('combobox', { name: /Staff/ }).click();
      // antd draws its options apart from the listbox it exposes to assistive technology.
      await admin.locator('.ant-select-item-option', { hasText: 'Demo Person' }).click();
      await dialog.getByText('Specified template').click();
      await dialog.getByRole('combobox', { name: /Template/ }).click();
      await admin.locator('.ant-select-item-option', { hasText: 'Lease of rooms' }).click();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await admin.getByRole('cell', { name: /Lease of rooms/ }).waitFor();
      await screenshot(admin, 'seals-company-authorised');

      const lease = await sendFromTemplate(admin, leaseId, 'Lease signed by the member');
      const loan = await sendFromTemplate(admin, loanId, 'Loan, not authorised');

      // The member, in the company's console (a fresh page: it joined through the API), is
      // offered the seal for the lease only.
      await member.goto('/dashboard');
      await member.getByRole('button', { name: 'Switch console: Personal Console' }).click();
      await member.getByRole('menuitem', { name: DEMO.company }).click();
      await member.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();
      await member.goto(`/agency-contract/contractedit?id=${loan}`);
      await member.getByText(/You hold no seal that can sign this contract today/).waitFor();
      await screenshot(member, 'seals-member-not-offered');
      await member.goto(`/agency-contract/contractedit?id=${lease}`);
      const seals = member.getByRole('radiogroup', { name: 'Seal to sign with' });
      await seals.getByRole('radio', { name: /Leasing seal/ }).waitFor();
      expect(await seals.getByRole('radio').count()).toBe(1);
      await screenshot(member, 'seals-member-offered');
      await signWith(member, DEMO.person, /Leasing seal/);
      const detail = await api<ContractDetail>(member, `${apiPath('contractDetail')}?id=${lease}`);
      expect(detail.participants.find((p) => p.party === 'A')?.signedAt).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});
