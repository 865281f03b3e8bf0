import {
  ORDER_EVENTS,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  ORDER_STATUS_READINGS,
  ORDER_TRANSITIONS,
  type OrderTransition,
} from './orders';
import { CONTRACT_SIGNING_SETTLEMENT, FEE_MESSAGES } from './fees';

/** Where ORDERS.md holds the drawn table; `doc-tables.test.ts` rewrites what lies between. */
export const ORDER_TABLE_MARKERS = {
  start: '<!-- order-transitions:start (generated from ORDER_TRANSITIONS) -->',
  end: '<!-- order-transitions:end -->',
} as const;

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

function cell(transition: OrderTransition | undefined): string {
  if (!transition) return '·';
  const to = `**${transition.to}**${transition.reason ? ` (${transition.reason})` : ''}`;
  return transition.laterStart ? `${to}, or **${transition.laterStart}** if it starts later` : to;
}

/**
 * `ORDER_TRANSITIONS` as Markdown: one row a status, one column an event (with who makes it
 * happen); then the spec's two readings of the statuses mapped onto them.
 */
export function renderOrderTable(): string {
  const who = (event: (typeof ORDER_EVENTS)[number]) =>
    [
      ...new Set(ORDER_STATUSES.flatMap((status) => ORDER_TRANSITIONS[status][event]?.who ?? [])),
    ].join('/');
  return [
    row(['status, event (who)', ...ORDER_EVENTS.map((event) => `${event} (${who(event)})`)]),
    row(['---', ...ORDER_EVENTS.map(() => '---')]),
    ...ORDER_STATUSES.map((status) =>
      row([
        `**${status}**`,
        ...ORDER_EVENTS.map((event) => cell(ORDER_TRANSITIONS[status][event])),
      ]),
    ),
    '',
    '`·` refused: the status stays and nothing is written.',
    '',
    'The spec’s two readings of the statuses (spec 001 §3):',
    '',
    row(['reading', 'spec’s status', 'status here']),
    row(['---', '---', '---']),
    ...Object.entries(ORDER_STATUS_READINGS).flatMap(([reading, statuses]) =>
      Object.entries(statuses).map(([spec, ours]) => row([reading, spec, `\`${ours}\``])),
    ),
    '',
    'What becomes of the signing a contract took at initiation when the contract reaches each status (`CONTRACT_SIGNING_SETTLEMENT`; migration 40’s trigger applies it):',
    '',
    row(['contract status', 'its signing']),
    row(['---', '---']),
    ...Object.entries(CONTRACT_SIGNING_SETTLEMENT).map(([status, settled]) =>
      row([`\`${status}\``, settled ? `**${settled}**` : 'held']),
    ),
    '',
    'Messages of refused purchases, payments and spending:',
    '',
    row(['message key', 'English', '中文']),
    row(['---', '---', '---']),
    ...Object.entries({ ...ORDER_MESSAGES, ...FEE_MESSAGES }).map(([key, text]) =>
      row([`\`${key}\``, text.en, text.zh]),
    ),
  ].join('\n');
}
