/**
 * Evidence reports (issue 33), end to end on the built server with EVIDENCE_REPORTS_IMMEDIATE=1:
 * the demo company's administrator has a completed contract (made and signed through the API),
 * applies from its details for a blockchain report, sees it become ready, downloads it and
 * `pdfsig` verifies its signature with the platform's published CA; the contract's PDF, checked
 * by anyone on the report's public verification page (no session), is the final version, the
 * report itself is recognised, and a changed file matches nothing. From the archive, a paper
 * report asks for its address and two contracts at once are refused with the spec's words.
 * Screenshots at 1,366 and 390 px, in English and Chinese.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPath } from '@esign/platform';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminIntoCompany, fitsTheScreen, screenshot } from './browser';
import { completedCompanyContract } from './contractSetup';
import { endToEnd } from './harness';

const run = promisify(execFile);
const { newPage } = endToEnd();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const section = (page: Page) => page.getByRole('region', { name: 'Evidence reports' });

/** A download's bytes. */
async function bytesOf(download: { createReadStream(): Promise<NodeJS.ReadableStream> }) {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('evidence reports', () => {
  let work = '';
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'esign-evidence-e2e-'));
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('applies from a completed contract, downloads a report pdfsig verifies, and checks the contract on the public page', async () => {
    const page = await newPage(DESKTOP, { acceptDownloads: true });
    await adminIntoCompany(page);
    const contract = await completedCompanyContract(page, '设备采购合同 Equipment purchase');

    await page.goto(`/agency-contract/contractDetails?id=${contract.id}`);
    await section(page).waitFor();
    await section(page).getByText('No evidence report yet.').waitFor();
    await section(page).getByRole('button', { name: 'Apply for evidence report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for an evidence report' });
    await dialog.getByText(`设备采购合同 Equipment purchase (${contract.number})`).waitFor();
    await dialog.getByRole('radio', { name: /Blockchain/ }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/^Applied: the report will be ready by/).waitFor();

    // Issued at once here (the immediate setting): the list reads it again by itself.
    const report = section(page).getByRole('listitem');
    await report.getByText('Ready').waitFor({ timeout: 30_000 });
    await report.getByText('development ledger — not a blockchain').waitFor();
    const number = (await report.locator('.evidence-report-number').textContent())!;
    expect(number).toMatch(/^EV\d{14}$/);
    await screenshot(page, 'evidence-reports-details-en-1366');

    // The report, downloaded and verified by pdfsig with the CA the platform publishes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: `Download evidence report ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Evidence report ${number}.pdf`);
    const reportPdf = await bytesOf(download);
    const reportFile = path.join(work, 'report.pdf');
    await writeFile(reportFile, reportPdf);
    const ca = await page.request.get(apiPath('signingAuthorityCertificate'));
    const caFile = path.join(work, 'ca.pem');
    await writeFile(caFile, await ca.body());
    const nss = path.join(work, 'nss');
    await run('mkdir', ['-p', nss]);
    await run('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
    await run('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'esign', '-t', 'CT,C,C', '-i', caFile]);
    const { stdout: sig } = await run('pdfsig', ['-nssdir', `sql:${nss}`, reportFile]);
    expect(sig).toContain('Signature is Valid.');
    expect(sig).toContain('Certificate is Trusted.');
    expect(sig).toContain('Total document signed');
    const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', reportFile, '-']);
    expect(text.replace(/\s+/g, '')).toContain('设备采购合同');

    // The contract's signed PDF, as anyone downloads it.
    const [signed] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).first().click(),
    ]);
    const contractFile = path.join(work, 'contract.pdf');
    await writeFile(contractFile, await bytesOf(signed));

    // The public verification page, by the report's link, in a browser profile with no session.
    const link = await report
      .getByRole('link', { name: `Open the verification page of evidence report ${number}` })
      .getAttribute('href');
    expect(link).toMatch(/^\/evidence-verify\?id=\d+&token=[0-9a-f]{32}$/);
    const visitor = await newPage(DESKTOP);
    await visitor.goto(link!);
    await visitor
      .getByRole('heading', { name: 'Verify a contract against its evidence report', level: 1 })
      .waitFor();
    await visitor.getByText(`Evidence report ${number}`).waitFor();
    const input = visitor.locator('input[type="file"]');
    await input.setInputFiles(contractFile);
    await visitor.getByText('Matches the report').waitFor();
    await visitor
      .getByText(/This is the signed contract the report covers: the final version/)
      .waitFor();
    await screenshot(visitor, 'evidence-verify-en-1366');
    await input.setInputFiles(reportFile);
    await visitor.getByText('This is the evidence report itself, as it was issued.').waitFor();
    await input.setInputFiles({
      name: 'changed.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([await readFile(contractFile), Buffer.from('%changed\n')]),
    });
    await visitor.getByText('No match').waitFor();
    // A wrong token tells nothing of the report.
    await visitor.goto(
      link!.replace(/token=[0-9a-f]/, (found) => (found.endsWith('0') ? 'token=1' : 'token=0')),
    );
    await visitor.getByText('This link does not match any issued evidence report.').waitFor();

    // The page in Chinese, on a phone.
    await visitor.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await visitor.setViewportSize(PHONE);
    await visitor.goto(link!);
    await visitor.getByRole('heading', { name: '核验合同与出证报告', level: 1 }).waitFor();
    await visitor.locator('input[type="file"]').setInputFiles(contractFile);
    await visitor.getByText('与报告一致').waitFor();
    await fitsTheScreen(visitor);
    await screenshot(visitor, 'evidence-verify-zh-390');
    await visitor.evaluate(() => window.localStorage.setItem('locale', 'en'));
    await visitor.reload();
    await visitor
      .getByRole('heading', { name: 'Verify a contract against its evidence report', level: 1 })
      .waitFor();
    await fitsTheScreen(visitor);
    await screenshot(visitor, 'evidence-verify-en-390');

    // The details in Chinese and on a phone.
    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await page.reload();
    await page.getByRole('region', { name: '出证报告' }).getByText('已出具').waitFor();
    await screenshot(page, 'evidence-reports-details-zh-1366');
    await page.setViewportSize(PHONE);
    await page.getByRole('region', { name: '出证报告' }).scrollIntoViewIfNeeded();
    await fitsTheScreen(page);
    await screenshot(page, 'evidence-reports-details-zh-390');
    await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
    await page.reload();
    await section(page).getByText('Ready').waitFor();
    await fitsTheScreen(page);
    await screenshot(page, 'evidence-reports-details-en-390');
  });

  it('applies from the archive: paper asks for its address; two contracts at once are refused', async () => {
    const page = await newPage(DESKTOP);
    await adminIntoCompany(page);
    await completedCompanyContract(page, 'Office lease 2027');
    await completedCompanyContract(page, 'Cleaning services 2027');
    await page.goto('/management/index');
    const row = page.getByRole('row').filter({ hasText: 'Office lease 2027' });
    await row.waitFor();

    await row
      .getByRole('button', { name: 'Apply for an evidence report of “Office lease 2027”' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Apply for an evidence report' });
    await dialog.getByRole('radio', { name: /Paper/ }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Please enter the recipient’s name').waitFor();
    await dialog.getByLabel('Recipient').fill('王芳');
    await dialog.getByLabel('Phone').fill('13800000002');
    await dialog.getByLabel('Address').fill('上海市浦东新区世纪大道 1 号');
    // Fields are checked on leaving them.
    await dialog.getByLabel('Address').press('Tab');
    await dialog.getByText('Please enter the address').waitFor({ state: 'hidden' });
    await screenshot(page, 'evidence-reports-apply-paper-en-1366');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/^Applied: the report will be ready by/).waitFor();

    await page.getByRole('checkbox', { name: 'Select “Office lease 2027”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Cleaning services 2027”' }).check();
    await page
      .getByRole('toolbar', { name: 'Actions on the selected contracts' })
      .getByRole('button', { name: 'Apply for evidence report' })
      .click();
    const several = page.getByRole('dialog', { name: 'Apply for an evidence report' });
    await several.getByText('2 contracts selected').waitFor();
    await several.getByRole('button', { name: 'Apply' }).click();
    await several.getByText('Only one contract is supported for certification').waitFor();

    // The same in Chinese, on a phone.
    await several.getByRole('button', { name: 'Cancel' }).click();
    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await page.setViewportSize(PHONE);
    await page.reload();
    const card = page.getByRole('listitem', { name: 'Office lease 2027' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Office lease 2027的更多操作' }).click();
    await page.getByRole('menuitem', { name: '申请出证' }).click();
    const zh = page.getByRole('dialog', { name: '申请出证报告' });
    await zh.getByRole('radio', { name: /纸质出证/ }).check();
    await fitsTheScreen(page);
    await screenshot(page, 'evidence-reports-apply-paper-zh-390');
  });
});
