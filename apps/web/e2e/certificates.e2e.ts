/**
 * Certificates, end to end (issue 34): the demo company's administrator applies for a digital
 * certificate on /enterprise-console/cert, sees it active (the page saying the company's contracts
 * are signed with it) and downloads it (a certificate, never a key); applies for a hardware key;
 * then issues a communication certificate on application_cert and downloads its .p12 file once,
 * which `openssl pkcs12` opens with the password given. Both screens at 1366 and 390 px in English
 * and Chinese. Screenshots: test-results/screenshots/certificates-*.png.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PATHS, type CommunicationCertIssued, type Page as ApiPage } from '@esign/platform';
import type { Download, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, fitsTheScreen, screenshot, typeInto } from './browser';
import { endToEnd } from './harness';

const run = promisify(execFile);
const { newPage } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Partner#2026';

/** A download's bytes and name. */
async function saved(download: Download): Promise<{ name: string; bytes: Buffer; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'esign-e2e-certificates-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), bytes: await readFile(file), dir };
}

/** The page in a language, reloaded at `where`. */
async function inLanguage(page: Page, locale: 'en' | 'zh', where: string): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('locale', value), locale);
  await page.goto(where);
}

describe('certificates', () => {
  it('applies for a digital certificate, sees it active, downloads it; issues a communication certificate and downloads its .p12 once', async () => {
    const admin = await newPage(DESKTOP);
    await adminIntoCompany(admin);

    await admin.goto('/enterprise-console/cert');
    await admin.getByRole('heading', { name: 'Digital certificates', level: 1 }).waitFor();
    await admin.getByText('No digital certificate yet').waitFor();
    await admin
      .getByText('The company has no certificate: each person signing for it signs', {
        exact: false,
      })
      .waitFor();
    await admin.getByRole('button', { name: 'Apply for a certificate' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByText('The platform’s certificate authority issues', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Apply for a certificate' }).click();
    await admin.getByText('Company signing certificate is issued.').waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'Company signing certificate' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Issued by the platform · RSA · 2048 bits').waitFor();
    await admin
      .getByText(
        'Contracts are signed with the company’s active certificate, Company signing certificate.',
      )
      .waitFor();

    // The certificate with its issuer, as PEM: no key.
    await row.getByRole('button', { name: /Download Company signing certificate/ }).click();
    const [pem] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('menuitem', { name: 'Certificate (PEM, with issuers)' }).click(),
    ]);
    const certificate = await saved(pem);
    try {
      expect(certificate.name).toMatch(/^certificate-[0-9A-F]+\.pem$/);
      const text = certificate.bytes.toString();
      expect(text.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
      expect(text).not.toMatch(/PRIVATE KEY/);
      const { stdout } = await run('openssl', [
        'x509',
        '-in',
        path.join(certificate.dir, certificate.name),
        '-noout',
        '-subject',
        '-issuer',
      ]);
      expect(stdout).toContain('O = "Demo Technology Co., Ltd."');
      expect(stdout).toContain('issuer=CN = eSign Platform CA, O = eSign');
    } finally {
      await rm(certificate.dir, { recursive: true, force: true });
    }

    // A hardware key applied for, listed with its state.
    await admin.getByRole('button', { name: 'Apply for a hardware key' }).click();
    const keyDialog = admin.getByRole('dialog');
    await typeInto(keyDialog.getByRole('textbox', { name: 'Recipient' }), 'Wang Fang');
    await typeInto(keyDialog.getByRole('textbox', { name: 'Phone' }), '13800000002');
    await typeInto(
      keyDialog.getByRole('textbox', { name: 'Address' }),
      '1 Century Avenue, Shanghai',
    );
    await keyDialog.getByRole('button', { name: 'Apply' }).click();
    await admin.getByText(/^Application HK\d{14} is sent\.$/).waitFor();
    await keyDialog.waitFor({ state: 'detached' });
    await admin.getByRole('row').filter({ hasText: 'Wang Fang' }).getByText('Applied').waitFor();
    await fitsTheScreen(admin);
    await screenshot(admin, 'certificates-digital-1366');

    // A communication certificate: issued, its .p12 downloaded from the dialog, once.
    await admin.goto('/enterprise-console/application/application_cert');
    await admin.getByRole('heading', { name: 'Communication certificate', level: 1 }).waitFor();
    await admin.getByText('No communication certificate yet').waitFor();
    await admin.getByRole('button', { name: 'Issue a certificate' }).first().click();
    const issue = admin.getByRole('dialog');
    await issue.getByText('SM2 (national standard, 256 bits)').waitFor();
    await typeInto(issue.getByLabel('Password of the .p12 file'), PASSWORD);
    await typeInto(issue.getByLabel('Password again'), PASSWORD);
    await screenshot(admin, 'certificates-issue-1366');
    await issue.getByRole('button', { name: 'Issue', exact: true }).click();
    await issue.getByText('Certificate issued: download its key now').waitFor();
    const [p12] = await Promise.all([
      admin.waitForEvent('download'),
      issue.getByRole('button', { name: 'Download the key file (.p12)' }).click(),
    ]);
    const file = await saved(p12);
    try {
      const out = path.join(file.dir, 'all.pem');
      // openssl 3 reads it without -legacy, with the password chosen.
      await run('openssl', [
        'pkcs12',
        '-in',
        path.join(file.dir, file.name),
        '-passin',
        `pass:${PASSWORD}`,
        '-nodes',
        '-out',
        out,
      ]);
      const pemText = await readFile(out, 'utf8');
      expect(pemText).toMatch(/BEGIN PRIVATE KEY/);
      expect(pemText).toMatch(/BEGIN CERTIFICATE/);
    } finally {
      await rm(file.dir, { recursive: true, force: true });
    }
    await issue.getByText('Saved. Give the file and its password to your software.').waitFor();
    await screenshot(admin, 'certificates-issued-1366');
    await issue.getByRole('button', { name: 'Close', exact: true }).last().click();
    await issue.waitFor({ state: 'detached' });
    const listed = await api<ApiPage<CommunicationCertIssued['certificate']>>(
      admin,
      `/api${PATHS.communicationCertPage}`,
    );
    expect(listed.records.map((one) => [one.algorithm, one.keyLength, one.status])).toEqual([
      ['RSA', 2048, 'active'],
    ]);
    const line = admin.getByRole('row').filter({ hasText: listed.records[0]!.serialNumber });
    await line.getByText('Valid', { exact: true }).waitFor();
    await line.getByText('Not bound').waitFor();
    await fitsTheScreen(admin);
    await screenshot(admin, 'certificates-communication-1366');

    // The same screens in Chinese.
    await inLanguage(admin, 'zh', '/enterprise-console/cert');
    await admin.getByRole('heading', { name: '数字证书', level: 1 }).waitFor();
    await admin.getByText('启用中', { exact: true }).waitFor();
    await fitsTheScreen(admin);
    await screenshot(admin, 'certificates-digital-1366-zh');
    await admin.goto('/enterprise-console/application/application_cert');
    await admin.getByRole('heading', { name: '通讯证书', level: 1 }).waitFor();
    await admin.getByText('未绑定').waitFor();
    await fitsTheScreen(admin);
    await screenshot(admin, 'certificates-communication-1366-zh');
  });

  it('shows both screens on a phone, in English and in Chinese', async () => {
    const phone = await newPage(PHONE, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    // Signed in at a desktop's width (the console switcher sits in the top bar there), then a phone.
    await phone.setViewportSize(DESKTOP);
    await adminIntoCompany(phone);
    await api(phone, `/api${PATHS.digitalCertApply}`, { name: 'Company signing certificate' });
    await api(phone, `/api${PATHS.communicationCertApply}`, {
      algorithm: 'SM2',
      password: PASSWORD,
    });
    await api(phone, `/api${PATHS.hardwareKeyApply}`, {
      quantity: 2,
      contactName: '王芳',
      phone: '13800000002',
      address: '上海市浦东新区世纪大道100号',
    });
    await phone.setViewportSize(PHONE);
    for (const locale of ['en', 'zh'] as const) {
      await inLanguage(phone, locale, '/enterprise-console/cert');
      await phone
        .getByRole('listitem', { name: 'Company signing certificate' })
        .getByText(locale === 'en' ? 'Active' : '启用中', { exact: true })
        .waitFor();
      await fitsTheScreen(phone);
      await screenshot(phone, `certificates-digital-390-${locale}`);
      await phone.goto('/enterprise-console/application/application_cert');
      await phone.getByText(locale === 'en' ? 'SM2 · 256 bits' : 'SM2 · 256 位').waitFor();
      await fitsTheScreen(phone);
      await screenshot(phone, `certificates-communication-390-${locale}`);
    }
    await phone.getByRole('button', { name: '签发证书' }).first().click();
    await phone.getByRole('dialog').getByText('SM2（国密，256 位）').waitFor();
    await fitsTheScreen(phone);
    await screenshot(phone, 'certificates-issue-390-zh');
  });
});
