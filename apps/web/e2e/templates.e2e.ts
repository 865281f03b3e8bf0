/**
 * Templates as the issue asks them of the platform, end to end: the demo company's administrator
 * makes a template on a two-page PDF in the company console, places a text field for party B, a
 * date and a seal for party A, saves, reloads and finds exactly what was saved (fields and stamp
 * locations), disables and enables it in the list, and shares a public preview that opens in a
 * fresh browser. A DOCX written here becomes a template whose page shows the document's text.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPath, type TemplateDetail, type TemplateFieldDetail } from '@esign/platform';
import {
  deriveStampLocations,
  parseProject,
  type StampLocation,
  type TemplateProject,
} from '@esign/template-editor/core';
import { strToU8, zipSync } from 'fflate';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { contractPdf } from '../src/stories/demoPdf';
import { api } from './api';
import { adminIntoCompany, screenshot, signIn, typeInto } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage } = endToEnd();

/** A file in a fresh temporary directory, for the file chooser. */
function tempFile(name: string, bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'esign-e2e-template-')), name);
  writeFileSync(file, bytes);
  return file;
}

/** A real Word document (DOCX: the parts Word itself requires) holding `sentence`. */
function wordDocument(sentence: string): Uint8Array {
  const xml = (text: string) =>
    strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${text}`);
  return zipSync({
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
        `<w:p><w:r><w:rPr><w:sz w:val="48"/></w:rPr><w:t>${sentence}</w:t></w:r></w:p>` +
        '<w:p><w:r><w:t>The parties agree to the terms below.</w:t></w:r></w:p>' +
        '</w:body></w:document>',
    ),
  });
}

/** What a field is, for comparing projects: its page, kind, party, place and size. */
function fieldsOf(project: TemplateProject) {
  return project.pages.flatMap((page, index) =>
    page.elements.map((element) => ({
      page: index + 1,
      uuid: element.uuid,
      kind: element.elName,
      party: element.config.party,
      box: [
        element.commonStyle.left,
        element.commonStyle.top,
        element.commonStyle.width,
        element.commonStyle.height,
      ],
    })),
  );
}

/** Fills the new-template form up to a ready document. */
async function newTemplate(page: Page, name: string, file: string, fileName: string) {
  await page.goto('/template/view');
  await page.getByRole('heading', { name: 'New template', level: 1 }).waitFor();
  await typeInto(page.getByRole('textbox', { name: 'Template name' }), name);
  await page.getByLabel('Contract document').setInputFiles(file);
  await page.getByText(new RegExp(`${fileName} is ready: \\d+ page`)).waitFor({ timeout: 90_000 });
}

/** Picks the party of the field the editor has selected. */
const setParty = (page: Page, party: string) =>
  page
    .getByRole('application', { name: 'Template editor' })
    .getByRole('combobox', { name: /^Party/ })
    .first()
    .selectOption(party);

describe('templates in the platform, end to end', () => {
  it('a company template: fields for A and B, a seal on both pages, saved and reopened exactly, disabled and enabled, previewed by a stranger', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await adminIntoCompany(page);
    const name = 'Service agreement';
    await newTemplate(
      page,
      name,
      tempFile('Service.pdf', Buffer.from(contractPdf('Service agreement', 2), 'latin1')),
      'Service.pdf',
    );
    // Party A signs and fills in; party B only fills in.
    await typeInto(page.getByRole('textbox', { name: 'Name of party A' }), 'Provider');
    if ((await page.getByRole('textbox', { name: 'Name of party B' }).count()) === 0) {
      await page.getByRole('button', { name: 'Add party' }).click();
    }
    await typeInto(page.getByRole('textbox', { name: 'Name of party B' }), 'Client');
    await page.getByRole('checkbox', { name: 'Party B signs' }).uncheck();
    await page.getByRole('checkbox', { name: 'Party B fills in' }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(/\/template\/Editor\?id=\d+$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const editor = page.getByRole('application', { name: 'Template editor' });
    await editor.getByRole('region', { name: 'Template pages' }).waitFor();

    // Each field dragged from the toolbox to its place on page 1, then given its party.
    const pageOne = editor.getByRole('group', { name: 'Page 1' });
    const place = async (kind: string, x: number, y: number, party: string) => {
      const box = (await pageOne.boundingBox())!;
      const scale = box.width / 595.28;
      await editor
        .getByRole('button', { name: kind, exact: true })
        .dragTo(pageOne, { targetPosition: { x: x * scale, y: y * scale } });
      await setParty(page, party);
    };
    await place('Text', 300, 180, 'B');
    await place('Date', 300, 320, 'A');
    await place('Seal', 300, 600, 'A');

    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/template/edit'),
    );
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').waitFor();
    const saved = parseProject((await sent).postDataJSON().project as unknown);
    const fields = fieldsOf(saved);
    expect(fields.map(({ page: at, kind, party }) => [at, kind, party]).sort()).toEqual(
      [
        [1, 'text', 'B'],
        [1, 'date', 'A'],
        [1, 'seal', 'A'],
        [2, 'seal', 'A'],
      ].sort(),
    );
    const stamps: StampLocation[] = deriveStampLocations(saved);
    expect(stamps.map((stamp) => stamp.page).sort()).toEqual([1, 2]);
    expect(
      (await api<TemplateFieldDetail>(page, `${apiPath('templateFieldDetail')}?id=${id}`))
        .stampLocations,
    ).toEqual(stamps);
    await screenshot(page, 'template-company-editor');

    // Reopened: the same fields at the same places, and the same stamp locations.
    await page.reload();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await editor.getByRole('region', { name: 'Template pages' }).waitFor();
    expect(await page.getByText('Unsaved changes', { exact: true }).count()).toBe(0);
    const detail = await api<TemplateDetail<unknown>>(
      page,
      `${apiPath('templateDetail')}?id=${id}`,
    );
    const reopened = parseProject(detail.project);
    expect(fieldsOf(reopened)).toEqual(fields);
    expect(deriveStampLocations(reopened)).toEqual(stamps);
    expect(
      (await api<TemplateFieldDetail>(page, `${apiPath('templateFieldDetail')}?id=${id}`))
        .stampLocations,
    ).toEqual(stamps);

    // Enabled in the editor, then disabled and enabled again from the list.
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByText('Template enabled: contracts can start from it').waitFor();
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL('**/template/index**');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Enabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByText(`“${name}” is disabled`).waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByText(`“${name}” is enabled`).waitFor();
    await row.getByText('Enabled', { exact: true }).waitFor();
    await screenshot(page, 'template-list');

    // A preview link, opened by someone without an account in a fresh browser.
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Share preview link' }).click();
    const link = await page.getByRole('textbox', { name: 'Preview link' }).inputValue();
    expect(link).toMatch(/\/ztj\/template\/Preview\?id=.+&templateId=\d+/);
    const stranger = await page.context().browser()!.newContext();
    try {
      const preview = await stranger.newPage();
      await preview.goto(link);
      await preview.getByRole('heading', { name, level: 1 }).waitFor();
      await preview.getByRole('application', { name: 'Template editor' }).waitFor();
      expect(await preview.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
      await screenshot(preview, 'template-public-preview');
    } finally {
      await stranger.close();
    }
  });

  it('a DOCX becomes a template whose page shows the document’s text', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await signIn(page, DEMO.admin, DEMO.password);
    const sentence = 'Warehouse rental agreement 2026';
    await page.goto('/template/view');
    await page.getByRole('heading', { name: 'New template', level: 1 }).waitFor();
    await typeInto(page.getByRole('textbox', { name: 'Template name' }), 'Warehouse rental');
    await page
      .getByLabel('Contract document')
      .setInputFiles(tempFile('Warehouse.docx', wordDocument(sentence)));
    // Next at once, while the file uploads and converts: one press waits for the PDF and goes on.
    await page.getByRole('button', { name: 'Next' }).click();
    // Either the page says it waits for the PDF, or the conversion was already done and it went on:
    // never 'No file selected'.
    await page
      .getByText('Going on as soon as the document is converted to PDF', { exact: false })
      .or(page.getByRole('application', { name: 'Template editor' }))
      .first()
      .waitFor({ timeout: 90_000 });
    expect(await page.getByText('No file selected').count()).toBe(0);
    await page.waitForURL(/\/template\/Editor\?id=\d+$/, { timeout: 90_000 });
    const id = new URL(page.url()).searchParams.get('id')!;
    const editor = page.getByRole('application', { name: 'Template editor' });
    await editor.getByRole('region', { name: 'Template pages' }).waitFor();
    await screenshot(page, 'template-from-docx');

    // The page the editor draws is the converted PDF: its text is the document's.
    const detail = await api<TemplateDetail<unknown>>(
      page,
      `${apiPath('templateDetail')}?id=${id}`,
    );
    const pdf = await page.request.get(detail.pdfLink);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const file = tempFile('converted.pdf', await pdf.body());
    expect(execFileSync('pdftotext', [file, '-']).toString()).toContain(sentence);
  });
});
