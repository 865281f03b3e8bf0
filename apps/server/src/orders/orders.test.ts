import {
  PATHS,
  PAYMENT_QR_TTL_S,
  type Order,
  type OrderSummary,
  type QrCodePayment,
  type SignPackage,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_SIGNATURE_HEADER,
  signDevelopmentNotice,
} from '../providers/qr-payment/development';
import { signingKey } from '../auth/tokens';
import { addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

const ADMIN = '13800000002';
const PERSON = '13800000001';
const EMPLOYEE = '13900000701';
const DAY = 86_400_000;

describe.each(BACKENDS)('orders and QR payment on $name', (backend) => {
  // The tests move the clock of orders (lapse, start, expiry) forward.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const server = useTestServer(backend, { clock: now });
  let admin = '';
  let person = '';
  let employee = '';
  let key: Uint8Array;

  const post = async <T>(token: string, path: string, body?: unknown, lang = 'en') =>
    call<T>(server.base, 'POST', path, {
      token,
      ...(body === undefined ? {} : { body }),
      headers: { Lang: lang },
    });

  /** Posts a notice as the development provider would, signed unless `signature` is given. */
  const notify = (notice: object, signature?: string) => {
    const body = JSON.stringify(notice);
    return fetch(`${server.base}/api${PATHS.paymentNotify}/development`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [DEVELOPMENT_SIGNATURE_HEADER]: signature ?? signDevelopmentNotice(key, body),
      },
      body,
    });
  };

  const newOrder = async (packageId: string, extra: object = {}) => {
    const made = await post<Order>(admin, PATHS.buildOrder, {
      packageId,
      agreement: true,
      ...extra,
    });
    expect(made.status, made.body.msg).toBe(200);
    return made.body.data;
  };

  const qr = async (orderId: string) => {
    const answer = await post<QrCodePayment>(admin, PATHS.qrCodePay, { orderId, method: 'wechat' });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };

  const referenceOf = (payment: QrCodePayment) =>
    new URL(payment.qrText, server.base).searchParams.get('reference')!;

  const order = async (id: string) => (await post<Order>(admin, PATHS.getOrder, { id })).body.data;

  let enterprise: SignPackage;

  beforeAll(async () => {
    const company = await demoCompanyId(server.database);
    admin = (await loginInto(server.base, ADMIN, company)).access_token;
    person = (await login(server.base, PERSON)).access_token;
    await addUser(server.database, { phone: EMPLOYEE, company: { id: company, role: 'employee' } });
    employee = (await loginInto(server.base, EMPLOYEE, company)).access_token;
    // The server's key signs the development provider's notices (as the app holds it).
    key = await signingKey(server.database);
  });

  it('offers a company its enterprise packages and a person the personal ones, priced in fen', async () => {
    const forCompany = await post<SignPackage[]>(admin, PATHS.signPackageList, {});
    expect(forCompany.status, forCompany.body.msg).toBe(200);
    expect(forCompany.body.data.map((p) => [p.kind, p.unit, p.signings, p.priceFen])).toEqual([
      ['enterprise', 'signing', 100, 50_000],
      ['enterprise', 'signing', 500, 200_000],
      ['enterprise', 'signing', 2000, 600_000],
      ['enterprise', 'evidence', 10, 18_000],
    ]);
    enterprise = forCompany.body.data[0]!;
    const forPerson = await post<SignPackage[]>(person, PATHS.signPackageList, {});
    expect(forPerson.body.data.map((p) => [p.kind, p.unit])).toEqual([
      ['personal', 'signing'],
      ['personal', 'signing'],
      ['personal', 'evidence'],
    ]);
    // Buying is the corporate account's right: an employee has none.
    expect((await post(employee, PATHS.signPackageList, {})).status).toBe(403);
    expect(
      (await post(employee, PATHS.buildOrder, { packageId: enterprise.id, agreement: true }))
        .status,
    ).toBe(403);
  });

  it('makes an unpaid order only with the purchase agreement, of a package for this console', async () => {
    const refused = await post(admin, PATHS.buildOrder, {
      packageId: enterprise.id,
      agreement: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('Please read and accept the purchase agreement');
    const zh = await post(admin, PATHS.buildOrder, { packageId: enterprise.id }, 'zh');
    expect(zh.body.msg).toContain('请阅读并同意购买协议');
    const personal = (await post<SignPackage[]>(person, PATHS.signPackageList, {})).body.data[0]!;
    const wrongKind = await post(admin, PATHS.buildOrder, {
      packageId: personal.id,
      agreement: true,
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.msg).toBe('This package is not on sale for this account');
    const past = await post(admin, PATHS.buildOrder, {
      packageId: enterprise.id,
      agreement: true,
      startsOn: '2020-01-01',
    });
    expect(past.body.msg).toBe('The start day cannot be in the past');

    const made = await newOrder(enterprise.id, { quantity: 3 });
    expect(made).toMatchObject({
      status: 'pendingPayment',
      unitPriceFen: 50_000,
      quantity: 3,
      amountFen: 150_000,
      signingsTotal: 300,
      signingsRemaining: 300,
      paidAt: null,
    });
    expect(made.number).toMatch(/^DD\d{16}$/);
    // Another console does not see it.
    expect((await post(person, PATHS.getOrder, { id: made.id })).status).toBe(404);
  });

  it('pays an order once, by a notice the provider signed for the order’s exact amount', async () => {
    const made = await newOrder(enterprise.id);
    const payment = await qr(made.id);
    expect(payment).toMatchObject({
      orderId: made.id,
      method: 'wechat',
      amountFen: 50_000,
      development: true,
    });
    const reference = referenceOf(payment);
    // The development provider's page shows the amount and says no money moves.
    const page = await fetch(new URL(payment.qrText, server.base));
    expect(await page.text()).toContain('¥500.00');

    const notice = { noticeId: `n-${made.id}-1`, reference, outcome: 'paid', amountFen: 50_000 };
    // Forged: no valid signature.
    expect((await notify(notice, 'f'.repeat(64))).status).toBe(400);
    // Tampered: signed for another body.
    const signedCheap = signDevelopmentNotice(key, JSON.stringify({ ...notice, amountFen: 1 }));
    expect((await notify(notice, signedCheap)).status).toBe(400);
    expect((await order(made.id)).status).toBe('pendingPayment');
    // Signed, but for one fen less than the order: nothing is paid.
    expect(
      (await notify({ ...notice, noticeId: `n-${made.id}-short`, amountFen: 49_999 })).status,
    ).toBe(200);
    expect((await order(made.id)).status).toBe('pendingPayment');

    expect((await notify(notice)).status).toBe(200);
    const paid = await order(made.id);
    expect(paid).toMatchObject({ status: 'inEffect', paymentMethod: 'wechat', payBefore: null });
    const year = new Date(paid.expiresAt!).getTime() - new Date(paid.paidAt!).getTime();
    expect(year).toBe(365 * DAY);
    // The same notice again, and a second code's notice: paid once.
    expect((await notify(notice)).status).toBe(200);
    const again = await post(admin, PATHS.qrCodePay, { orderId: made.id, method: 'alipay' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This order can no longer be paid');
    const [{ n }] = (await server.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payment_notices WHERE order_id = $1 AND outcome = 'paid'",
      [made.id],
    )) as [{ n: number }];
    expect(n).toBe(1);
    expect((await order(made.id)).paidAt).toBe(paid.paidAt);
    const sum = await post<OrderSummary>(admin, PATHS.sumOrder);
    expect(sum.body.data.signingsRemaining).toBeGreaterThanOrEqual(100);
  });

  it('pays an order from the development page’s Pay button, whose form is form-encoded', async () => {
    const made = await newOrder(enterprise.id);
    const payment = await qr(made.id);
    const page = await (await fetch(new URL(payment.qrText, server.base))).text();
    expect(page).toContain('action="/api/dev/qr-pay/settle"');
    const paid = await fetch(`${server.base}/api${PATHS.devPaymentSettle}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reference: referenceOf(payment), outcome: 'paid' }).toString(),
    });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Paid.');
    expect((await order(made.id)).status).toBe('inEffect');
  });

  it('lapses an unpaid order once its last QR code expired and the grace passed: a late payment pays nothing', async () => {
    const made = await newOrder(enterprise.id);
    const payment = await qr(made.id);
    offset += (PAYMENT_QR_TTL_S + 31 * 60) * 1000;
    const lapsed = await order(made.id);
    expect(lapsed).toMatchObject({ status: 'invalid', invalidReason: 'lapsed' });
    const late = {
      noticeId: `late-${made.id}`,
      reference: referenceOf(payment),
      outcome: 'paid',
      amountFen: 50_000,
    };
    expect((await notify(late)).status).toBe(200);
    expect((await order(made.id)).status).toBe('invalid');
    const [row] = await server.database.query<{ outcome: string }>(
      'SELECT outcome FROM payment_notices WHERE notice_id = $1',
      [late.noticeId],
    );
    expect(row!.outcome).toBe('notPayable');
  });

  it('starts a package on the day chosen, and ends it a year later', async () => {
    const later = new Date(now().getTime() + 10 * DAY).toISOString().slice(0, 10);
    const made = await newOrder(enterprise.id, { startsOn: later });
    const payment = await qr(made.id);
    await notify({
      noticeId: `s-${made.id}`,
      reference: referenceOf(payment),
      outcome: 'paid',
      amountFen: 50_000,
    });
    expect((await order(made.id)).status).toBe('pendingEffect');
    offset += 11 * DAY;
    expect((await order(made.id)).status).toBe('inEffect');
    offset += 365 * DAY;
    expect(await order(made.id)).toMatchObject({ status: 'invalid', invalidReason: 'expired' });
  });
});
