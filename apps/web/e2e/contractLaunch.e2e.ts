/**
 * Initiating contracts as the issue asks it of the platform, end to end: the demo company's
 * administrator sends a contract from an uploaded PDF (a seal for A and a signature for B placed
 * in the editor, the demo person named as B) and finds it in the list; sends one from an enabled
 * template, filling its own field in the editor's fill mode; and a newly registered user who is
 * not real-name verified is sent to verify first.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EditorStore, type TemplateProject } from '@esign/template-editor/core';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { A4, contractPdf } from '../src/stories/demoPdf';
import { adminIntoCompany, screenshot, typeInto } from './browser';
import { confirmed, enabledTemplate, nameDemoPersonAsB, sendFromSummary } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

const NEW_PHONE = '13700000002';
const NEW_PASSWORD = 'Welcome123';

/** A one-page contract PDF on disk, for the file chooser. */
function contractFile(name: string, title: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'esign-e2e-launch-')), name);
  writeFileSync(file, Buffer.from(contractPdf(title, 1), 'latin1'));
  return file;
}

/** A real Word document (DOCX: the parts Word itself requires) holding `sentence`, on disk. */
function wordFile(name: string, sentence: string): string {
  const xml = (text: string) =>
    strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${text}`);
  const bytes = zipSync({
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': xml(
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
        `<w:p><w:r><w:t>${sentence}</w:t></w:r></w:p>` +
        '</w:body></w:document>',
    ),
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'esign-e2e-launch-')), name);
  writeFileSync(file, bytes);
  return file;
}

/** The supply template: party A, the company, fills in its address and seals; party B signs. */
const SUPPLY_ROLES = [
  { party: 'A', name: 'Supplier', sign: true, fill: true },
  { party: 'B', name: 'Buyer', sign: true, fill: false },
] as const;

function placeSupplyFields(store: EditorStore, pageId: string): void {
  const { addElement } = store.getState();
  addElement(pageId, 'text', {
    title: 'Supplier address',
    config: { party: 'A', required: true },
    commonStyle: { left: 60, top: 200, width: 260, height: 30 },
  });
  addElement(pageId, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
  addElement(pageId, 'signature', {
    config: { party: 'B' },
    commonStyle: { left: 360, top: 620, width: 160, height: 60 },
  });
}

describe('initiating contracts, end to end', () => {
  it('from an uploaded PDF: a seal for A and a signature for B placed, sent, confirmed and listed', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await adminIntoCompany(page);
    await page.goto('/agency-contract/directly-launch');
    await page.getByRole('heading', { name: 'Initiate a contract', level: 1 }).waitFor();

    // Next with nothing filled in: the spec's messages.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('The task name cannot be empty').waitFor();
    await page.getByText('Please choose the contract document').waitFor();

    await typeInto(page.getByRole('textbox', { name: 'Task name' }), 'Consulting agreement');
    await page
      .getByLabel('Contract document')
      .setInputFiles(contractFile('Consulting.pdf', 'Consulting agreement'));
    await page.getByText('Consulting.pdf is ready: 1 page').waitFor();
    // Party A is the administrator for the company; B is the demo person.
    expect(await page.getByRole('textbox', { name: 'Company of party A' }).inputValue()).toBe(
      DEMO.company,
    );
    expect(await page.getByRole('textbox', { name: 'Phone of party A' }).inputValue()).toBe(
      DEMO.admin,
    );
    await nameDemoPersonAsB(page);
    await page.getByRole('radio', { name: 'In order (A, then B, …)' }).check();
    await screenshot(page, 'contract-launch-details');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // The parties as the server knows them, then the editor over the document.
    const placing = page.getByRole('region', { name: 'Seals and fields' });
    await placing.getByText('On the platform').first().waitFor();
    const editor = page.getByRole('application', { name: 'Template editor' });
    const pageOne = editor.getByRole('group', { name: 'Page 1' });
    await pageOne.waitFor();
    const place = async (kind: string, x: number, y: number, party: string) => {
      const box = (await pageOne.boundingBox())!;
      const scale = box.width / A4.width;
      await editor
        .getByRole('button', { name: kind, exact: true })
        .dragTo(pageOne, { targetPosition: { x: x * scale, y: y * scale } });
      await editor
        .getByRole('combobox', { name: /^Party/ })
        .first()
        .selectOption(party);
    };
    await place('Seal', 150, 160, 'A');
    await place('Signature', 400, 260, 'B');
    await place('Text', 150, 330, 'A');
    await screenshot(page, 'contract-launch-placing');

    // The administrator's own text box is required: sending first asks to fill it in.
    await page.getByRole('button', { name: 'Send for signing' }).click();
    await page.getByText('The text box value cannot be empty').waitFor();
    const own = editor.getByRole('textbox', { name: 'Text 1' });
    await typeInto(own, 'Consulting for Q1');
    await page.getByText('Fill in your own fields (party A)').click();

    // Sending first shows what goes out; nothing is sent until "Send now".
    let created = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/contract/create')) created++;
    });
    await page.getByRole('button', { name: 'Send for signing' }).click();
    const summary = page.getByRole('dialog', { name: 'Send this contract for signing?' });
    await summary.waitFor();
    const parties = summary.getByRole('list', { name: 'Parties, in signing order' });
    expect(
      await parties
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.filter((item) => item.dataset.party).map((item) => item.dataset.party),
        ),
    ).toEqual(['A', 'B']);
    const partyA = parties.locator('li[data-party="A"]');
    await partyA.getByText('Signs in turn 1 of 2').waitFor();
    await partyA.getByText('Fills in: Text 1').waitFor();
    await partyA.getByText(/^Signs: Seal/).waitFor();
    await partyA.getByText(DEMO.company, { exact: false }).waitFor();
    const partyB = parties.locator('li[data-party="B"]');
    await partyB.getByText('Signs in turn 2 of 2').waitFor();
    await partyB.getByText(/^Signs: Signature/).waitFor();
    await summary.getByText('No deadline').waitFor();
    await summary.getByText('None', { exact: true }).waitFor();
    await screenshot(page, 'contract-launch-summary');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'contract-launch-summary-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    // Back keeps everything as it was, unsent.
    await summary.getByRole('button', { name: 'Back' }).click();
    await summary.waitFor({ state: 'hidden' });
    expect(created).toBe(0);

    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/contract/create'),
    );
    await page.getByRole('button', { name: 'Send for signing' }).click();
    await sendFromSummary(page);
    const body = (await sent).postDataJSON() as {
      project: TemplateProject;
      signingOrder: string;
      values: Record<string, string>;
    };
    expect(body.signingOrder).toBe('sequential');
    const elements = body.project.pages[0]!.elements;
    expect(elements.map((element) => [element.elName, element.config.party])).toEqual([
      ['seal', 'A'],
      ['signature', 'B'],
      ['text', 'A'],
    ]);
    expect(body.values).toEqual({ [elements[2]!.uuid]: 'Consulting for Q1' });

    const detail = await confirmed(page);
    expect(detail.name).toBe('Consulting agreement');
    expect(detail.status).toBe('signing');
    expect(detail.participants.map((p) => [p.party, p.name, p.phone, p.companyName])).toEqual([
      ['A', 'Demo Admin', DEMO.admin, DEMO.company],
      ['B', 'Demo Person', DEMO.person, null],
    ]);
    await page.getByText('Signing', { exact: true }).waitFor();
    // A signs first: the administrator may sign now.
    await page.getByRole('button', { name: 'Sign now' }).waitFor();
    await screenshot(page, 'contract-launch-success');

    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL('**/agency-contract/index**');
    await page.getByRole('tab', { name: 'I initiated' }).click();
    const row = page.getByRole('row').filter({ hasText: detail.number });
    await row.getByText('Consulting agreement', { exact: true }).waitFor();
  });

  it('from a DOCX on a phone: Next tapped once while it converts waits for the PDF and goes on', async () => {
    const page = await newPage({ width: 1366, height: 900 }, { hasTouch: true });
    await adminIntoCompany(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/agency-contract/directly-launch');
    await page.getByRole('heading', { name: 'Initiate a contract', level: 1 }).waitFor();
    await typeInto(page.getByRole('textbox', { name: 'Task name' }), 'Warehouse lease');
    await nameDemoPersonAsB(page);
    await page
      .getByLabel('Contract document')
      .setInputFiles(wordFile('Warehouse.docx', 'Warehouse lease agreement 2026'));
    // One tap at once, while the file uploads and converts: never "not ready yet", no second tap.
    await page.getByRole('button', { name: 'Next', exact: true }).tap();
    const waiting = page.getByText('Going on as soon as the document is converted to PDF', {
      exact: false,
    });
    const placing = page.getByRole('region', { name: 'Seals and fields' });
    await waiting.or(placing).first().waitFor({ timeout: 90_000 });
    if (await waiting.isVisible()) await screenshot(page, 'contract-launch-docx-waiting-phone');
    expect(await page.getByText('The document is not ready yet', { exact: false }).count()).toBe(0);
    await placing.waitFor({ timeout: 90_000 });
    await placing.getByText('On the platform').first().waitFor();
    await page
      .getByRole('application', { name: 'Template editor' })
      .getByRole('group', { name: 'Page 1' })
      .waitFor();
    await screenshot(page, 'contract-launch-docx-placing-phone');
  });

  it('from an enabled template: its parties named, the initiator’s field filled, sent', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await adminIntoCompany(page);
    const templateId = await enabledTemplate(
      page,
      'Supply agreement',
      SUPPLY_ROLES,
      placeSupplyFields,
    );

    await page.goto('/agency-contract/directly-template');
    await page.getByRole('heading', { name: 'Initiate from a template', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Use Supply agreement' }).click();
    await page.waitForURL(`**/agency-contract/directly-template?templateId=${templateId}`);
    await page.getByText('Template: Supply agreement').waitFor();
    // The task is named after the template; A (the supplier) is the administrator's company.
    expect(await page.getByRole('textbox', { name: 'Task name' }).inputValue()).toBe(
      'Supply agreement',
    );
    await page.getByText('Party A · Supplier').waitFor();
    await nameDemoPersonAsB(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // The initiator fills its own field in the editor's fill mode; empty, it is refused.
    const editor = page.getByRole('application', { name: 'Template editor' });
    const address = editor.getByRole('textbox', { name: 'Supplier address' });
    await address.waitFor();
    await page.getByRole('button', { name: 'Send for signing' }).click();
    await page.getByText('The text box value cannot be empty').waitFor();
    await typeInto(address, '8 Harbour Road, Qingdao');
    await page.getByText('Fill in your own fields (party A)').click();
    await screenshot(page, 'contract-launch-template-fill');
    await page.getByRole('button', { name: 'Send for signing' }).click();
    const summary = page.getByRole('dialog', { name: 'Send this contract for signing?' });
    await summary.locator('li[data-party="A"]').getByText('Fills in: Supplier address').waitFor();
    await summary.getByText('All parties sign at the same time.').waitFor();
    await sendFromSummary(page);

    const detail = await confirmed(page);
    expect(detail.templateId).toBe(templateId);
    expect(detail.name).toBe('Supply agreement');
    const field = (detail.project as TemplateProject).pages[0]!.elements.find(
      (element) => element.title === 'Supplier address',
    );
    expect(field?.value).toBe('8 Harbour Road, Qingdao');
    await screenshot(page, 'contract-launch-template-success');
  });

  it('sends a newly registered user who is not real-name verified to verify first', async () => {
    const page = await newPage();
    await page.goto('/register');
    await typeInto(page.getByRole('textbox', { name: 'Phone number' }), NEW_PHONE);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    const code = await platform().smsCode(NEW_PHONE, 'register');
    await typeInto(page.getByRole('textbox', { name: 'Verification code' }), code);
    await typeInto(page.getByRole('textbox', { name: 'Password', exact: true }), NEW_PASSWORD);
    await typeInto(page.getByRole('textbox', { name: 'Confirm the password' }), NEW_PASSWORD);
    await page.getByRole('checkbox', { name: /I have read and accept/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/agency-contract/directly-launch');
    await page.getByRole('heading', { name: 'Please authenticate your name first' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Task name' }).count()).toBe(0);
    await screenshot(page, 'contract-launch-real-name');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.waitForURL('**/real-name/index?isPerson=true');
  });
});
