/**
 * The operator command's invoice subcommands (`npm run operator -w @esign/server -- invoices …`):
 * list the requests waiting for an operator, and issue, reject or mail one. Kept apart from the
 * command's entry (operator/cli.ts) so that tests run it on both databases.
 */
import { INVOICE_STATUSES, formatYuan, type InvoiceStatus } from '@esign/platform';
import type { Database } from '../db';
import { ApiError } from '../http/route';
import { developmentInvoiceIssuer } from '../providers/e-invoice/development';
import type { InvoiceIssuer } from '../providers/e-invoice/provider';
import { InvoiceDecisionError, decideInvoice, waitingInvoiceRequests } from './invoices';

export const INVOICE_COMMANDS = ['invoices', 'invoice-issue', 'invoice-reject', 'invoice-mail'];

export const INVOICE_USAGE = `Invoice requests (npm run operator -w @esign/server -- …):
  invoices [${INVOICE_STATUSES.join('|')}]   those waiting for an operator, or of one state
  invoice-issue <id> [--number <invoice number>]   issue it: the number of an invoice made by
      hand, or (outside production, electronic or paper) one the development issuer draws
  invoice-reject <id> --reason <why>   reject it: its amounts can be invoiced again
  invoice-mail <id> --tracking <courier tracking number>   a paper invoice handed to the courier`;

/** The e-invoice issuer of the command: the development one outside production, none in it. */
export const commandInvoiceIssuer = (production: boolean): InvoiceIssuer | null =>
  production ? null : developmentInvoiceIssuer;

const option = (args: readonly string[], name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

/**
 * Runs one invoice subcommand; gives the exit code (0 done, 1 refused, 2 misused). Lines for the
 * operator go to `out`, problems to `problem`.
 */
export async function runInvoiceCommand(
  database: Database,
  args: readonly string[],
  {
    issuer,
    now = new Date(),
    out = console.log,
    problem = console.error,
  }: {
    issuer: InvoiceIssuer | null;
    now?: Date;
    out?: (line: string) => void;
    problem?: (line: string) => void;
  },
): Promise<number> {
  const [command, target] = args;
  if (command === 'invoices') {
    if (target !== undefined && !(INVOICE_STATUSES as readonly string[]).includes(target)) {
      problem(INVOICE_USAGE);
      return 2;
    }
    const requests = await waitingInvoiceRequests(database, target as InvoiceStatus | undefined);
    if (requests.length === 0) out('No invoice requests.');
    for (const request of requests) {
      out(
        [
          `#${request.id}`,
          request.number,
          request.createTime,
          `tenant ${request.tenantId}`,
          request.status,
          `${request.type}/${request.form}`,
          formatYuan(request.amountFen),
          request.title,
          request.taxpayerNumber || '-',
          request.form === 'paper'
            ? `to ${request.recipient} ${request.recipientPhone} ${request.address}`
            : `email ${request.email}`,
        ].join('  '),
      );
    }
    return 0;
  }
  const events = {
    'invoice-issue': 'issue',
    'invoice-reject': 'reject',
    'invoice-mail': 'mail',
  } as const;
  const event = events[command as keyof typeof events];
  const id = Number(target);
  if (!event || !Number.isSafeInteger(id) || id < 1) {
    problem(INVOICE_USAGE);
    return 2;
  }
  try {
    const request = await decideInvoice(
      database,
      id,
      {
        event,
        invoiceNumber: option(args, '--number'),
        reason: option(args, '--reason'),
        trackingNumber: option(args, '--tracking'),
      },
      issuer,
      now,
    );
    const done = {
      issue: `issued: invoice ${request.invoiceNumber}${request.sentTo ? `, sent to ${request.sentTo}` : ''}${request.development ? ' (development issuer: no real invoice)' : ''}`,
      reject: `rejected: ${request.rejectReason}`,
      mail: `mailed: tracking number ${request.trackingNumber}`,
    }[event];
    out(`#${request.id} ${request.number} ${done}.`);
    return 0;
  } catch (error) {
    if (error instanceof InvoiceDecisionError) {
      problem(error.message);
      return 2;
    }
    if (error instanceof ApiError) {
      problem(
        error.status === 404
          ? `No invoice request #${id}.`
          : `Invoice request #${id} cannot be ${{ issue: 'issued', reject: 'rejected', mail: 'mailed' }[event]} in its state.`,
      );
      return 1;
    }
    throw error;
  }
}
