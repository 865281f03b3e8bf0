/**
 * The invoice request form's pure part: which fields a type and form of invoice show, the form's
 * values turned into what busi-invoice/invoice takes, and antd rules from the platform's own
 * schema (the server's checks, with its messages in the interface language). Nothing of the
 * server's rules is written again here.
 */
import {
  INVOICE_ADDRESS_MAX,
  INVOICE_BANK_ACCOUNT_MAX,
  INVOICE_BANK_NAME_MAX,
  INVOICE_RECIPIENT_MAX,
  INVOICE_REGISTERED_ADDRESS_MAX,
  INVOICE_TITLE_MAX,
  check,
  invoiceApplyBody,
  type Fen,
  type InvoiceApplyBody,
  type InvoiceField,
  type InvoiceForm,
  type InvoiceType,
  type InvoiceableOrder,
  type Locale,
} from '@esign/platform';
import type { FormRule } from 'antd';

/** What the form holds: the chosen orders (their ids) and every field as typed. */
export interface InvoiceFormValues extends Partial<Record<InvoiceField, string>> {
  /** The ids of the orders chosen; each is invoiced for what remains of it. */
  items?: string[];
  type?: InvoiceType;
  form?: InvoiceForm;
}

/** The fields a VAT special invoice adds, and those a paper invoice adds. */
export const SPECIAL_FIELDS = [
  'registeredAddress',
  'registeredPhone',
  'bankName',
  'bankAccount',
] as const satisfies readonly InvoiceField[];
export const PAPER_FIELDS = [
  'recipient',
  'recipientPhone',
  'address',
] as const satisfies readonly InvoiceField[];

/** The fields shown for a type and form of invoice, in the form's order. */
export function invoiceFieldsOf(type: InvoiceType, form: InvoiceForm): InvoiceField[] {
  return [
    'title',
    'taxpayerNumber',
    'email',
    ...(type === 'vatSpecial' ? SPECIAL_FIELDS : []),
    ...(form === 'paper' ? PAPER_FIELDS : []),
  ];
}

/**
 * Each field's longest entry (spec 001 §5 and the platform's own limits): shown as a count beside
 * the field, which may be passed so that the rule says what is wrong rather than typing stopping.
 */
export const INVOICE_FIELD_LIMITS: Partial<Record<InvoiceField, number>> = {
  title: INVOICE_TITLE_MAX,
  registeredAddress: INVOICE_REGISTERED_ADDRESS_MAX,
  bankName: INVOICE_BANK_NAME_MAX,
  bankAccount: INVOICE_BANK_ACCOUNT_MAX,
  recipient: INVOICE_RECIPIENT_MAX,
  address: INVOICE_ADDRESS_MAX,
};

/** The orders chosen, as the server lists them (an id no longer offered is left out). */
export function chosenOrders(
  ids: readonly string[] | undefined,
  invoiceable: readonly InvoiceableOrder[],
): InvoiceableOrder[] {
  const chosen = new Set(ids ?? []);
  return invoiceable.filter((order) => chosen.has(order.orderId));
}

/** What the chosen orders invoice together (fen). */
export const totalOf = (orders: readonly InvoiceableOrder[]): Fen =>
  orders.reduce((sum, order) => sum + order.remainingFen, 0);

/**
 * The form's values as busi-invoice/invoice takes them: each chosen order for what remains of it,
 * and the fields the type and form show (hidden ones are not sent).
 */
export function toInvoiceBody(
  values: InvoiceFormValues,
  invoiceable: readonly InvoiceableOrder[],
): InvoiceApplyBody {
  const type = values.type ?? 'vatGeneral';
  const form = values.form ?? 'electronic';
  return {
    items: chosenOrders(values.items, invoiceable).map((order) => ({
      orderId: order.orderId,
      amountFen: order.remainingFen,
    })),
    type,
    form,
    title: '',
    ...Object.fromEntries(
      invoiceFieldsOf(type, form).map((field) => [field, (values[field] ?? '').trim()]),
    ),
  };
}

/**
 * A field's rule: the whole request checked with the server's schema, and the first problem it
 * finds at this field (its own limit, or what its type and form need of it) shown there.
 */
export function invoiceRule(
  field: InvoiceField | 'items',
  locale: Locale,
  invoiceable: () => readonly InvoiceableOrder[],
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      const values = { ...(getFieldsValue(true) as InvoiceFormValues), [field]: value };
      const result = check(invoiceApplyBody, toInvoiceBody(values, invoiceable()), locale);
      const issue = result.ok
        ? undefined
        : result.issues.find((one) => one.path === field || one.path.startsWith(`${field}.`));
      if (issue) throw new Error(issue.message);
    },
  });
}
