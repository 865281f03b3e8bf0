/**
 * Batch signing (issue 30), end to end: the demo company's administrator selects, on the contract
 * list, the contracts waiting for the company's seal — select all leaves out the one waiting for
 * the other party to fill in —, signs the three with one seal and one SMS code, watches the
 * progress until each is signed, and downloads two of them as one ZIP holding both PDFs, each
 * with the company's signature valid in pdfsig. On a 390 px phone with touch (English, then
 * Chinese), the cards take the selection, a bar at the bottom offers "Sign N contracts", and the
 * dialog and the progress fit the screen. Screenshots at 1,366 and 390 px in both languages.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPath, type ContractCreated, type ContractDetail } from '@esign/platform';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, fitsTheScreen, pathOf, screenshot, typeInto } from './browser';
import { initiate, sealAndSignature } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { platform, newPage } = endToEnd();
const run = promisify(execFile);

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A contract the company (A) may seal at once, the demo person (B) signing after. */
function toSeal(page: Page, name: string): Promise<ContractCreated> {
  return initiate(page, name, sealAndSignature());
}

/** The company's party of a contract has signed (read back from the server). */
async function sealedByCompany(page: Page, id: string): Promise<boolean> {
  const detail = await api<ContractDetail>(page, `${apiPath('contractDetail')}?id=${id}`);
  return detail.participants.find((party) => party.party === 'A')?.signedAt != null;
}

/** The batch's progress drawer, open. */
function progressDrawer(page: Page, title: string) {
  return page.getByRole('dialog').filter({ hasText: title });
}

describe('batch signing, end to end', () => {
  it('signs three contracts with one code, shows the progress and downloads two as a ZIP', async () => {
    const page = await newPage(DESKTOP, { acceptDownloads: true });
    await adminIntoCompany(page);
    const names = ['Paper supply 2027', 'Window cleaning 2027', 'Courier services 2027'];
    const contracts: ContractCreated[] = [];
    for (const name of names) contracts.push(await toSeal(page, name));
    // Waiting for the demo person to fill in first: not the company's to sign now.
    await initiate(page, 'Catering 2027');

    await page.goto('/agency-contract/index?tab=all');
    await page.getByRole('link', { name: 'Catering 2027' }).waitFor();
    const toolbar = page.getByRole('toolbar', { name: 'Selected contracts' });
    await toolbar
      .getByText('Tick the contracts waiting for your signature to sign them together.')
      .waitFor();
    await page
      .getByRole('checkbox', {
        name: 'Select every contract waiting for your signature on this page',
      })
      .check();
    await toolbar.getByText('3 selected').waitFor();
    for (const name of names) {
      expect(await page.getByRole('checkbox', { name: `Select ${name}` }).isChecked()).toBe(true);
    }
    expect(await page.getByRole('checkbox', { name: 'Select Catering 2027' }).isChecked()).toBe(
      false,
    );
    await screenshot(page, 'batch-select-en-1366');
    await toolbar.getByRole('button', { name: 'Sign 3 contracts' }).click();

    const dialog = page.getByRole('dialog').filter({ hasText: 'Contracts to sign' });
    await dialog.waitFor();
    const seals = dialog.getByRole('radiogroup', { name: 'Seal to sign with' });
    await seals.getByRole('radio').first().waitFor();
    await seals.getByRole('radio', { name: /合同专用章/ }).check();
    expect(await dialog.getByText('Allowed for all of them').count()).toBeGreaterThan(0);
    const sms = dialog.getByRole('form', { name: 'Confirm with an SMS code' });
    await sms.getByRole('button', { name: 'Send code' }).click();
    await sms.getByRole('button', { name: /Again in \d+ s/ }).waitFor();
    const code = await platform().smsCode(DEMO.admin, 'sign');
    await typeInto(sms.getByRole('textbox', { name: 'Verification code' }), code);
    await screenshot(page, 'batch-dialog-en-1366');
    await sms.getByRole('button', { name: 'Sign 3 contracts' }).click();

    // The progress, without a reload, until every contract is signed.
    const progress = progressDrawer(page, 'Batch signing');
    await progress.waitFor();
    await page.waitForURL(/\/agency-contract\/index\?tab=all&batch=\d+$/);
    const batchUrl = pathOf(page);
    await progress.getByText('Batch signing finished').waitFor({ timeout: 60_000 });
    expect(await progress.locator('.batch-item-signed').count()).toBe(3);
    for (const name of names) {
      await progress.getByRole('link', { name }).waitFor();
    }
    await screenshot(page, 'batch-progress-en-1366');
    for (const { id } of contracts) expect(await sealedByCompany(page, id)).toBe(true);

    // Closed, the outcome seen: the rows moved on (the company's seal ✓, nothing left to sign).
    await progress.getByRole('button', { name: 'Close' }).last().click();
    await progress.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/agency-contract/index?tab=all');
    await page.getByRole('button', { name: 'Sign 3 contracts' }).waitFor({ state: 'detached' });
    const paper = page.getByRole('row').filter({ hasText: names[0] });
    await paper.getByText('Signed ✓').waitFor();
    expect(await paper.getByRole('link', { name: 'Sign', exact: true }).count()).toBe(0);

    // Two of them as one ZIP, each PDF with the company's signature.
    for (const name of names.slice(0, 2)) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    await toolbar.getByText('2 selected').waitFor();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      toolbar.getByRole('button', { name: 'Download' }).click(),
    ]);
    const dir = await mkdtemp(path.join(tmpdir(), 'esign-e2e-batch-zip-'));
    try {
      const file = path.join(dir, zip.suggestedFilename());
      await zip.saveAs(file);
      const out = path.join(dir, 'out');
      await run('unzip', ['-q', file, '-d', out]);
      const pdfs = (await readdir(out)).sort();
      // Each entry is named by the contract's name and number.
      expect(pdfs).toEqual(
        contracts
          .slice(0, 2)
          .map(({ number }, at) => `${names[at]} ${number}.pdf`)
          .sort(),
      );
      for (const pdf of pdfs) {
        const { stdout } = await run('pdfsig', [path.join(out, pdf)]).catch(
          (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
        );
        expect(stdout.match(/^Signature #\d+:$/gm), stdout).toHaveLength(1);
        expect(stdout, stdout).toContain('Signature Validation: Signature is Valid.');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // The batch's address leads back to its outcome, in Chinese too.
    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await page.goto(batchUrl);
    const outcome = progressDrawer(page, '批量签署已完成');
    await outcome.waitFor();
    expect(await outcome.locator('.batch-item-signed').count()).toBe(3);
    await screenshot(page, 'batch-progress-zh-1366');
    await outcome
      .getByRole('button', { name: /关\s*闭/ })
      .last()
      .click();
    await outcome.waitFor({ state: 'hidden' });
  });

  it('selects and signs on a phone with touch, in English and Chinese', async () => {
    const page = await newPage(PHONE, { isMobile: true, hasTouch: true });
    await adminIntoCompany(page);
    const names = ['Phone lease A', 'Phone lease B'];
    for (const name of names) await toSeal(page, name);

    await page.goto('/agency-contract/index');
    await page.getByRole('listitem', { name: names[0] }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all to sign (2)' }).tap();
    const bar = page.getByRole('toolbar', { name: 'Selected contracts' });
    await bar.getByText('2 selected').waitFor();
    await fitsTheScreen(page);
    await screenshot(page, 'batch-select-en-390');
    await bar.getByRole('button', { name: 'Sign 2 contracts' }).tap();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Contracts to sign' });
    await dialog.getByRole('radiogroup', { name: 'Seal to sign with' }).waitFor();
    await screenshot(page, 'batch-dialog-en-390');
    await dialog.getByRole('button', { name: 'Close' }).first().tap();
    await dialog.waitFor({ state: 'hidden' });

    // 中文: the selection with a tap on each card, signing with one code.
    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await page.reload();
    for (const name of names) {
      await page.getByRole('checkbox', { name: `选择 ${name}` }).tap();
    }
    const zhBar = page.getByRole('toolbar', { name: '已选合同' });
    await zhBar.getByRole('button', { name: '签署 2 份合同' }).tap();
    const zhDialog = page.getByRole('dialog').filter({ hasText: '待签署的合同' });
    await zhDialog.getByRole('radiogroup').getByRole('radio').first().waitFor();
    const sms = zhDialog.getByRole('form', { name: '使用短信验证码确认' });
    await sms.getByRole('button', { name: /发送验证码/ }).tap();
    await sms.getByRole('button', { name: /秒后重发/ }).waitFor();
    const code = await platform().smsCode(DEMO.admin, 'sign');
    await typeInto(sms.getByRole('textbox'), code);
    await screenshot(page, 'batch-dialog-zh-390');
    await sms.getByRole('button', { name: '签署 2 份合同' }).tap();
    const progress = progressDrawer(page, '批量签署');
    await progress.getByText('批量签署已完成').waitFor({ timeout: 60_000 });
    expect(await progress.locator('.batch-item-signed').count()).toBe(2);
    await fitsTheScreen(page);
    await screenshot(page, 'batch-progress-zh-390');
  });
});
