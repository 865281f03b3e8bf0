/**
 * A template's making, end to end: a new template on an uploaded PDF, its fields placed in the
 * embedded editor, saved, reopened as saved, enabled, previewed in the app and by anyone holding
 * a preview ticket (once).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DEFAULT_TENANT_ID,
  apiPath,
  type Envelope,
  type TemplatePreviewTicket,
} from '@esign/platform';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { contractPdf } from '../src/stories/demoPdf';
import { screenshot, signIn, stored, typeInto } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage } = endToEnd();

/** A two-page contract PDF on disk, for the file chooser. */
function contractFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'esign-e2e-pdf-')), 'Lease.pdf');
  writeFileSync(file, Buffer.from(contractPdf('Office lease', 2), 'latin1'));
  return file;
}

/** Asks the server for a preview ticket of a template, with the page's session. */
async function previewTicket(page: Page, id: string): Promise<TemplatePreviewTicket> {
  const response = await page.request.post(apiPath('templatePreviewTicket'), {
    data: { id },
    headers: {
      Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      'Tenant-Id': DEFAULT_TENANT_ID,
      'Blade-Auth': `bearer ${await stored(page, 'token')}`,
    },
  });
  const body = (await response.json()) as Envelope<TemplatePreviewTicket>;
  expect(body.code).toBe(200);
  return body.data;
}

describe('a template, end to end', () => {
  it('is made on a PDF, placed, saved, reopened as saved, enabled and previewed', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await signIn(page, DEMO.person, DEMO.password);

    await page.goto('/template/view');
    await page.getByRole('heading', { name: 'New template', level: 1 }).waitFor();
    await typeInto(page.getByRole('textbox', { name: 'Template name' }), 'Office lease');
    await page.getByLabel('Contract document').setInputFiles(contractFile());
    await page.getByText('Lease.pdf is ready: 2 pages').waitFor();
    // Each party's name suggests its own role.
    expect(
      await page.getByRole('textbox', { name: 'Name of party A' }).getAttribute('placeholder'),
    ).toBe('e.g. Lessor');
    expect(
      await page.getByRole('textbox', { name: 'Name of party B' }).getAttribute('placeholder'),
    ).toBe('e.g. Tenant');
    // Party A signs only; party B goes.
    await typeInto(page.getByRole('textbox', { name: 'Name of party A' }), 'Lessor');
    await page.getByRole('checkbox', { name: 'Party A fills in' }).uncheck();
    await page.getByRole('button', { name: 'Remove party B' }).click();
    await screenshot(page, 'template-new');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(/\/template\/Editor\?id=\d+$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.getByRole('heading', { name: 'Office lease', level: 1 }).waitFor();
    // Party A signs and has no field yet: Enable is not the primary action, and one Save is shown.
    await page.getByText('This template cannot be enabled yet:').waitFor();
    const enable = page.getByRole('button', { name: 'Enable', exact: true });
    expect(await enable.getAttribute('class')).not.toContain('ant-btn-primary');
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(1);
    const editor = page.getByRole('application', { name: 'Template editor' });
    await editor.getByRole('button', { name: 'Signature', exact: true }).click();
    await page.getByText('Unsaved changes', { exact: true }).waitFor();

    // Leaving asks first; staying keeps the work.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    await leave.getByText('You have unsaved changes. Leave without saving?').waitFor();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').waitFor();
    await page.getByText('Unsaved changes', { exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByText('This template cannot be enabled yet:').count()).toBe(0);
    expect(await enable.getAttribute('class')).toContain('ant-btn-primary');
    await screenshot(page, 'template-editor');

    // Reopened, the template is as saved: no problem left, nothing unsaved.
    await page.reload();
    await page.getByRole('heading', { name: 'Office lease', level: 1 }).waitFor();
    await editor.getByRole('region', { name: 'Template pages' }).waitFor();
    expect(await page.getByText('Unsaved changes', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByText('Template enabled: contracts can start from it').waitFor();
    await page.getByRole('button', { name: 'Disable', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.waitForURL(`**/template/Preview?id=${id}`);
    await page.getByRole('region', { name: 'Seals and signatures' }).waitFor();
    await page.getByText('Signature of party A, page 1').waitFor();

    // Anyone with a ticket sees the template once, without a session.
    const ticket = await previewTicket(page, id);
    const visitor = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const preview = await visitor.newPage();
    await preview.goto(ticket.previewPath);
    await preview.getByRole('heading', { name: 'Office lease', level: 1 }).waitFor();
    await preview.getByRole('application', { name: 'Template editor' }).waitFor();
    await preview.reload();
    await preview.getByRole('heading', { name: 'This preview cannot be opened' }).waitFor();
    expect(await preview.getByRole('alert').innerText()).toBe(
      'This preview link has already been used; please open the preview again',
    );
    await preview.getByRole('link', { name: 'Go to log in' }).waitFor();
    await visitor.close();
  });
});
