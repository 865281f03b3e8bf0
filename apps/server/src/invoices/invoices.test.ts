import {
  PAPER_INVOICE_COURIER_FEE_FEN,
  PATHS,
  type InvoiceApplyBody,
  type InvoiceRequest,
  type InvoiceRequestPage,
  type InvoiceableOrder,
  type Order,
  type Page,
  type QrCodePayment,
  type SignPackage,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingKey } from '../auth/tokens';
import {
  DEVELOPMENT_SIGNATURE_HEADER,
  signDevelopmentNotice,
} from '../providers/qr-payment/development';
import { developmentInvoiceIssuer } from '../providers/e-invoice/development';
import { addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { runInvoiceCommand } from './operator-command';

const ADMIN = '13800000002';
const PERSON = '13800000001';
const EMPLOYEE = '13900000801';

const electronic = (items: { orderId: string; amountFen: number }[]): InvoiceApplyBody => ({
  items,
  type: 'vatGeneral',
  form: 'electronic',
  title: 'Demo Technology Co., Ltd.',
  taxpayerNumber: '91310000MA1FL4XQ3K',
  email: 'finance@demo.example.com',
});

const paper = (items: { orderId: string; amountFen: number }[]): InvoiceApplyBody => ({
  ...electronic(items),
  type: 'vatSpecial',
  form: 'paper',
  email: '',
  registeredAddress: '上海市浦东新区世纪大道100号',
  registeredPhone: '021-61234567',
  bankName: '招商银行上海分行',
  bankAccount: '121909876510201',
  recipient: '王芳',
  recipientPhone: '13800000002',
  address: '上海市浦东新区世纪大道100号20楼',
});

describe.each(BACKENDS)('invoices on $name', (backend) => {
  const server = useTestServer(backend);
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

  /** An order of `packageName`, made and paid through the development QR provider's notice. */
  const paidOrder = async (token: string, packageName: string, quantity = 1) => {
    const packages = await post<SignPackage[]>(token, PATHS.signPackageList, {});
    const chosen = packages.body.data.find((p) => p.name === packageName)!;
    const made = await post<Order>(token, PATHS.buildOrder, {
      packageId: chosen.id,
      quantity,
      agreement: true,
    });
    expect(made.status, made.body.msg).toBe(200);
    const qr = await post<QrCodePayment>(token, PATHS.qrCodePay, {
      orderId: made.body.data.id,
      method: 'alipay',
    });
    const reference = new URL(qr.body.data.qrText, server.base).searchParams.get('reference')!;
    const notice = JSON.stringify({
      noticeId: `invoice-test-${made.body.data.id}`,
      reference,
      outcome: 'paid',
      amountFen: made.body.data.amountFen,
    });
    const paid = await fetch(`${server.base}/api${PATHS.paymentNotify}/development`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [DEVELOPMENT_SIGNATURE_HEADER]: signDevelopmentNotice(key, notice),
      },
      body: notice,
    });
    expect(paid.status).toBe(200);
    return made.body.data;
  };

  const invoiceable = async (token: string) =>
    (await post<Page<InvoiceableOrder>>(token, PATHS.invoiceable, { size: 100 })).body.data;

  const remainingOf = async (token: string, orderId: string) =>
    (await invoiceable(token)).records.find((order) => order.orderId === orderId)?.remainingFen ??
    0;

  const apply = (token: string, body: InvoiceApplyBody, lang = 'en') =>
    post<InvoiceRequest>(token, PATHS.invoiceApply, body, lang);

  /** The operator command, its output kept. */
  const operator = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runInvoiceCommand(server.database, args, {
      issuer: developmentInvoiceIssuer,
      out: (line) => lines.push(line),
      problem: (line) => lines.push(line),
    });
    return { code, output: lines.join('\n') };
  };

  const listed = async (token: string) =>
    (await post<InvoiceRequestPage>(token, PATHS.invoiceList, { size: 100 })).body.data;

  beforeAll(async () => {
    const company = await demoCompanyId(server.database);
    admin = (await loginInto(server.base, ADMIN, company)).access_token;
    person = (await login(server.base, PERSON)).access_token;
    await addUser(server.database, { phone: EMPLOYEE, company: { id: company, role: 'employee' } });
    employee = (await loginInto(server.base, EMPLOYEE, company)).access_token;
    key = await signingKey(server.database);
  });

  it('answers the rules of spec 001 §5 with their messages, at the field, in both languages', async () => {
    const order = await paidOrder(admin, 'Enterprise 100');
    const items = [{ orderId: order.id, amountFen: 100 }];
    const cases: [InvoiceApplyBody, string, string][] = [
      [
        { ...paper(items), address: '址'.repeat(34) },
        'address: The detailed address can be at most 33 characters',
        'address: 详细地址不能超过33个字符',
      ],
      [
        { ...paper(items), registeredAddress: 'r'.repeat(34) },
        'registeredAddress: The tax registration address can be at most 33 characters',
        'registeredAddress: 税务登记地址不能超过33个字符',
      ],
      [
        { ...paper(items), bankName: '行'.repeat(21) },
        'bankName: The account bank can be at most 20 characters',
        'bankName: 开户银行不能超过20个字符',
      ],
      [
        { ...paper(items), bankAccount: '6'.repeat(31) },
        'bankAccount: The bank card number can be at most 30 characters',
        'bankAccount: 银行卡号不能超过30个字符',
      ],
      [
        { ...electronic(items), email: 'finance@demo' },
        'email: Please enter a valid email address',
        'email: 请输入有效的邮箱地址',
      ],
    ];
    for (const [body, en, zh] of cases) {
      const refused = await apply(admin, body);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(en);
      expect((refused.body.data as unknown as { field: string }).field).toBe(en.split(':')[0]);
      expect((await apply(admin, body, 'zh')).body.msg).toBe(zh);
    }
    // Each limit itself is taken.
    const atLimits = await apply(admin, {
      ...paper(items),
      address: '址'.repeat(33),
      registeredAddress: 'r'.repeat(33),
      bankName: '行'.repeat(20),
      bankAccount: '6'.repeat(30),
    });
    expect(atLimits.status, atLimits.body.msg).toBe(200);
    expect(atLimits.body.data).toMatchObject({
      address: '址'.repeat(33),
      bankAccount: '6'.repeat(30),
    });
  });

  it('invoices what was paid for an order, never more, in whole fen', async () => {
    const order = await paidOrder(admin, 'Enterprise 100', 2);
    expect(order.amountFen).toBe(100_000);
    expect(await remainingOf(admin, order.id)).toBe(100_000);

    const first = await apply(admin, electronic([{ orderId: order.id, amountFen: 60_000 }]));
    expect(first.status, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 'requested',
      amountFen: 60_000,
      courierFeeFen: 0,
      items: [{ orderId: order.id, orderNumber: order.number, amountFen: 60_000 }],
      invoiceNumber: null,
    });
    expect(first.body.data.number).toMatch(/^KP\d{16}$/);
    const left = (await invoiceable(admin)).records.find((one) => one.orderId === order.id);
    expect(left).toMatchObject({ amountFen: 100_000, invoicedFen: 60_000, remainingFen: 40_000 });

    const over = await apply(admin, electronic([{ orderId: order.id, amountFen: 40_001 }]));
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe(
      'The amount to invoice is more than what remains to invoice of this order',
    );
    expect(over.body.data).toMatchObject({
      field: 'items',
      orderId: order.id,
      remainingFen: 40_000,
    });
    expect(
      (await apply(admin, electronic([{ orderId: order.id, amountFen: 40_001 }]), 'zh')).body.msg,
    ).toBe('开票金额超过该订单的可开票金额');

    expect(
      (await apply(admin, electronic([{ orderId: order.id, amountFen: 40_000 }]))).status,
    ).toBe(200);
    // Nothing left: the order is no longer offered, and one fen more is refused.
    expect((await invoiceable(admin)).records.map((one) => one.orderId)).not.toContain(order.id);
    expect((await apply(admin, electronic([{ orderId: order.id, amountFen: 1 }]))).status).toBe(
      409,
    );
    const [sum] = await server.database.query<{ fen: string }>(
      'SELECT sum(amount_fen)::text AS fen FROM invoice_items WHERE order_id = $1',
      [order.id],
    );
    expect(sum!.fen).toBe('100000');
  });

  it('lets one of several requests at once for the last invoiceable amount win, across processes', async () => {
    const order = await paidOrder(admin, 'Enterprise 100');
    const another = await server.startAnother();
    try {
      const body = electronic([{ orderId: order.id, amountFen: order.amountFen }]);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          call(index % 2 === 0 ? server.base : another.base, 'POST', PATHS.invoiceApply, {
            token: admin,
            body,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const [sum] = await server.database.query<{ fen: string; n: number }>(
        'SELECT sum(amount_fen)::text AS fen, count(*)::int AS n FROM invoice_items WHERE order_id = $1',
        [order.id],
      );
      expect(sum).toEqual({ fen: String(order.amountFen), n: 1 });
    } finally {
      await another.close();
    }
  });

  it('refuses another console’s order (404), an unpaid or terminated one (409), writing nothing', async () => {
    const order = await paidOrder(admin, 'Enterprise 100');
    const before = await listed(admin);
    // The person's own console does not hold the company's order.
    const foreign = await apply(person, electronic([{ orderId: order.id, amountFen: 100 }]));
    expect(foreign.status).toBe(404);
    // One foreign order among the person's own refuses the whole request.
    const own = await paidOrder(person, 'Personal 10');
    expect(
      (
        await apply(
          person,
          electronic([
            { orderId: own.id, amountFen: 100 },
            { orderId: order.id, amountFen: 100 },
          ]),
        )
      ).status,
    ).toBe(404);
    expect((await listed(person)).total).toBe(0);

    const packages = await post<SignPackage[]>(admin, PATHS.signPackageList, {});
    const unpaid = await post<Order>(admin, PATHS.buildOrder, {
      packageId: packages.body.data.find((p) => p.name === 'Enterprise 100')!.id,
      agreement: true,
    });
    const refused = await apply(
      admin,
      electronic([{ orderId: unpaid.body.data.id, amountFen: 1 }]),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Only paid orders can be invoiced');
    expect(
      (await apply(admin, electronic([{ orderId: unpaid.body.data.id, amountFen: 1 }]), 'zh')).body
        .msg,
    ).toBe('只能为已支付的订单开票');
    expect((await invoiceable(admin)).records.map((one) => one.orderId)).not.toContain(
      unpaid.body.data.id,
    );

    // A terminated (refunded) order invoices nothing more.
    await server.database.query("UPDATE orders SET status = 'terminated' WHERE id = $1", [
      order.id,
    ]);
    expect((await apply(admin, electronic([{ orderId: order.id, amountFen: 1 }]))).status).toBe(
      409,
    );
    expect((await listed(admin)).total).toBe(before.total);
  });

  it('asks a paper invoice for whom and where to mail it, and shows its courier fee apart', async () => {
    const order = await paidOrder(admin, 'Enterprise 100');
    const items = [{ orderId: order.id, amountFen: order.amountFen }];
    const unaddressed = await apply(admin, { ...paper(items), recipient: '', address: '' });
    expect(unaddressed.status).toBe(400);
    expect(unaddressed.body.msg).toBe(
      'recipient: Please enter whom the paper invoice is mailed to',
    );
    const noAddress = await apply(admin, { ...paper(items), address: ' ' }, 'zh');
    expect(noAddress.body.msg).toBe('address: 请输入纸质发票的详细邮寄地址');
    // A VAT special invoice needs its bank details.
    expect((await apply(admin, { ...paper(items), bankAccount: '' })).body.msg).toBe(
      'bankAccount: Please enter the bank card number',
    );

    const made = await apply(admin, paper(items));
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.data).toMatchObject({
      form: 'paper',
      type: 'vatSpecial',
      amountFen: order.amountFen,
      courierFeeFen: PAPER_INVOICE_COURIER_FEE_FEN,
      recipient: '王芳',
      address: '上海市浦东新区世纪大道100号20楼',
    });
    // An electronic invoice carries no fee and keeps no mailing address.
    const other = await paidOrder(admin, 'Enterprise 100');
    const mail = await apply(admin, {
      ...electronic([{ orderId: other.id, amountFen: 10 }]),
      recipient: 'Somebody',
      address: 'Somewhere',
    });
    expect(mail.body.data).toMatchObject({ courierFeeFen: 0, recipient: '', address: '' });
  });

  it('is issued, rejected and mailed by an operator’s command; the list shows each state', async () => {
    const order = await paidOrder(admin, 'Enterprise 100', 3);
    const e1 = (await apply(admin, electronic([{ orderId: order.id, amountFen: 50_000 }]))).body
      .data;
    const e2 = (await apply(admin, electronic([{ orderId: order.id, amountFen: 50_000 }]))).body
      .data;
    const p1 = (await apply(admin, paper([{ orderId: order.id, amountFen: 50_000 }]))).body.data;
    expect(await remainingOf(admin, order.id)).toBe(0);

    const waiting = await operator('invoices');
    expect(waiting.code).toBe(0);
    for (const request of [e1, e2, p1]) expect(waiting.output).toContain(request.number);

    const issued = await operator('invoice-issue', e1.id);
    expect(issued.code, issued.output).toBe(0);
    expect(issued.output).toContain('sent to finance@demo.example.com');
    expect(issued.output).toContain('development issuer');
    // Once issued, neither issued again nor rejected; an electronic invoice is never mailed.
    expect((await operator('invoice-issue', e1.id)).code).toBe(1);
    expect((await operator('invoice-reject', e1.id, '--reason', 'late')).code).toBe(1);
    expect((await operator('invoice-mail', e1.id, '--tracking', 'SF1')).code).toBe(1);

    // A rejection needs a reason, and frees its amount.
    expect((await operator('invoice-reject', e2.id)).code).toBe(2);
    expect(
      (await operator('invoice-reject', e2.id, '--reason', 'The title does not match')).code,
    ).toBe(0);
    expect(await remainingOf(admin, order.id)).toBe(50_000);

    // A paper invoice: the number of the one printed, then its tracking number.
    expect((await operator('invoice-mail', p1.id, '--tracking', 'SF1')).code).toBe(1);
    expect((await operator('invoice-issue', p1.id, '--number', '24312000000012345678')).code).toBe(
      0,
    );
    expect((await operator('invoice-mail', p1.id)).code).toBe(2);
    expect((await operator('invoice-mail', p1.id, '--tracking', 'SF1402839471203')).code).toBe(0);
    expect((await operator('invoice-issue', '999999')).output).toBe('No invoice request #999999.');

    const page = await listed(admin);
    expect(page.devAdvance).toBe(true);
    const byId = new Map(page.records.map((request) => [request.id, request]));
    expect(byId.get(e1.id)).toMatchObject({
      status: 'issued',
      sentTo: 'finance@demo.example.com',
      development: true,
    });
    expect(byId.get(e1.id)!.invoiceNumber).toMatch(/^DEV\d{17}$/);
    expect(byId.get(e2.id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'The title does not match',
    });
    expect(byId.get(p1.id)).toMatchObject({
      status: 'mailed',
      invoiceNumber: '24312000000012345678',
      trackingNumber: 'SF1402839471203',
      development: false,
    });
    // Newest first.
    const ids = page.records.map((request) => request.id);
    expect(ids.indexOf(p1.id)).toBeLessThan(ids.indexOf(e1.id));
    const onlyRejected = await post<InvoiceRequestPage>(admin, PATHS.invoiceList, {
      status: 'rejected',
    });
    expect(onlyRejected.body.data.records.map((request) => request.status)).toEqual(
      onlyRejected.body.data.records.map(() => 'rejected'),
    );
    // The requester reads what happened in the message centre.
    const [messages] = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE title IN
        ('Your invoice was issued', 'Your invoice request was rejected', 'Your paper invoice was mailed')`,
    );
    expect(messages!.n).toBeGreaterThanOrEqual(4);
  });

  it('lets a tester advance their own console’s request through the development call, never in production', async () => {
    const own = await paidOrder(person, 'Personal 10');
    const made = await apply(person, {
      ...electronic([{ orderId: own.id, amountFen: own.amountFen }]),
      title: '张三',
      taxpayerNumber: '',
      email: 'zhang@example.com',
    });
    expect(made.status, made.body.msg).toBe(200);
    // Another console's request is not found.
    expect(
      (await post(admin, PATHS.devInvoiceAdvance, { id: made.body.data.id, event: 'issue' }))
        .status,
    ).toBe(404);
    const issued = await post<InvoiceRequest>(person, PATHS.devInvoiceAdvance, {
      id: made.body.data.id,
      event: 'issue',
    });
    expect(issued.status, issued.body.msg).toBe(200);
    expect(issued.body.data).toMatchObject({
      status: 'issued',
      sentTo: 'zhang@example.com',
      development: true,
    });
    const again = await post(person, PATHS.devInvoiceAdvance, {
      id: made.body.data.id,
      event: 'reject',
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(
      'This invoice request cannot be changed that way in its current state',
    );

    const production = await server.startAnother({ development: false });
    try {
      const refused = await call(production.base, 'POST', PATHS.devInvoiceAdvance, {
        token: person,
        body: { id: made.body.data.id, event: 'issue' },
      });
      expect(refused.status).toBe(404);
      const page = await call<InvoiceRequestPage>(production.base, 'POST', PATHS.invoiceList, {
        token: person,
        body: {},
      });
      expect(page.body.data.devAdvance).toBe(false);
    } finally {
      await production.close();
    }
  });

  it('needs fee:invoice in a company, and is refused where the tenant shows no fees', async () => {
    for (const path of [PATHS.invoiceApply, PATHS.invoiceList, PATHS.invoiceable]) {
      const body = path === PATHS.invoiceApply ? electronic([{ orderId: '1', amountFen: 1 }]) : {};
      expect((await post(employee, path, body)).status, path).toBe(403);
    }
    await server.database.query("UPDATE tenants SET sys_type = 1 WHERE id = '000000'");
    try {
      expect((await post(admin, PATHS.invoiceList, {})).status).toBe(403);
      expect((await post(person, PATHS.invoiceable, {})).status).toBe(403);
    } finally {
      await server.database.query("UPDATE tenants SET sys_type = 0 WHERE id = '000000'");
    }
  });
});
