/**
 * The demo API's answers to invoices (busi-invoice invoice, qry-list, invoiceable and the
 * development advance call), from the server's OpenAPI examples (`INVOICE_EXAMPLES`). It checks
 * only the shared request schemas and moves states by the shared table; what an order has left to
 * invoice and whether a request passes it are the server's rules, so a story says what the server
 * would answer (`demoInvoicesFrom`: the orders offered, a refusal) rather than the demo working it
 * out. Each story's console keeps its changes to itself.
 */
import {
  INVOICE_EXAMPLES,
  PAPER_INVOICE_COURIER_FEE_FEN,
  PATHS,
  check,
  devInvoiceAdvanceBody,
  fail,
  invoiceApplyBody,
  invoiceListBody,
  invoiceableBody,
  message,
  nextInvoiceStatus,
  type InvoiceRequest,
  type InvoiceableOrder,
  type MessageKey,
} from '@esign/platform';
import type { DemoConsole } from './demoData';
import { answer, type ConsoleCall } from './demoTemplates';
import { bodyOf, schemaRefusal } from './demoRequest';

/** What the demo answers in one console: a story's fixtures, as the server would answer them. */
export interface DemoInvoices {
  /** The console's requests, newest first. */
  requests: InvoiceRequest[];
  /** busi-invoice/invoiceable's orders. */
  invoiceable: InvoiceableOrder[];
  /** Whether the server says it serves the development advance call. */
  devAdvance: boolean;
  /** A refusal busi-invoice/invoice answers instead (an order invoiced meanwhile …). */
  refuseApply?: { status: number; text: MessageKey; data?: unknown };
}

/** What a console answers unless a story says otherwise: the examples. */
export function exampleInvoices(): DemoInvoices {
  return {
    requests: structuredClone([
      INVOICE_EXAMPLES.requested,
      INVOICE_EXAMPLES.issued,
      INVOICE_EXAMPLES.mailed,
      INVOICE_EXAMPLES.rejected,
    ]),
    invoiceable: structuredClone(INVOICE_EXAMPLES.invoiceable),
    devAdvance: false,
  };
}

let pending: DemoInvoices | null = null;
const consoles = new WeakMap<DemoConsole, DemoInvoices>();

/**
 * What the next story's console answers (call it in the story's `beforeEach`): taken once, by the
 * first invoice call.
 */
export function demoInvoicesFrom(invoices: DemoInvoices): void {
  pending = invoices;
}

function invoicesOf(current: DemoConsole): DemoInvoices {
  let invoices = consoles.get(current);
  if (!invoices) {
    invoices = pending ? structuredClone(pending) : exampleInvoices();
    pending = null;
    consoles.set(current, invoices);
  }
  return invoices;
}

const page = <T>(rows: T[], current: number, size: number) => ({
  records: rows.slice((current - 1) * size, current * size),
  total: rows.length,
  current,
  size,
});

/** The demo API's answers to the invoice calls, by path. */
export const INVOICE_CALLS: Record<string, ConsoleCall> = {
  [PATHS.invoiceList]: (current, locale, request) => {
    const checked = check(invoiceListBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const { status, current: at, size } = checked.value;
    const invoices = invoicesOf(current);
    const rows = invoices.requests.filter((one) => !status || one.status === status);
    return answer({ ...page(rows, at, size), devAdvance: invoices.devAdvance });
  },
  [PATHS.invoiceable]: (current, locale, request) => {
    const checked = check(invoiceableBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    return answer(page(invoicesOf(current).invoiceable, checked.value.current, checked.value.size));
  },
  [PATHS.invoiceApply]: (current, locale, request) => {
    const checked = check(invoiceApplyBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const invoices = invoicesOf(current);
    const refusal = invoices.refuseApply;
    if (refusal) {
      return {
        status: refusal.status,
        body: fail(refusal.status, message(refusal.text, locale), refusal.data ?? null),
      };
    }
    const { items, ...fields } = checked.value;
    const paper = fields.form === 'paper';
    const made: InvoiceRequest = {
      ...structuredClone(INVOICE_EXAMPLES.requested),
      ...fields,
      id: String(100 + invoices.requests.length),
      number: `KP20261206${String(10_000_000 + invoices.requests.length)}`,
      createTime: '2026-12-06 09:00:00',
      items: items.map((item) => {
        const order = invoices.invoiceable.find((one) => one.orderId === String(item.orderId));
        return {
          orderId: String(item.orderId),
          orderNumber: order?.orderNumber ?? '',
          packageName: order?.packageName ?? '',
          packageNameZh: order?.packageNameZh ?? '',
          amountFen: item.amountFen,
        };
      }),
      amountFen: items.reduce((sum, item) => sum + item.amountFen, 0),
      courierFeeFen: paper ? PAPER_INVOICE_COURIER_FEE_FEN : 0,
      ...(paper ? {} : { recipient: '', recipientPhone: '', address: '' }),
    };
    invoices.requests.unshift(made);
    return answer(made);
  },
  [PATHS.devInvoiceAdvance]: (current, locale, request) => {
    const checked = check(devInvoiceAdvanceBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = invoicesOf(current).requests.find((one) => one.id === String(checked.value.id));
    if (!found) return { status: 404, body: fail(404, message('notFound', locale)) };
    const next = nextInvoiceStatus(found.status, checked.value.event, found.form);
    if (!next) return { status: 409, body: fail(409, message('invoiceNotPossible', locale)) };
    Object.assign(
      found,
      { status: next },
      checked.value.event === 'issue'
        ? {
            invoiceNumber: 'DEV20261206000000001',
            issuedAt: '2026-12-06T09:05:00.000Z',
            sentTo: found.form === 'electronic' ? found.email : null,
            development: true,
          }
        : checked.value.event === 'reject'
          ? { rejectReason: 'Rejected by a tester (development)' }
          : { trackingNumber: 'DEV000000001', mailedAt: '2026-12-06T10:00:00.000Z' },
    );
    return answer(found);
  },
};
