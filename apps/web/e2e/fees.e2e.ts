/**
 * Fees, end to end (issue 33): the demo company's administrator opens the corporate account, buys
 * an Enterprise 100 package in the mall (the purchase agreement refused until accepted), pays it on
 * the development QR page opened in another tab — the payment screen learns it without a reload —
 * finds the package in the wallet, initiates and completes a contract and sees its signing
 * consumed in the consume records, and exports the bills as .xlsx. Every fee screen is then looked
 * at on a desktop (1,366 px) and a phone (390 px), in English and Chinese. A platform of system
 * type 1 shows none of the fee screens. Screenshots: test-results/screenshots/fees-*.png.
 */
import { PATHS, type Order, type SignPackage } from '@esign/platform';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, fitsTheScreen, logInByPassword, screenshot } from './browser';
import { completedCompanyContract } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO, startPlatform } from './server';

const { newPage } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The demo seed's enterprise packages: Enterprise 100 is ¥500.00. */
const PACKAGE = 'Enterprise 100';
const CONTRACT = 'Warehouse lease 2027';

/** Marks the document: the mark survives anything but a reload. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    document.documentElement.dataset.e2eMark = 'same document';
  });
const documentMarked = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.e2eMark === 'same document');

/** The bytes of a download's stream. */
async function streamBytes(stream: NodeJS.ReadableStream): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('fees', () => {
  it('buys a package by the development QR page, spends a signing on a contract and exports the bills', async () => {
    const admin = await newPage(DESKTOP, { acceptDownloads: true });
    await adminIntoCompany(admin);

    // The corporate account, from the enterprise console's menu: the welcome gift's signings.
    await admin.getByRole('button', { name: 'Operating Console' }).click();
    await admin
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('menuitem', { name: 'Corporate account' })
      .click();
    await admin.getByRole('heading', { name: 'Corporate account', level: 1 }).waitFor();
    const signingsLeft = admin.getByRole('listitem', { name: 'Signings left' });
    await signingsLeft.waitFor();
    const before = Number(await signingsLeft.locator('.fee-figure-value').textContent());
    expect(before).toBeGreaterThan(0);
    await admin.getByRole('button', { name: 'Buy' }).click();

    // The mall: signings and evidence copies, each package with its price and validity.
    await admin.getByRole('heading', { name: 'Buy a package', level: 1 }).waitFor();
    const signingPackages = admin.getByRole('region', { name: 'Signing packages' });
    const card = signingPackages.getByRole('listitem', { name: PACKAGE });
    await card.getByText('¥500.00').waitFor();
    await card.getByText('Valid for 1 year').waitFor();
    await admin.getByRole('region', { name: 'Evidence report packages' }).waitFor();
    await card.getByRole('button', { name: `Buy ${PACKAGE}` }).click();

    // The confirmation: the server refuses an order without the purchase agreement.
    await admin.getByRole('heading', { name: 'Confirm the order', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Submit the order' }).click();
    await admin
      .getByRole('alert')
      .filter({ hasText: 'Please read and accept the purchase agreement' })
      .waitFor();
    await admin
      .getByRole('checkbox', { name: 'I have read and accept the purchase agreement' })
      .check();
    // A second submission within a second is taken for a double click.
    await admin.waitForTimeout(1_100);
    await admin.getByRole('button', { name: 'Submit the order' }).click();

    // The payment: Alipay's QR code, said to be the development provider's.
    await admin.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();
    await admin.waitForURL(/\/enterprise-console\/submit\?orderId=\d+$/);
    const orderId = new URL(admin.url()).searchParams.get('orderId')!;
    await admin.getByRole('button', { name: 'Pay ¥500.00' }).click();
    await admin.getByLabel('QR code to pay with Alipay').waitFor();
    await admin.getByText('Development payment provider: no money moves').waitFor();
    await admin.getByText(/The code expires in \d+:\d{2}\./).waitFor();
    await screenshot(admin, 'fees-submit-qr-1366');
    await markDocument(admin);

    // The QR code's page in another tab of the same browser: Pay.
    const link = admin.getByRole('link', { name: 'Open the payment page in a new tab' });
    const [payTab] = await Promise.all([admin.context().waitForEvent('page'), link.click()]);
    await payTab.waitForLoadState();
    expect(payTab.url()).toContain('/api/dev/qr-pay?reference=');
    await payTab.getByText('Development payment provider — no money moves.').waitFor();
    await payTab.getByRole('button', { name: 'Pay 支付' }).click();
    await payTab.getByText(/^Paid\./).waitFor();
    await payTab.close();

    // The payment screen learns it by itself.
    await admin.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 15_000 });
    expect(await documentMarked(admin)).toBe(true);
    await admin.getByText(/Enterprise 100 × 1: 100 signings, valid until /).waitFor();
    await screenshot(admin, 'fees-submit-paid-1366');
    const order = await api<Order>(admin, `/api${PATHS.getOrder}`, { id: orderId });
    expect(order.status).toBe('inEffect');

    // The wallet: the package among the sources, 100 more signings.
    await admin.getByRole('button', { name: 'Open the wallet' }).click();
    await admin.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    const sources = admin.getByRole('region', { name: 'Where they come from' });
    const bought = sources.getByRole('row', { name: new RegExp(PACKAGE) });
    await bought.getByText('100 signings of 100').waitFor();
    await expect
      .poll(async () =>
        Number(
          await admin
            .getByRole('listitem', { name: 'Signings left' })
            .locator('.fee-figure-value')
            .textContent(),
        ),
      )
      .toBe(before + 100);

    // A contract initiated and completed takes one signing: consumed.
    const contract = await completedCompanyContract(admin, CONTRACT);
    await admin.reload();
    const records = admin.getByRole('region', { name: 'Consume records' });
    const record = records.getByRole('row', { name: new RegExp(CONTRACT) });
    await record.getByText('Consumed').waitFor();
    await record.getByText(contract.number).waitFor();
    await records.getByText('1 consumed', { exact: true }).waitFor();
    await screenshot(admin, 'fees-wallet-1366');

    // The orders: the package in effect.
    await admin
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('menuitem', { name: 'Orders' })
      .click();
    await admin.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await admin
      .getByRole('row', { name: new RegExp(order.number) })
      .getByText('In effect')
      .waitFor();
    await screenshot(admin, 'fees-orders-paid-1366');

    // The bills: the payment, exported as .xlsx.
    await admin
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('menuitem', { name: 'Bills' })
      .click();
    await admin.getByRole('heading', { name: 'Bills', level: 1 }).waitFor();
    await admin.getByText('1 payment, ¥500.00 in all').waitFor();
    const [exported] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^bills-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(await streamBytes(await exported.createReadStream()));
    const rows = sheet.worksheets[0]!;
    expect(rows.getRow(1).getCell(1).text).toBe('Order number');
    expect(rows.getRow(2).getCell(1).text).toBe(order.number);
    expect(rows.getRow(2).getCell(7).text).toBe('500.00');
    await screenshot(admin, 'fees-bills-paid-1366');
  });

  // Each screen at 1,366 and 390 px, in English and Chinese: one test a width and language.
  for (const [width, locale] of [
    [1366, 'en'],
    [1366, 'zh'],
    [390, 'en'],
    [390, 'zh'],
  ] as const) {
    it(`shows every fee screen at ${width} px in ${locale === 'zh' ? 'Chinese' : 'English'}`, async () => {
      const viewport = width === 390 ? PHONE : DESKTOP;
      const page = await newPage(DESKTOP);
      // Signed in at a desktop's width (the console switcher sits in the top bar there).
      await adminIntoCompany(page);
      await page.setViewportSize(viewport);
      await page.evaluate((chosen) => window.localStorage.setItem('locale', chosen), locale);
      const [item] = await api<SignPackage[]>(page, `/api${PATHS.signPackageList}`, {});
      // An order waiting for its payment, for the payment screen.
      const unpaid = await api<Order>(page, `/api${PATHS.buildOrder}`, {
        packageId: item!.id,
        quantity: 2,
        agreement: true,
      });
      for (const screen of [
        { name: 'account', path: '/enterprise-console/account' },
        { name: 'mall', path: '/enterprise-console/mall' },
        { name: 'confirm', path: `/enterprise-console/confirm?packageId=${item!.id}` },
        { name: 'submit', path: `/enterprise-console/submit?orderId=${unpaid.id}` },
        { name: 'wallet', path: '/enterprise-console/cost/wallet' },
        { name: 'orders', path: '/enterprise-console/cost/order' },
        { name: 'bills', path: '/enterprise-console/cost/bill' },
        { name: 'gifts', path: '/enterprise-console/cost/free' },
        { name: 'cost-center-wallet', path: '/cost-center/wallet' },
      ]) {
        await page.goto(screen.path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (screen.name === 'submit') {
          await page.locator('.fee-pay-button').click();
          await page.locator('.fee-qr canvas').waitFor();
        }
        if (screen.name.includes('wallet') || screen.name === 'account') {
          await page.locator('.fee-figure-value').first().waitFor();
        }
        if (width === 390) await fitsTheScreen(page);
        await screenshot(page, `fees-${screen.name}-${width}-${locale}`);
      }
    });
  }

  it('shows none of the fee screens on a platform of system type 1', async () => {
    const platform = await startPlatform();
    try {
      await platform.restartWith(["UPDATE tenants SET sys_type = 1 WHERE id = '000000'"]);
      const page = await newPage(DESKTOP);
      await page.goto(`${platform.base}/login`);
      await logInByPassword(page, DEMO.admin, DEMO.password);
      await page.waitForURL('**/dashboard');
      await page.getByRole('button', { name: 'Switch console: Personal Console' }).click();
      await page.getByRole('menuitem', { name: DEMO.company }).click();
      await page.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();

      // The account menu offers no fee center.
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'User center' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Fee center' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      // The enterprise console's menu has neither the corporate account nor the fees.
      await page.getByRole('button', { name: 'Operating Console' }).click();
      const menu = page.getByRole('navigation', { name: 'Navigation' });
      await menu.getByRole('menuitem', { name: 'Company information' }).waitFor();
      for (const name of ['Corporate account', 'Fees', 'Wallet']) {
        expect(await menu.getByRole('menuitem', { name }).count(), name).toBe(0);
      }
      // The user center's neither.
      await page.goto(`${platform.base}/user-center/basic`);
      await page
        .getByRole('navigation', { name: 'Navigation' })
        .getByRole('menuitem')
        .first()
        .waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Navigation' })
          .getByRole('menuitem', { name: 'Account', exact: true })
          .count(),
      ).toBe(0);

      // Addresses typed by hand say there are no fees here, and offer nothing to buy.
      for (const path of [
        '/enterprise-console/account',
        '/enterprise-console/mall',
        '/enterprise-console/cost/wallet',
        '/cost-center/wallet',
        '/cost-center/order',
      ]) {
        await page.goto(`${platform.base}${path}`);
        await page.getByRole('heading', { name: 'There are no fees on this platform' }).waitFor();
        expect(await page.getByRole('button', { name: 'Buy' }).count(), path).toBe(0);
      }
      await screenshot(page, 'fees-none-sys-type-1');
    } finally {
      await platform.stop();
    }
  });
});
