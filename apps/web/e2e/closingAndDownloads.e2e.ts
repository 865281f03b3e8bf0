/**
 * Issue 30, end to end: a selection of the contract list downloads as one ZIP holding each PDF;
 * closing an account is refused while a contract waits for its owner and allowed once none does,
 * after which the account cannot log in; a company's member is told why it cannot close.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPath, type ContractCreated } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, logInByPassword, screenshot, signIn, stored, typeInto } from './browser';
import { initiate } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { platform, newPage } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every contract the demo administrator initiated here: each has the demo person as party B. */
const initiated: ContractCreated[] = [];

describe('closing an account and downloading contracts, end to end', () => {
  it('tells a company member on a phone, in Chinese, why the account cannot be closed', async () => {
    const page = await newPage(PHONE, { isMobile: true, hasTouch: true });
    // Before any contract exists: only the membership stands in the way.
    await signIn(page, DEMO.admin, DEMO.password);
    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await page.goto('/user-center/account');
    await page.getByRole('button', { name: /注\s*销\s*账\s*号/ }).click();
    const first = page.getByRole('dialog', { name: '注销账号' });
    await first.getByText('您已签署的合同保持有效', { exact: false }).waitFor();
    await screenshot(page, 'account-closing-zh-390');
    await first.getByRole('button', { name: /继\s*续/ }).click();
    const second = page.getByRole('dialog', { name: '确认注销账号' });
    await second.getByRole('button', { name: /^发送验证码: / }).click();
    await page.getByText('该用户已关联企业，请先退出企业').first().waitFor();
  });

  it('downloads two selected contracts as one ZIP with both PDFs', async () => {
    const page = await newPage(DESKTOP);
    await adminIntoCompany(page);
    for (const name of ['Supply of paper', 'Office cleaning']) {
      initiated.push(await initiate(page, name));
    }
    await page.goto('/agency-contract/index?tab=all');
    for (const name of ['Supply of paper', 'Office cleaning']) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    const toolbar = page.getByRole('toolbar', { name: 'Selected contracts' });
    await toolbar.getByText('2 selected').waitFor();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      toolbar.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^contracts-\d{8}-\d{6}\.zip$/);
    const dir = await mkdtemp(path.join(tmpdir(), 'esign-e2e-zip-'));
    try {
      const file = path.join(dir, zip.suggestedFilename());
      await zip.saveAs(file);
      const { stdout } = await promisify(execFile)('unzip', ['-l', file]);
      for (const { number } of initiated) expect(stdout).toContain(`${number}.pdf`);
      await promisify(execFile)('unzip', ['-q', file, '-d', dir]);
      for (const { number } of initiated) {
        const [name] = stdout.match(new RegExp(`[^\\n]*${number}\\.pdf`))!;
        const pdf = await readFile(path.join(dir, name.replace(/^.*\d\d:\d\d\s+/, '')));
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses closing while a contract waits, closes once none does, then refuses the login', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, DEMO.person, DEMO.password);
    await page.goto('/user-center/account');
    await page.getByRole('button', { name: 'Close account' }).click();
    let first = page.getByRole('dialog', { name: 'Close your account' });
    await first
      .getByText(`You have ${initiated.length} unfinished contracts`, { exact: false })
      .waitFor();
    expect(await first.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await screenshot(page, 'account-closing-refused-en-1366');
    await first.getByRole('button', { name: 'Cancel' }).click();

    // The initiator withdraws them: nothing waits for the person any more.
    const admin = await page.context().browser()!.newContext({ baseURL: platform().base });
    const adminPage = await admin.newPage();
    await adminIntoCompany(adminPage);
    for (const { id } of initiated) {
      await api(adminPage, apiPath('contractRevoke'), { id, reason: 'Not needed' });
    }
    await admin.close();

    await page.getByRole('button', { name: 'Close account' }).click();
    first = page.getByRole('dialog', { name: 'Close your account' });
    await first.getByText('The contracts you signed stay signed', { exact: false }).waitFor();
    const next = first.getByRole('button', { name: 'Continue' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    // The first dialog has gone (its closing animation no longer covers the second).
    await first.waitFor({ state: 'hidden' });
    const second = page.getByRole('dialog', { name: 'Confirm closing your account' });
    await second.waitFor();
    await typeInto(second.getByRole('textbox', { name: 'Why are you leaving?' }), 'Moving abroad');
    await second.getByRole('button', { name: /^Send code: / }).click();
    await second.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    const code = await platform().smsCode(DEMO.person, 'account-close');
    await typeInto(second.getByRole('textbox', { name: /^Verification code sent to / }), code);
    await second.getByRole('checkbox', { name: /I understand/ }).check();
    await screenshot(page, 'account-closing-confirm-en-1366');
    await second.getByRole('button', { name: 'Close my account' }).click();

    await page.waitForURL(/\/login\?time=\d+$/);
    await page.getByText('Your account is closed.', { exact: false }).waitFor();
    expect(await stored(page, 'token')).toBeNull();
    await logInByPassword(page, DEMO.person, DEMO.password);
    await page.getByText('This account has been closed.', { exact: false }).waitFor();
    expect(await stored(page, 'token')).toBeNull();
  });
});
