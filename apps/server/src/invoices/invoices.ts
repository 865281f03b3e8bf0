/**
 * Invoice requests of paid orders (issue 33; packages/platform INVOICES.md): asking for one, the
 * console's requests and its invoiceable orders, and an operator's issue / reject / mail. Every
 * change of state goes through `nextInvoiceStatus`; amounts are whole fen.
 */
import { randomInt } from 'node:crypto';
import {
  INVOICE_REASON_MAX,
  INVOICE_TRACKING_MAX,
  PAPER_INVOICE_COURIER_FEE_FEN,
  nextInvoiceStatus,
  type InvoiceApplication,
  type InvoiceEvent,
  type InvoiceForm,
  type InvoiceItem,
  type InvoiceRequest,
  type InvoiceStatus,
  type InvoiceType,
  type InvoiceableOrder,
  type Page,
} from '@esign/platform';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { insertMessage } from '../messages/write';
import type { Buyer } from '../orders/orders';
import type { InvoiceIssuer } from '../providers/e-invoice/provider';
import { SqlParams, listTime } from '../templates/access';

type Sql = Pick<Queryable, 'query'>;

/** Whose invoices: a console, as its orders are keyed (`Buyer` of the orders area). */
export type Payer = Buyer;

/** A request number: KP (开票), the UTC date as yyyyMMdd, 8 random digits. */
export function invoiceRequestNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `KP${date}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** What standing requests (every state but rejected) invoice of an order (`o`), in fen. */
const INVOICED_OF_ORDER = `coalesce((SELECT sum(i.amount_fen) FROM invoice_items i
  JOIN invoice_requests r ON r.id = i.request_id
  WHERE i.order_id = o.id AND r.status <> 'rejected'), 0)`;

/** A paid order that is not terminated (a refunded order invoices nothing more). */
const PAID_ORDER = `o.paid_at IS NOT NULL AND o.status <> 'terminated'`;

const ofConsole = (payer: Payer, params: SqlParams, alias: string) =>
  `${alias}.tenant_id = ${params.add(payer.tenantId)} AND ${alias}.console_key = ${params.add(payer.consoleKey)}`;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

interface RequestRow {
  id: string | number;
  tenant_id: string;
  company_id: string | number | null;
  requested_by: string | number;
  number: string;
  create_time: string;
  type: InvoiceType;
  form: InvoiceForm;
  title: string;
  taxpayer_number: string;
  email: string;
  registered_address: string;
  registered_phone: string;
  bank_name: string;
  bank_account: string;
  recipient: string;
  recipient_phone: string;
  address: string;
  amount_fen: string | number;
  courier_fee_fen: string | number;
  status: InvoiceStatus;
  reject_reason: string | null;
  invoice_number: string | null;
  issuer: string | null;
  issued_at: Date | string | null;
  sent_to: string | null;
  tracking_number: string | null;
  mailed_at: Date | string | null;
}

const REQUEST_COLUMNS = `r.*, ${listTime('r.created_at')} AS create_time`;

/** Requests (`r`) as the list shows them, with their orders, in the order given. */
async function requestsOf(sql: Sql, rows: RequestRow[]): Promise<InvoiceRequest[]> {
  if (rows.length === 0) return [];
  const items = await sql.query<{
    request_id: string | number;
    order_id: string | number;
    number: string;
    package_name: string;
    package_name_zh: string;
    amount_fen: string | number;
  }>(
    `SELECT i.request_id, i.order_id, o.number, o.package_name, o.package_name_zh, i.amount_fen
     FROM invoice_items i JOIN orders o ON o.id = i.order_id
     WHERE i.request_id = ANY($1::bigint[]) ORDER BY i.request_id, o.id`,
    [rows.map((row) => Number(row.id))],
  );
  const byRequest = new Map<string, InvoiceItem[]>();
  for (const item of items) {
    const list = byRequest.get(String(item.request_id)) ?? [];
    list.push({
      orderId: String(item.order_id),
      orderNumber: item.number,
      packageName: item.package_name,
      packageNameZh: item.package_name_zh,
      amountFen: Number(item.amount_fen),
    });
    byRequest.set(String(item.request_id), list);
  }
  return rows.map((row) => ({
    id: String(row.id),
    number: row.number,
    createTime: row.create_time,
    type: row.type,
    form: row.form,
    title: row.title,
    taxpayerNumber: row.taxpayer_number,
    email: row.email,
    registeredAddress: row.registered_address,
    registeredPhone: row.registered_phone,
    bankName: row.bank_name,
    bankAccount: row.bank_account,
    recipient: row.recipient,
    recipientPhone: row.recipient_phone,
    address: row.address,
    items: byRequest.get(String(row.id)) ?? [],
    amountFen: Number(row.amount_fen),
    courierFeeFen: Number(row.courier_fee_fen),
    status: row.status,
    rejectReason: row.reject_reason,
    invoiceNumber: row.invoice_number,
    issuedAt: iso(row.issued_at),
    sentTo: row.sent_to,
    trackingNumber: row.tracking_number,
    mailedAt: iso(row.mailed_at),
    development: row.issuer === 'development',
  }));
}

/** One request by id (of the payer's console when given), or 404. */
async function readRequest(sql: Sql, id: number, payer?: Payer): Promise<InvoiceRequest> {
  const params = new SqlParams();
  const where = `r.id = ${params.add(id)}${payer ? ` AND ${ofConsole(payer, params, 'r')}` : ''}`;
  const rows = await sql.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM invoice_requests r WHERE ${where}`,
    params.values,
  );
  if (rows.length === 0) throw new ApiError('notFound', 404);
  return (await requestsOf(sql, rows))[0]!;
}

/**
 * busi-invoice/invoice: a request of the payer's console, in one transaction: the orders it names
 * are locked (`FOR UPDATE`, in id order) before what they already invoice is summed, so that of
 * two requests for the last of an order the second sees the first and is refused. An order of
 * another console (or none) answers 404; an unpaid or terminated one 409 'invoiceOrderNotPaid';
 * more than an order has left 409 'invoiceAmountExceeded' (`data`: the order and what remains).
 */
export async function applyForInvoice(
  database: Database,
  payer: Payer,
  application: InvoiceApplication,
  now: Date,
): Promise<InvoiceRequest> {
  const ids = application.items.map((item) => item.orderId).sort((a, b) => a - b);
  return database.transaction(async (tx) => {
    const params = new SqlParams();
    const orders = await tx.query<{
      id: string | number;
      number: string;
      amount_fen: string | number;
      paid: boolean;
    }>(
      `SELECT o.id, o.number, o.amount_fen, (${PAID_ORDER}) AS paid FROM orders o
       WHERE ${ofConsole(payer, params, 'o')} AND o.id = ANY(${params.add(ids)}::bigint[])
       ORDER BY o.id FOR UPDATE`,
      params.values,
    );
    if (orders.length !== ids.length) throw new ApiError('notFound', 404);
    const unpaid = orders.find((order) => !order.paid);
    if (unpaid) {
      throw new ApiError('invoiceOrderNotPaid', 409, 409, {
        field: 'items',
        orderId: String(unpaid.id),
      });
    }
    const invoiced = await tx.query<{ order_id: string | number; fen: string | number }>(
      `SELECT i.order_id, sum(i.amount_fen) AS fen FROM invoice_items i
       JOIN invoice_requests r ON r.id = i.request_id
       WHERE i.order_id = ANY($1::bigint[]) AND r.status <> 'rejected' GROUP BY i.order_id`,
      [ids],
    );
    const invoicedOf = new Map(invoiced.map((row) => [Number(row.order_id), Number(row.fen)]));
    for (const item of application.items) {
      const order = orders.find((one) => Number(one.id) === item.orderId)!;
      const remainingFen = Number(order.amount_fen) - (invoicedOf.get(item.orderId) ?? 0);
      if (item.amountFen > remainingFen) {
        throw new ApiError('invoiceAmountExceeded', 409, 409, {
          field: 'items',
          orderId: String(order.id),
          orderNumber: order.number,
          remainingFen: Math.max(remainingFen, 0),
        });
      }
    }
    const amountFen = application.items.reduce((sum, item) => sum + item.amountFen, 0);
    const paper = application.form === 'paper';
    let id = 0;
    for (let attempt = 0; id === 0; attempt++) {
      // A savepoint, so that a number drawn twice is drawn again inside this transaction.
      await tx.query('SAVEPOINT invoice_number');
      try {
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO invoice_requests (tenant_id, number, console_key, company_id, requested_by,
             type, form, title, taxpayer_number, email, registered_address, registered_phone,
             bank_name, bank_account, recipient, recipient_phone, address, amount_fen,
             courier_fee_fen, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             $19, $20)
           RETURNING id`,
          [
            payer.tenantId,
            invoiceRequestNumber(now),
            payer.consoleKey,
            payer.companyId,
            payer.userId,
            application.type,
            application.form,
            application.title,
            application.taxpayerNumber,
            application.email,
            application.registeredAddress,
            application.registeredPhone,
            application.bankName,
            application.bankAccount,
            paper ? application.recipient : '',
            paper ? application.recipientPhone : '',
            paper ? application.address : '',
            amountFen,
            paper ? PAPER_INVOICE_COURIER_FEE_FEN : 0,
            now,
          ],
        );
        id = Number(row!.id);
      } catch (error) {
        if ((error as { code?: string }).code !== '23505' || attempt >= 3) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT invoice_number');
      }
    }
    for (const item of application.items) {
      await tx.query(
        'INSERT INTO invoice_items (request_id, order_id, amount_fen) VALUES ($1, $2, $3)',
        [id, item.orderId, item.amountFen],
      );
    }
    return readRequest(tx, id);
  });
}

/** busi-invoice/qry-list: a page of the console's requests, newest first. */
export async function listInvoiceRequests(
  sql: Sql,
  payer: Payer,
  page: { current: number; size: number; status?: InvoiceStatus | undefined },
): Promise<Page<InvoiceRequest>> {
  const params = new SqlParams();
  let where = ofConsole(payer, params, 'r');
  if (page.status) where += ` AND r.status = ${params.add(page.status)}`;
  const [rows, [count]] = await Promise.all([
    sql.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM invoice_requests r WHERE ${where}
       ORDER BY r.created_at DESC, r.id DESC
       LIMIT ${params.add(page.size)} OFFSET ${params.add((page.current - 1) * page.size)}`,
      params.values,
    ),
    sql.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM invoice_requests r WHERE ${where}`,
      params.values.slice(0, -2),
    ),
  ]);
  return {
    records: await requestsOf(sql, rows),
    total: count!.total,
    current: page.current,
    size: page.size,
  };
}

/**
 * busi-invoice/invoiceable: a page of the console's paid orders (not terminated) with something
 * left to invoice, newest paid first, each with what standing requests invoice of it.
 */
export async function listInvoiceableOrders(
  sql: Sql,
  payer: Payer,
  page: { current: number; size: number },
): Promise<Page<InvoiceableOrder>> {
  const params = new SqlParams();
  const where = `${ofConsole(payer, params, 'o')} AND ${PAID_ORDER}
    AND o.amount_fen > ${INVOICED_OF_ORDER}`;
  const [rows, [count]] = await Promise.all([
    sql.query<{
      id: string | number;
      number: string;
      package_name: string;
      package_name_zh: string;
      paid_at: Date | string;
      amount_fen: string | number;
      invoiced: string | number;
    }>(
      `SELECT o.id, o.number, o.package_name, o.package_name_zh, o.paid_at, o.amount_fen,
         ${INVOICED_OF_ORDER} AS invoiced
       FROM orders o WHERE ${where}
       ORDER BY o.paid_at DESC, o.id DESC
       LIMIT ${params.add(page.size)} OFFSET ${params.add((page.current - 1) * page.size)}`,
      params.values,
    ),
    sql.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM orders o WHERE ${where}`,
      params.values.slice(0, -2),
    ),
  ]);
  return {
    records: rows.map((row) => ({
      orderId: String(row.id),
      orderNumber: row.number,
      packageName: row.package_name,
      packageNameZh: row.package_name_zh,
      paidAt: iso(row.paid_at)!,
      amountFen: Number(row.amount_fen),
      invoicedFen: Number(row.invoiced),
      remainingFen: Number(row.amount_fen) - Number(row.invoiced),
    })),
    total: count!.total,
    current: page.current,
    size: page.size,
  };
}

/** What an operator gives with an event. */
export interface InvoiceDecision {
  event: InvoiceEvent;
  /** issue: the number of an invoice made by hand; without it, the issuer makes one. */
  invoiceNumber?: string | undefined;
  /** reject: why (required). */
  reason?: string | undefined;
  /** mail: the courier's tracking number (required). */
  trackingNumber?: string | undefined;
}

/** What an operator's decision needs and did not get (refused before anything is written). */
export class InvoiceDecisionError extends Error {}

const text = (value: string | undefined, max: number, what: string): string => {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') throw new InvoiceDecisionError(`${what} is required`);
  if (trimmed.length > max) throw new InvoiceDecisionError(`${what} is at most ${max} characters`);
  return trimmed;
};

const MESSAGES: Record<
  InvoiceEvent,
  (request: InvoiceRequest) => {
    title: { en: string; zh: string };
    content: { en: string; zh: string };
  }
> = {
  issue: (request) => ({
    title: { en: 'Your invoice was issued', zh: '发票已开具' },
    content:
      request.form === 'electronic'
        ? {
            en: `Invoice ${request.invoiceNumber} of request ${request.number} was sent to ${request.sentTo}.`,
            zh: `开票申请 ${request.number} 的发票 ${request.invoiceNumber} 已发送至 ${request.sentTo}。`,
          }
        : {
            en: `Invoice ${request.invoiceNumber} of request ${request.number} was issued and will be mailed.`,
            zh: `开票申请 ${request.number} 的发票 ${request.invoiceNumber} 已开具，将尽快寄出。`,
          },
  }),
  reject: (request) => ({
    title: { en: 'Your invoice request was rejected', zh: '开票申请未通过' },
    content: {
      en: `Request ${request.number} was rejected: ${request.rejectReason}. Its amounts can be invoiced again.`,
      zh: `开票申请 ${request.number} 未通过：${request.rejectReason}。相应金额可重新申请开票。`,
    },
  }),
  mail: (request) => ({
    title: { en: 'Your paper invoice was mailed', zh: '纸质发票已寄出' },
    content: {
      en: `Invoice ${request.invoiceNumber} was handed to the courier, tracking number ${request.trackingNumber}; the courier fee is paid on delivery.`,
      zh: `发票 ${request.invoiceNumber} 已寄出，快递单号 ${request.trackingNumber}，快递费到付。`,
    },
  }),
};

/**
 * An operator's event on a request (the operator command; the development call for testers),
 * by the state table: issue (with the number of an invoice made by hand, or one the issuer makes
 * and sends), reject (with a reason), mail a paper invoice (with the tracking number). Refused
 * with 409 'invoiceNotPossible' where the table has no such move. The requester finds a message
 * in the message centre. `payer` confines it to one console (the development call).
 */
export async function decideInvoice(
  database: Database,
  id: number,
  decision: InvoiceDecision,
  issuer: InvoiceIssuer | null,
  now: Date,
  payer?: Payer,
): Promise<InvoiceRequest> {
  const reason =
    decision.event === 'reject' ? text(decision.reason, INVOICE_REASON_MAX, 'A reason') : null;
  const tracking =
    decision.event === 'mail'
      ? text(decision.trackingNumber, INVOICE_TRACKING_MAX, 'A tracking number')
      : null;
  const typed = decision.invoiceNumber?.trim() || null;
  if (typed !== null && typed.length > 40) {
    throw new InvoiceDecisionError('An invoice number is at most 40 characters');
  }
  if (decision.event === 'issue' && typed === null && !issuer) {
    throw new InvoiceDecisionError(
      'No e-invoice issuer is configured here: give the number of the invoice made by hand',
    );
  }
  return database.transaction(async (tx) => {
    const params = new SqlParams();
    const where = `r.id = ${params.add(id)}${payer ? ` AND ${ofConsole(payer, params, 'r')}` : ''}`;
    const [row] = await tx.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM invoice_requests r WHERE ${where} FOR UPDATE`,
      params.values,
    );
    if (!row) throw new ApiError('notFound', 404);
    const next = nextInvoiceStatus(row.status, decision.event, row.form);
    if (!next) throw new ApiError('invoiceNotPossible', 409);
    if (decision.event === 'issue') {
      const issued = typed
        ? {
            invoiceNumber: typed,
            sentTo: row.form === 'electronic' ? row.email : null,
            issuer: 'manual',
          }
        : {
            ...(await issuer!.issue({
              requestNumber: row.number,
              type: row.type,
              title: row.title,
              taxpayerNumber: row.taxpayer_number,
              amountFen: Number(row.amount_fen),
              email: row.form === 'electronic' ? row.email : '',
            })),
            issuer: issuer!.name,
          };
      await tx.query(
        `UPDATE invoice_requests SET status = $2, invoice_number = $3, sent_to = $4, issuer = $5,
           issued_at = $6 WHERE id = $1`,
        [id, next, issued.invoiceNumber, issued.sentTo || null, issued.issuer, now],
      );
    } else if (decision.event === 'reject') {
      await tx.query(
        'UPDATE invoice_requests SET status = $2, reject_reason = $3, rejected_at = $4 WHERE id = $1',
        [id, next, reason, now],
      );
    } else {
      await tx.query(
        'UPDATE invoice_requests SET status = $2, tracking_number = $3, mailed_at = $4 WHERE id = $1',
        [id, next, tracking, now],
      );
    }
    const request = await readRequest(tx, id);
    await insertMessage(tx, {
      tenantId: row.tenant_id,
      userId: row.requested_by,
      companyId: row.company_id,
      ...MESSAGES[decision.event](request),
    });
    return request;
  });
}

/** An operator's list: requests waiting for them (requested, or paper issued and not mailed). */
export async function waitingInvoiceRequests(
  sql: Sql,
  status?: InvoiceStatus,
): Promise<(InvoiceRequest & { tenantId: string })[]> {
  const rows = await sql.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM invoice_requests r
     WHERE ${status ? 'r.status = $1' : `(r.status = 'requested' OR (r.status = 'issued' AND r.form = 'paper'))`}
     ORDER BY r.created_at, r.id LIMIT 200`,
    status ? [status] : [],
  );
  const requests = await requestsOf(sql, rows);
  return requests.map((request, index) => ({ ...request, tenantId: rows[index]!.tenant_id }));
}
