/**
 * The calls of packages, orders and QR payment (spec 001 §7 sicpay-account; issue 33): the
 * packages on sale, making an order, its QR code, the console's orders and totals, the payment
 * provider's notice, and — outside production — the development provider's payment page.
 *
 * Who: in a company, buying (packages, orders, QR codes) needs `account:buy` and reading orders
 * `fee:order`; in the personal console the person holds both. Every call needs the person's
 * real-name verification (spec 001 §5 Access) and is refused in a tenant whose system type is 1,
 * where the fee screens do not exist. A notice needs no session: its provider's signature is the
 * right.
 */
import {
  ORDER_EXAMPLES,
  PATHS,
  buildOrderBody,
  formatYuan,
  orderIdBody,
  orderListBody,
  qrCodePayBody,
  signPackageListBody,
  type Order,
  type OrderSummary,
  type Page,
  type QrCodePayment,
  type SignPackage,
} from '@esign/platform';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import { bookOf } from '../counterparts/book';
import { feesApply } from '../fees/balance';
import { ApiError, route } from '../http/route';
import {
  developmentQrPaymentProvider,
  signDevelopmentNotice,
  DEVELOPMENT_SIGNATURE_HEADER,
} from '../providers/qr-payment/development';
import type { QrPaymentProvider } from '../providers/qr-payment/provider';
import { SqlParams } from '../templates/access';
import {
  ORDER_COLUMNS,
  applyClock,
  buildOrder,
  ofBuyer,
  orderOf,
  packageKindOf,
  qrCodePay,
  readOrder,
  settleNotice,
  type Buyer,
  type OrderRow,
} from './orders';

const TAG = 'sicpay-account';

const providers = new WeakMap<AppContext, QrPaymentProvider>();

/** Plugs a real QR payment provider into one app (`buildApp({ qrPayment })`). */
export function configureQrPaymentProvider(
  context: AppContext,
  provider: QrPaymentProvider | undefined,
): void {
  if (provider) providers.set(context, provider);
}

/** The app's QR payment provider: the one given, else the development one outside production. */
function qrPaymentProvider(context: AppContext): QrPaymentProvider | null {
  const given = providers.get(context);
  if (given) return given;
  if (!context.development) return null;
  const development = developmentQrPaymentProvider(context.key, context.publicUrl);
  providers.set(context, development);
  return development;
}

/** The session's console as a buyer; refused where the tenant shows no fees (system type 1). */
async function buyerOf(
  context: AppContext,
  session: { tenantId: string; userId: number | string; companyId: number | string },
): Promise<Buyer> {
  if (!(await feesApply(context.database, session.tenantId))) {
    throw new ApiError('noPermission', 403);
  }
  const book = bookOf(session);
  return {
    tenantId: book.tenantId,
    consoleKey: book.consoleKey,
    companyId: book.companyId,
    userId: book.userId,
  };
}

export async function orderRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.signPackageList,
    summary:
      'The signing packages on sale for the session’s console (personal packages in the personal console, enterprise packages in a company): signings, price in fen, days of validity',
    tag: TAG,
    permission: 'account:buy',
    realName: true,
    body: signPackageListBody,
    example: { body: {}, answer: ORDER_EXAMPLES.packages },
    handler: async ({ session, body }): Promise<SignPackage[]> => {
      const buyer = await buyerOf(context, session);
      const rows = await database.query<{
        id: string;
        kind: SignPackage['kind'];
        unit: SignPackage['unit'];
        name: string;
        name_zh: string;
        signings: number;
        price_fen: string | number;
        valid_days: number;
      }>(
        `SELECT id, kind, unit, name, name_zh, signings, price_fen, valid_days FROM sign_packages
         WHERE on_sale AND kind = $1 ORDER BY unit DESC, position, id`,
        [body.kind ?? packageKindOf(buyer)],
      );
      return rows.map((row) => ({
        id: String(row.id),
        kind: row.kind,
        unit: row.unit,
        name: row.name,
        nameZh: row.name_zh,
        signings: row.signings,
        priceFen: Number(row.price_fen),
        validDays: row.valid_days,
      }));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.buildOrder,
    summary:
      'Makes an unpaid order of a package on sale for the console (the purchase agreement accepted; quantity 1–100; an optional later start day), priced in fen from the package now',
    tag: TAG,
    permission: 'account:buy',
    realName: true,
    body: buildOrderBody,
    example: {
      body: { packageId: '3', quantity: 1, agreement: true },
      answer: ORDER_EXAMPLES.unpaid,
    },
    handler: async ({ session, body }): Promise<Order> =>
      buildOrder(database, await buyerOf(context, session), body, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.orderList,
    summary: 'A page of the console’s orders, newest first, optionally of one status',
    tag: TAG,
    permission: 'fee:order',
    realName: true,
    body: orderListBody,
    example: {
      body: { current: 1, size: 10 },
      answer: { records: [ORDER_EXAMPLES.paid], total: 1, current: 1, size: 10 },
    },
    handler: async ({ session, body }): Promise<Page<Order>> => {
      const buyer = await buyerOf(context, session);
      const params = new SqlParams();
      let where = ofBuyer(buyer, params);
      await applyClock(database, context.now(), where, params);
      if (body.status) where += ` AND o.status = ${params.add(body.status)}`;
      const [rows, [count]] = await Promise.all([
        database.query<OrderRow>(
          `SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${where}
           ORDER BY o.created_at DESC, o.id DESC LIMIT ${params.add(body.size)} OFFSET ${params.add((body.current - 1) * body.size)}`,
          params.values,
        ),
        database.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM orders o WHERE ${where}`,
          params.values.slice(0, -2),
        ),
      ]);
      return {
        records: rows.map(orderOf),
        total: count!.total,
        current: body.current,
        size: body.size,
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.getOrder,
    summary: 'One order of the console (404 for any other), its status as of now',
    tag: TAG,
    permission: 'fee:order',
    realName: true,
    body: orderIdBody,
    example: { body: { id: '41' }, answer: ORDER_EXAMPLES.paid },
    handler: async ({ session, body }): Promise<Order> =>
      readOrder(database, await buyerOf(context, session), body.id, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.sumOrder,
    summary:
      'The console’s totals over its orders: paid (fen), signings remaining in signing packages in effect, how many of them end within 30 days, orders waiting for payment (gifts and evidence copies: busi-wallet/balance)',
    tag: TAG,
    permission: 'fee:order',
    realName: true,
    example: { answer: ORDER_EXAMPLES.summary },
    handler: async ({ session }): Promise<OrderSummary> => {
      const buyer = await buyerOf(context, session);
      const now = context.now();
      const params = new SqlParams();
      const where = ofBuyer(buyer, params);
      await applyClock(database, now, where, params);
      const soon = params.add(new Date(now.getTime() + 30 * 86_400_000));
      const [row] = await database.query<{
        paid: string | number;
        remaining: number;
        soon: number;
        pending: number;
      }>(
        `SELECT coalesce(sum(o.amount_fen) FILTER (WHERE o.paid_at IS NOT NULL), 0) AS paid,
           coalesce(sum(o.signings_total - o.signings_used)
             FILTER (WHERE o.status = 'inEffect' AND o.unit = 'signing'), 0)::int AS remaining,
           coalesce(sum(o.signings_total - o.signings_used)
             FILTER (WHERE o.status = 'inEffect' AND o.unit = 'signing'
               AND o.expires_at <= ${soon}::timestamptz), 0)::int AS soon,
           count(*) FILTER (WHERE o.status = 'pendingPayment')::int AS pending
         FROM orders o WHERE ${where}`,
        params.values,
      );
      return {
        paidFen: Number(row!.paid),
        signingsRemaining: row!.remaining,
        signingsExpiringSoon: row!.soon,
        pendingPayment: row!.pending,
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.qrCodePay,
    summary:
      'A QR code (15 minutes) to pay an unpaid order of the console by Alipay, WeChat Pay or UnionPay cloud flash pay; each renews the order’s payment window; 409 once it was paid, lapsed or cancelled; 503 where no payment provider is configured',
    tag: TAG,
    permission: 'account:buy',
    realName: true,
    body: qrCodePayBody,
    example: { body: { orderId: '41', method: 'alipay' }, answer: ORDER_EXAMPLES.qrCode },
    handler: async ({ session, body }): Promise<QrCodePayment> => {
      const provider = qrPaymentProvider(context);
      if (!provider) throw new ApiError('paymentUnavailable', 503);
      return qrCodePay(database, provider, await buyerOf(context, session), body, context.now());
    },
  });

  // The provider's notice is read as the bytes it sent: its signature is over them.
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    route(notify, context, {
      method: 'POST',
      path: `${PATHS.paymentNotify}/:provider`,
      summary:
        'A payment provider’s notice of a QR charge (no session: the provider’s signature over the body is the right; a notice without it pays nothing and is answered 400). Handled once: the same notice again, a wrong amount or an order no longer payable pay nothing',
      tag: TAG,
      permission: 'public',
      handler: async ({ request, reply }) => {
        const provider = qrPaymentProvider(context);
        const name = (request.params as { provider?: string }).provider;
        if (!provider || name !== provider.name) throw new ApiError('notFound', 404);
        const body = typeof request.body === 'string' ? request.body : '';
        const notice = provider.verifyNotice(body, request.headers);
        if (!notice) throw new ApiError('invalidValue', 400);
        await settleNotice(database, provider, notice, context.now());
        return reply.type(provider.acknowledgement.contentType).send(provider.acknowledgement.body);
      },
    });
  });

  // A plugin of its own: its page's Pay / Fail buttons post a form (form-encoded).
  if (context.development) {
    await app.register(async (dev) => {
      await dev.register(formbody);
      developmentPaymentPage(dev, context);
    });
  }
}

/** The development provider's page behind its QR codes (outside production only). */
function developmentPaymentPage(app: FastifyInstance, context: AppContext): void {
  const { database } = context;
  const referenceQuery = z.object({
    reference: z.string().check(z.minLength(1), z.maxLength(100)),
  });
  const settleBody = z.object({
    reference: z.string().check(z.minLength(1), z.maxLength(100)),
    outcome: z.enum(['paid', 'failed']),
  });
  const chargeOf = async (reference: string) => {
    const [charge] = await database.query<{
      number: string;
      amount_fen: string;
      method: string;
      package_name: string;
    }>(
      `SELECT o.number, c.amount_fen, c.method, o.package_name FROM payment_charges c
       JOIN orders o ON o.id = c.order_id WHERE c.reference = $1`,
      [reference],
    );
    if (!charge) throw new ApiError('notFound', 404);
    return charge;
  };

  route(app, context, {
    method: 'GET',
    path: PATHS.devPaymentPage,
    summary:
      'The development payment provider’s page behind a QR code (development only): the order, its amount, and Pay / Fail buttons; no money moves',
    tag: 'dev',
    permission: 'public',
    query: referenceQuery,
    example: { query: { reference: 'dev-reference' } },
    handler: async ({ query, reply }) => {
      const charge = await chargeOf(query.reference);
      const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const amount = formatYuan(Number(charge.amount_fen));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Development payment</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}
.note{background:#fff7e6;border:1px solid #ffd591;padding:.75rem;border-radius:6px}
button{font-size:1rem;padding:.75rem 1.25rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #999}
#pay{background:#1677ff;color:#fff;border-color:#1677ff}</style></head><body>
<p class="note"><strong>Development payment provider — no money moves.</strong> 开发环境支付页面，不会产生真实扣款。</p>
<h1>${escape(amount)}</h1>
<p>${escape(charge.package_name)} · ${escape(charge.method)} · ${escape(charge.number)}</p>
<form method="post" action="${PATHS.devPaymentSettle.replace(/^/, '/api')}">
<input type="hidden" name="reference" value="${escape(query.reference)}">
<button id="pay" name="outcome" value="paid">Pay 支付</button>
<button name="outcome" value="failed">Fail 失败</button></form></body></html>`);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.devPaymentSettle,
    summary:
      'The development payment page’s buttons (development only): makes the signed notice a provider would post and settles it through the same path',
    tag: 'dev',
    permission: 'public',
    body: settleBody,
    example: { body: { reference: 'dev-reference', outcome: 'paid' } },
    handler: async ({ body, reply }) => {
      const provider = qrPaymentProvider(context);
      if (!provider?.development) throw new ApiError('notFound', 404);
      const charge = await chargeOf(body.reference);
      const notice = JSON.stringify({
        noticeId: `dev-${body.reference}-${body.outcome}-${Date.now()}`,
        reference: body.reference,
        outcome: body.outcome,
        amountFen: Number(charge.amount_fen),
      });
      const verified = provider.verifyNotice(notice, {
        [DEVELOPMENT_SIGNATURE_HEADER]: signDevelopmentNotice(context.key, notice),
      });
      const outcome = await settleNotice(database, provider, verified!, context.now());
      const text =
        outcome === 'paid'
          ? 'Paid. You can go back to the order. 支付成功，请返回订单页面。'
          : outcome === 'failed'
            ? 'The payment failed. 支付失败。'
            : `Nothing was paid (${outcome}). 未支付。`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${outcome}</title></head><body style="font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto"><p>${text}</p></body></html>`,
        );
    },
  });
}
