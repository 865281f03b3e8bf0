/**
 * Invoices, end to end (issue 33): the demo company's administrator pays an order on the
 * development QR provider's page, asks for an electronic VAT general invoice of it on
 * /cost-center/open-ticket (a paper one shows its mailing fields and the courier fee first), sees
 * it listed as requested, and — the development server standing in for the operator — issued, with
 * its number and the email it went to. The list and the form at 1366 px in English and at 390 px
 * in Chinese. Screenshots: test-results/screenshots/invoices-*.png.
 */
import {
  PATHS,
  type Order,
  type Page as ApiPage,
  type InvoiceRequest,
  type InvoiceRequestPage,
  type InvoiceableOrder,
  type QrCodePayment,
  type SignPackage,
} from '@esign/platform';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, fitsTheScreen, screenshot, typeInto } from './browser';
import { endToEnd } from './harness';

const { newPage } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * An order of the console's "Enterprise 100" package, paid as a tester pays one: its QR code's
 * page (the development provider's, which says no money moves) opened and "Pay" pressed.
 */
async function paidOrder(page: Page): Promise<Order> {
  const packages = await api<SignPackage[]>(page, `/api${PATHS.signPackageList}`, {});
  const chosen = packages.find((one) => one.name === 'Enterprise 100')!;
  const order = await api<Order>(page, `/api${PATHS.buildOrder}`, {
    packageId: chosen.id,
    quantity: 1,
    agreement: true,
  });
  const payment = await api<QrCodePayment>(page, `/api${PATHS.qrCodePay}`, {
    orderId: order.id,
    method: 'wechat',
  });
  expect(payment.development).toBe(true);
  const pay = await page.context().newPage();
  await pay.goto(payment.qrText);
  await pay.getByText('Development payment provider — no money moves.').waitFor();
  await pay.getByRole('button', { name: 'Pay 支付' }).click();
  await pay.getByText('Paid.', { exact: false }).waitFor();
  await pay.close();
  return order;
}

describe('invoices', () => {
  it('pays an order, requests an electronic invoice of it and sees it requested, then issued', async () => {
    const admin = await newPage(DESKTOP);
    await adminIntoCompany(admin);
    const order = await paidOrder(admin);
    const offered = await api<ApiPage<InvoiceableOrder>>(admin, `/api${PATHS.invoiceable}`, {});
    expect(offered.records.map((one) => [one.orderNumber, one.remainingFen])).toEqual([
      [order.number, 50_000],
    ]);

    await admin.goto('/cost-center/open-ticket');
    await admin.getByRole('heading', { name: 'Invoice requests', level: 1 }).waitFor();
    await admin.getByText('No invoice requests yet').waitFor();
    await admin.getByRole('button', { name: 'Request an invoice' }).first().click();
    const drawer = admin.getByRole('dialog');
    const choice = drawer.getByRole('checkbox', {
      name: `Order ${order.number}, ¥500.00 to invoice`,
    });
    await choice.check();
    await drawer.getByRole('status').getByText('¥500.00').waitFor();
    // The title starts as the company's full name.
    expect(await drawer.getByRole('textbox', { name: 'Invoice title' }).inputValue()).toBe(
      'Demo Technology Co., Ltd.',
    );

    // A paper invoice would ask where to mail it, and show its courier fee, paid on delivery.
    await drawer.getByText('Paper', { exact: true }).click();
    await drawer.getByRole('textbox', { name: 'Detailed address' }).waitFor();
    await drawer.getByText('Courier fee ¥15.00').scrollIntoViewIfNeeded();
    await screenshot(admin, 'invoices-request-paper-1366');
    await drawer.getByText('Electronic', { exact: true }).click();
    await drawer.getByRole('textbox', { name: 'Detailed address' }).waitFor({ state: 'detached' });

    await typeInto(drawer.getByRole('textbox', { name: 'Taxpayer number' }), '91310000MA1FL4XQ3K');
    // The shared rule, at the field, before anything is sent.
    await typeInto(drawer.getByRole('textbox', { name: 'Email' }), 'finance@demo');
    await drawer.getByRole('button', { name: 'Request invoice' }).click();
    await drawer.getByText('Please enter a valid email address').waitFor();
    await drawer.getByRole('textbox', { name: 'Email' }).fill('finance@demo.example.com');
    await drawer.getByRole('button', { name: 'Request invoice' }).click();
    await admin.getByText(/^Invoice request KP\d{16} sent$/).waitFor();
    await drawer.waitFor({ state: 'detached' });

    const row = admin.getByRole('row').filter({ hasText: `Order ${order.number}` });
    await row.getByText('Requested', { exact: true }).waitFor();
    await row.getByText('Waiting for the platform to issue it').waitFor();
    await row.getByText('¥500.00').waitFor();
    await fitsTheScreen(admin);
    await screenshot(admin, 'invoices-requested-1366');
    const listed = await api<InvoiceRequestPage>(admin, `/api${PATHS.invoiceList}`, {});
    expect(listed.records.map((one) => [one.status, one.amountFen, one.email])).toEqual([
      ['requested', 50_000, 'finance@demo.example.com'],
    ]);
    // Nothing is left to invoice of that order.
    expect(
      (await api<ApiPage<InvoiceableOrder>>(admin, `/api${PATHS.invoiceable}`, {})).total,
    ).toBe(0);

    // The development server stands in for the operator: issued, with its number and email.
    await row
      .getByRole('button', { name: `Issue (development): ${listed.records[0]!.number}` })
      .click();
    await row.getByText('Issued', { exact: true }).waitFor();
    await row.getByText('Sent to finance@demo.example.com').waitFor();
    await row.getByText('Development invoice: not a real one').waitFor();
    await screenshot(admin, 'invoices-issued-1366');
  });

  it('shows the requests as cards and the request form on a phone in Chinese', async () => {
    const phone = await newPage(PHONE, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    // Signed in at a desktop's width (the console switcher sits in the top bar there), then a phone.
    await phone.setViewportSize(DESKTOP);
    await adminIntoCompany(phone);
    const order = await paidOrder(phone);
    const made = await api<InvoiceRequest>(phone, `/api${PATHS.invoiceApply}`, {
      items: [{ orderId: order.id, amountFen: 20_000 }],
      type: 'vatSpecial',
      form: 'paper',
      title: 'Demo Technology Co., Ltd.',
      taxpayerNumber: '91310000MA1FL4XQ3K',
      registeredAddress: '上海市浦东新区世纪大道100号',
      registeredPhone: '021-61234567',
      bankName: '招商银行上海分行',
      bankAccount: '121909876510201',
      recipient: '王芳',
      recipientPhone: '13800000002',
      address: '上海市浦东新区世纪大道100号20楼',
    });
    await phone.setViewportSize(PHONE);
    await phone.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await phone.goto('/cost-center/open-ticket');
    await phone.getByRole('heading', { name: '发票申请', level: 1 }).waitFor();
    const card = phone.getByRole('listitem', { name: `${made.number} ${made.title}` });
    await card.getByText('已申请').waitFor();
    await card.getByText('快递费 ¥15.00，到付').waitFor();
    await fitsTheScreen(phone);
    await screenshot(phone, 'invoices-list-390-zh');

    await phone.getByRole('button', { name: '申请开票' }).first().click();
    const drawer = phone.getByRole('dialog');
    // What remains of the order: ¥300.00 of ¥500.00.
    await drawer.getByText('可开票 ¥300.00（共 ¥500.00）').waitFor();
    await drawer.getByText('增值税专用发票').click();
    await drawer.getByText('纸质发票').click();
    await drawer.getByText('快递费 ¥15.00').scrollIntoViewIfNeeded();
    await fitsTheScreen(phone);
    await screenshot(phone, 'invoices-request-390-zh');
  });
});
