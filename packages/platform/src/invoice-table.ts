import {
  INVOICE_EVENTS,
  INVOICE_MESSAGES,
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  PAPER_INVOICE_COURIER_FEE_FEN,
  invoiceHolds,
  type InvoiceTransition,
} from './invoices';
import { formatYuan } from './orders';

/** Where INVOICES.md holds the drawn table; `doc-tables.test.ts` rewrites what lies between. */
export const INVOICE_TABLE_MARKERS = {
  start: '<!-- invoice-transitions:start (generated from INVOICE_TRANSITIONS) -->',
  end: '<!-- invoice-transitions:end -->',
} as const;

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

function cell(transition: InvoiceTransition | undefined): string {
  if (!transition) return '·';
  const to = `**${transition.to}**`;
  return transition.forms ? `${to} (${transition.forms.join(', ')} only)` : to;
}

/**
 * `INVOICE_TRANSITIONS` as Markdown: one row a state (with whether its amounts count against its
 * orders), one column an event; then the courier fee and the messages of refused requests.
 */
export function renderInvoiceTable(): string {
  return [
    row([
      'state, event (who)',
      ...INVOICE_EVENTS.map((event) => `${event} (operator)`),
      'counts against its orders',
    ]),
    row(['---', ...INVOICE_EVENTS.map(() => '---'), '---']),
    ...INVOICE_STATUSES.map((status) =>
      row([
        `**${status}**`,
        ...INVOICE_EVENTS.map((event) => cell(INVOICE_TRANSITIONS[status][event])),
        invoiceHolds(status) ? 'yes' : 'no',
      ]),
    ),
    '',
    '`·` refused: the state stays and nothing is written.',
    '',
    `A paper invoice’s courier fee: ${formatYuan(PAPER_INVOICE_COURIER_FEE_FEN)} (\`PAPER_INVOICE_COURIER_FEE_FEN\`), paid to the courier on delivery.`,
    '',
    'Messages of refused requests:',
    '',
    row(['message key', 'English', '中文']),
    row(['---', '---', '---']),
    ...Object.entries(INVOICE_MESSAGES).map(([key, text]) => row([`\`${key}\``, text.en, text.zh])),
  ].join('\n');
}
