/**
 * The development e-invoice issuer: it makes no invoice and sends no email. It draws a number
 * that says what it is (`DEV` and 17 digits, never a tax system's 20 digits) and records the
 * request's email as sent to, so that testers see an issued invoice as a real one would look.
 */
import { randomInt } from 'node:crypto';
import type { InvoiceIssuer } from './provider';

export const DEVELOPMENT_INVOICE_ISSUER = 'development';

export const developmentInvoiceIssuer: InvoiceIssuer = {
  name: DEVELOPMENT_INVOICE_ISSUER,
  development: true,
  async issue(invoice) {
    const digits = Array.from({ length: 17 }, () => String(randomInt(10))).join('');
    return { invoiceNumber: `DEV${digits}`, sentTo: invoice.email };
  },
};
