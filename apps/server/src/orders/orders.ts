/**
 * Orders of signing packages (issue 33; packages/platform ORDERS.md): making one, the QR code that
 * pays it, the notice that settles it, and the clock's events. Every change of status goes
 * through `nextOrderStatus`; amounts are whole fen.
 */
import { randomInt } from 'node:crypto';
import {
  PAYMENT_QR_TTL_S,
  nextOrderStatus,
  type BuildOrderBody,
  type FeeUnit,
  type Order,
  type OrderEvent,
  type OrderInvalidReason,
  type OrderStatus,
  type PackageKind,
  type PaymentMethod,
  type QrCodePayment,
} from '@esign/platform';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import type { QrPaymentProvider } from '../providers/qr-payment/provider';
import { SqlParams, listTime } from '../templates/access';

type Sql = Pick<Queryable, 'query'>;

/** Whose orders: a console (as counterparts key them). */
export interface Buyer {
  tenantId: string;
  consoleKey: string;
  companyId: number | null;
  userId: number;
}

/**
 * How long an unpaid order waits after its last QR code expired before it lapses: the payer who
 * let a code expire can still ask for a new one ("QR code expired, please refresh").
 */
export const ORDER_PAY_GRACE_S = 30 * 60;

/** An order number: DD, the UTC date as yyyyMMdd, 8 random digits. */
export function orderNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `DD${date}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** The kind of package a console buys: a company's enterprise packages, a person's personal ones. */
export const packageKindOf = (buyer: Buyer): PackageKind =>
  buyer.companyId === null ? 'personal' : 'enterprise';

export const ORDER_COLUMNS = `o.id, o.number, ${listTime('o.created_at')} AS create_time,
  o.package_id, o.package_kind, o.unit, o.package_name, o.package_name_zh, o.signings_each,
  o.unit_price_fen, o.quantity, o.amount_fen, o.status, o.invalid_reason,
  to_char(o.starts_on, 'YYYY-MM-DD') AS starts_on, o.expires_at, o.signings_total,
  o.signings_used, o.paid_at, o.payment_method, o.pay_before`;

export interface OrderRow {
  id: string | number;
  number: string;
  create_time: string;
  package_id: string | number;
  package_kind: PackageKind;
  unit: FeeUnit;
  package_name: string;
  package_name_zh: string;
  signings_each: number;
  unit_price_fen: string | number;
  quantity: number;
  amount_fen: string | number;
  status: OrderStatus;
  invalid_reason: OrderInvalidReason | null;
  starts_on: string;
  expires_at: Date | string | null;
  signings_total: number;
  signings_used: number;
  paid_at: Date | string | null;
  payment_method: PaymentMethod | null;
  pay_before: Date | string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export function orderOf(row: OrderRow): Order {
  return {
    id: String(row.id),
    number: row.number,
    createTime: row.create_time,
    packageId: String(row.package_id),
    packageKind: row.package_kind,
    unit: row.unit,
    packageName: row.package_name,
    packageNameZh: row.package_name_zh,
    signingsEach: row.signings_each,
    unitPriceFen: Number(row.unit_price_fen),
    quantity: row.quantity,
    amountFen: Number(row.amount_fen),
    status: row.status,
    invalidReason: row.invalid_reason,
    startsOn: row.starts_on,
    expiresAt: iso(row.expires_at),
    signingsTotal: row.signings_total,
    signingsUsed: row.signings_used,
    signingsRemaining: row.signings_total - row.signings_used,
    paidAt: iso(row.paid_at),
    paymentMethod: row.payment_method,
    payBefore: row.status === 'pendingPayment' ? iso(row.pay_before) : null,
  };
}

/**
 * Applies the clock's events that are due (`lapse`, `start`, `expire`) to the orders `where`
 * selects, each by the state machine's table: run before orders are read or consumed, so that an
 * order is never seen or used past its time, whichever process looks first.
 */
export async function applyClock(
  sql: Sql,
  now: Date,
  where: string,
  params: SqlParams,
): Promise<void> {
  const due: Record<'lapse' | 'start' | 'expire', { from: OrderStatus; when: string }> = {
    lapse: { from: 'pendingPayment', when: 'o.pay_before <= $now' },
    start: { from: 'pendingEffect', when: 'o.effective_at <= $now' },
    expire: { from: 'inEffect', when: 'o.expires_at <= $now' },
  };
  // The caller's parameters stay as they were: `where` is read again after this.
  const own = new SqlParams();
  own.values.push(...params.values);
  const at = own.add(now);
  for (const [event, { from, when }] of Object.entries(due) as [
    OrderEvent,
    (typeof due)['lapse'],
  ][]) {
    const next = nextOrderStatus(from, event);
    if (!next) throw new Error(`the order table lost ${from} --${event}->`);
    await sql.query(
      `UPDATE orders o SET status = '${next.to}', invalid_reason = ${next.reason ? `'${next.reason}'` : 'NULL'}
       WHERE ${where} AND o.status = '${from}' AND ${when.replace('$now', `${at}::timestamptz`)}`,
      own.values,
    );
  }
}

/** The buyer's console's orders (`o`) as SQL. */
export function ofBuyer(buyer: Buyer, params: SqlParams): string {
  return `o.tenant_id = ${params.add(buyer.tenantId)} AND o.console_key = ${params.add(buyer.consoleKey)}`;
}

/** One order of the buyer's console, clock applied, or 404. */
export async function readOrder(sql: Sql, buyer: Buyer, id: number, now: Date): Promise<Order> {
  const params = new SqlParams();
  const where = `${ofBuyer(buyer, params)} AND o.id = ${params.add(id)}`;
  await applyClock(sql, now, where, params);
  const [row] = await sql.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${where}`,
    params.values,
  );
  if (!row) throw new ApiError('notFound', 404);
  return orderOf(row);
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** busi-order/build-order: an unpaid order of a package on sale for the console's kind. */
export async function buildOrder(
  database: Database,
  buyer: Buyer,
  body: Omit<BuildOrderBody, 'packageId' | 'quantity'> & { packageId: number; quantity: number },
  now: Date,
): Promise<Order> {
  const startsOn = body.startsOn ?? today(now);
  if (startsOn < today(now) || Number.isNaN(Date.parse(`${startsOn}T00:00:00Z`))) {
    throw new ApiError('startsOnPast', 400);
  }
  const [found] = await database.query<{ id: string }>(
    'SELECT id FROM sign_packages WHERE id = $1 AND on_sale AND kind = $2',
    [body.packageId, packageKindOf(buyer)],
  );
  if (!found) throw new ApiError('packageNotOnSale', 400);
  const payBefore = new Date(now.getTime() + (PAYMENT_QR_TTL_S + ORDER_PAY_GRACE_S) * 1000);
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await database.query<{ id: string }>(
        `INSERT INTO orders (tenant_id, number, console_key, company_id, buyer_user_id, package_id,
           package_kind, unit, package_name, package_name_zh, signings_each, unit_price_fen, quantity,
           amount_fen, signings_total, valid_days, starts_on, pay_before, created_at)
         SELECT $1, $2, $3, $4::bigint, $5::bigint, p.id, p.kind, p.unit, p.name, p.name_zh, p.signings,
           p.price_fen, $6::int, p.price_fen * $6::int, p.signings * $6::int, p.valid_days, $7::date,
           $8::timestamptz, $9::timestamptz
         FROM sign_packages p WHERE p.id = $10
         RETURNING id`,
        [
          buyer.tenantId,
          orderNumber(now),
          buyer.consoleKey,
          buyer.companyId,
          buyer.userId,
          body.quantity,
          startsOn,
          payBefore,
          now,
          body.packageId,
        ],
      );
      return readOrder(database, buyer, Number(row!.id), now);
    } catch (error) {
      // Two orders drew the same number: draw again.
      if ((error as { code?: string }).code !== '23505' || attempt >= 3) throw error;
    }
  }
}

/**
 * busi-pay-order/qr-code-pay: a new QR code for an unpaid order (each renews its payment window);
 * 409 'orderNotPayable' once it was paid, lapsed or cancelled.
 */
export async function qrCodePay(
  database: Database,
  provider: QrPaymentProvider,
  buyer: Buyer,
  input: { orderId: number; method: PaymentMethod },
  now: Date,
): Promise<QrCodePayment> {
  const order = await readOrder(database, buyer, input.orderId, now);
  if (order.status !== 'pendingPayment') throw new ApiError('orderNotPayable', 409);
  const expiresAt = new Date(now.getTime() + PAYMENT_QR_TTL_S * 1000);
  const charge = await provider.createCharge({
    orderNumber: order.number,
    amountFen: order.amountFen,
    method: input.method,
    expiresAt,
    description: order.packageName,
  });
  await database.transaction(async (tx) => {
    const [still] = await tx.query(
      `UPDATE orders SET pay_before = $2 WHERE id = $1 AND status = 'pendingPayment' RETURNING id`,
      [input.orderId, new Date(expiresAt.getTime() + ORDER_PAY_GRACE_S * 1000)],
    );
    if (!still) throw new ApiError('orderNotPayable', 409);
    await tx.query(
      `INSERT INTO payment_charges (reference, provider, order_id, method, amount_fen, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        charge.reference,
        provider.name,
        input.orderId,
        input.method,
        order.amountFen,
        now,
        expiresAt,
      ],
    );
  });
  return {
    orderId: order.id,
    method: input.method,
    qrText: charge.qrText,
    expiresAt: expiresAt.toISOString(),
    amountFen: order.amountFen,
    development: provider.development,
  };
}

/** What became of a notice (stored with it). */
export type NoticeOutcome =
  'paid' | 'failed' | 'duplicate' | 'unknownCharge' | 'amountMismatch' | 'notPayable';

/**
 * Handles a notice whose signature held, once: the same notice id again changes nothing; a notice
 * for another amount than the order's, or for an order no longer payable (already paid through
 * another code, lapsed, cancelled) pays nothing and is kept with that outcome (a real provider's
 * money received for a lapsed order is to be refunded: the outcome says so to whoever reconciles).
 */
export async function settleNotice(
  database: Database,
  provider: QrPaymentProvider,
  notice: { noticeId: string; reference: string; outcome: 'paid' | 'failed'; amountFen: number },
  now: Date,
): Promise<NoticeOutcome> {
  return database.transaction(async (tx) => {
    const [fresh] = await tx.query(
      `INSERT INTO payment_notices (provider, notice_id, reference, outcome, amount_fen, received_at)
       VALUES ($1, $2, $3, 'received', $4, $5) ON CONFLICT DO NOTHING RETURNING notice_id`,
      [provider.name, notice.noticeId, notice.reference, notice.amountFen, now],
    );
    if (!fresh) return 'duplicate';
    const record = (outcome: NoticeOutcome, orderId: number | null) =>
      tx.query(
        'UPDATE payment_notices SET outcome = $3, order_id = $4 WHERE provider = $1 AND notice_id = $2',
        [provider.name, notice.noticeId, outcome, orderId],
      );
    const [charge] = await tx.query<{ order_id: string; method: PaymentMethod }>(
      'SELECT order_id, method FROM payment_charges WHERE provider = $1 AND reference = $2',
      [provider.name, notice.reference],
    );
    if (!charge) {
      await record('unknownCharge', null);
      return 'unknownCharge';
    }
    const orderId = Number(charge.order_id);
    const [order] = await tx.query<{
      tenant_id: string;
      console_key: string;
      status: OrderStatus;
      amount_fen: string | number;
      starts_on: string;
      valid_days: number;
    }>(
      `SELECT tenant_id, console_key, status, amount_fen, to_char(starts_on, 'YYYY-MM-DD') AS starts_on,
         valid_days FROM orders WHERE id = $1 FOR UPDATE`,
      [orderId],
    );
    if (notice.outcome === 'failed') {
      await record('failed', orderId);
      return 'failed';
    }
    if (Number(order!.amount_fen) !== notice.amountFen) {
      await record('amountMismatch', orderId);
      return 'amountMismatch';
    }
    const params = new SqlParams();
    await applyClock(tx, now, `o.id = ${params.add(orderId)}`, params);
    const [current] = await tx.query<{ status: OrderStatus }>(
      'SELECT status FROM orders WHERE id = $1',
      [orderId],
    );
    const startsAt = new Date(`${order!.starts_on}T00:00:00Z`);
    const startsLater = startsAt.getTime() > now.getTime();
    const next = nextOrderStatus(current!.status, 'pay', { startsLater });
    if (!next) {
      await record('notPayable', orderId);
      return 'notPayable';
    }
    const effectiveAt = startsLater ? startsAt : now;
    const expiresAt = new Date(effectiveAt.getTime() + order!.valid_days * 86_400_000);
    await tx.query(
      `UPDATE orders SET status = $2, paid_at = $3, payment_method = $4, payment_reference = $5,
         effective_at = $6, expires_at = $7, pay_before = NULL
       WHERE id = $1`,
      [orderId, next.to, now, charge.method, notice.reference, effectiveAt, expiresAt],
    );
    await record('paid', orderId);
    return 'paid';
  });
}
