/**
 * Issuing electronic invoices behind one interface: when an operator issues an electronic invoice
 * without typing the number of one made by hand, the platform asks the issuer (a tax-control
 * e-invoice service, 全电发票 or a service provider's API) to make it and send it to the request's
 * email. The server ships the development issuer alone (development.ts), which says it is one; a
 * real one plugs in beside it (`configureInvoiceIssuer`). A paper invoice is printed by hand and
 * its number typed by the operator.
 */
import type { Fen, InvoiceType } from '@esign/platform';

export interface InvoiceToIssue {
  /** The request's number, kept by the issuer as its reference. */
  requestNumber: string;
  type: InvoiceType;
  title: string;
  taxpayerNumber: string;
  /** The invoice's total, in fen. */
  amountFen: Fen;
  /** Where the electronic invoice is sent. */
  email: string;
}

export interface IssuedInvoice {
  /** The invoice's number, as the tax system gave it. */
  invoiceNumber: string;
  /** The email it was sent to. */
  sentTo: string;
}

export interface InvoiceIssuer {
  /** Stored with every invoice it issued. */
  readonly name: string;
  /** True for an issuer that makes no real invoice (the development one): the screen says so. */
  readonly development: boolean;
  /** Makes the invoice and sends it; throws when it could not (nothing is recorded then). */
  issue(invoice: InvoiceToIssue): Promise<IssuedInvoice>;
}
