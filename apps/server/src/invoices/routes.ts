/**
 * The calls of invoices (spec 001 §7 sicpay-account `busi-invoice/invoice`; issue 33): asking for
 * an invoice of paid orders, and — beyond the spec's one call, for the open-ticket screen — the
 * console's requests (`qry-list`) and its orders with something left to invoice (`invoiceable`).
 * Outside production, a development call lets a tester issue, reject or mail a request of their
 * console as an operator would (operators use the operator command: see CONTEXT.md).
 *
 * Who: `fee:invoice` in a company (every permission holds in the personal console, whose person
 * invoices their own orders); the person's real-name verification; refused in a tenant whose
 * system type is 1, where the fee screens do not exist.
 */
import {
  INVOICE_EXAMPLES,
  PATHS,
  devInvoiceAdvanceBody,
  invoiceApplyBody,
  invoiceListBody,
  invoiceableBody,
  type InvoiceRequest,
  type InvoiceRequestPage,
  type InvoiceableOrder,
  type Page,
} from '@esign/platform';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { feesApply } from '../fees/balance';
import { bookOf } from '../counterparts/book';
import { ApiError, route } from '../http/route';
import { developmentInvoiceIssuer } from '../providers/e-invoice/development';
import {
  applyForInvoice,
  decideInvoice,
  listInvoiceRequests,
  listInvoiceableOrders,
  type Payer,
} from './invoices';

const TAG = 'sicpay-account';

/** The session's console as the payer of its orders; refused where the tenant shows no fees. */
async function payerOf(
  context: AppContext,
  session: { tenantId: string; userId: number | string; companyId: number | string },
): Promise<Payer> {
  if (!(await feesApply(context.database, session.tenantId))) {
    throw new ApiError('noPermission', 403);
  }
  const { tenantId, consoleKey, companyId, userId } = bookOf(session);
  return { tenantId, consoleKey, companyId, userId };
}

export async function invoiceRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.invoiceApply,
    summary:
      'Requests an invoice of paid orders of the console (spec 001 §5 rules: detailed and tax registration address ≤ 33, account bank ≤ 20, bank card ≤ 30, valid email; VAT special needs the bank and registration details, electronic an email, paper a recipient, phone and address and carries the courier fee, paid on delivery). What an order invoices over requests not rejected never passes what was paid: 409 past it, checked with the orders locked; 404 for an order of another console, 409 for an unpaid or terminated one',
    tag: TAG,
    permission: 'fee:invoice',
    realName: true,
    body: invoiceApplyBody,
    example: { body: INVOICE_EXAMPLES.applyBody, answer: INVOICE_EXAMPLES.requested },
    handler: async ({ session, body }): Promise<InvoiceRequest> =>
      applyForInvoice(database, await payerOf(context, session), body, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.invoiceList,
    summary:
      'The platform’s own (beside busi-invoice/invoice, for the open-ticket screen): a page of the console’s invoice requests, newest first, optionally of one state, each with its orders, amounts, state and what the state recorded (invoice number and sent-to email, tracking number, rejection reason)',
    tag: TAG,
    permission: 'fee:invoice',
    realName: true,
    body: invoiceListBody,
    example: {
      body: { current: 1, size: 10 },
      answer: {
        records: [
          INVOICE_EXAMPLES.requested,
          INVOICE_EXAMPLES.issued,
          INVOICE_EXAMPLES.mailed,
          INVOICE_EXAMPLES.rejected,
        ],
        total: 4,
        current: 1,
        size: 10,
        devAdvance: false,
      } satisfies InvoiceRequestPage,
    },
    handler: async ({ session, body }): Promise<InvoiceRequestPage> => ({
      ...(await listInvoiceRequests(database, await payerOf(context, session), body)),
      devAdvance: context.development,
    }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.invoiceable,
    summary:
      'The platform’s own (beside busi-invoice/invoice, for the open-ticket screen): a page of the console’s paid orders (not terminated) with something left to invoice, newest paid first: what was paid, what requests not rejected invoice of it, and what remains (fen)',
    tag: TAG,
    permission: 'fee:invoice',
    realName: true,
    body: invoiceableBody,
    example: {
      body: { current: 1, size: 100 },
      answer: {
        records: INVOICE_EXAMPLES.invoiceable,
        total: 2,
        current: 1,
        size: 100,
      } satisfies Page<InvoiceableOrder>,
    },
    handler: async ({ session, body }): Promise<Page<InvoiceableOrder>> =>
      listInvoiceableOrders(database, await payerOf(context, session), body),
  });

  if (!context.development) return;

  route(app, context, {
    method: 'POST',
    path: PATHS.devInvoiceAdvance,
    summary:
      'Development only: issues (with the development e-invoice issuer, which makes no real invoice), rejects or mails a request of the session’s console as an operator would, for testers; 409 where its state does not allow it',
    tag: 'dev',
    permission: 'fee:invoice',
    realName: true,
    body: devInvoiceAdvanceBody,
    example: { body: { id: '12', event: 'issue' }, answer: INVOICE_EXAMPLES.issued },
    handler: async ({ session, body }): Promise<InvoiceRequest> =>
      decideInvoice(
        database,
        body.id,
        {
          event: body.event,
          reason: 'Rejected by a tester (development)',
          trackingNumber: `DEV${String(randomInt(1_000_000_000)).padStart(9, '0')}`,
        },
        developmentInvoiceIssuer,
        context.now(),
        await payerOf(context, session),
      ),
  });
}
