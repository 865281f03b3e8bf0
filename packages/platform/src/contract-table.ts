import {
  CONTRACT_ACTIONS,
  CONTRACT_REFUSALS,
  CONTRACT_STATUSES,
  CONTRACT_TRANSITIONS,
  type ContractTransition,
} from './contracts';
import { MESSAGES } from './messages';

/** Where CONTRACTS.md holds the drawn table; `doc-tables.test.ts` rewrites what lies between. */
export const CONTRACT_TABLE_MARKERS = {
  start: '<!-- contract-transitions:start (generated from CONTRACT_TRANSITIONS) -->',
  end: '<!-- contract-transitions:end -->',
} as const;

function cell(transition: ContractTransition | undefined): string {
  if (!transition) return '·';
  if (transition.to === 'same') return 'stays';
  const to = `**${transition.to}**`;
  return transition.when ? `${to} when ${transition.when}, else stays` : to;
}

/**
 * `CONTRACT_TRANSITIONS` as Markdown: one row a status, one column an action (with who takes it),
 * then the reasons given for refused actions.
 */
export function renderContractTable(): string {
  const who = (action: (typeof CONTRACT_ACTIONS)[number]) =>
    [
      ...new Set(
        CONTRACT_STATUSES.flatMap((status) => CONTRACT_TRANSITIONS[status][action]?.who ?? []),
      ),
    ].join('/') || 'nobody';
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines = [
    row([
      'status, action (who)',
      ...CONTRACT_ACTIONS.map((action) => `${action} (${who(action)})`),
    ]),
    row(['---', ...CONTRACT_ACTIONS.map(() => '---')]),
    ...CONTRACT_STATUSES.map((status) =>
      row([
        `**${status}**`,
        ...CONTRACT_ACTIONS.map((action) => cell(CONTRACT_TRANSITIONS[status][action])),
      ]),
    ),
    '',
    '`·` refused (the status stays, the caller answers the reason below); `stays` allowed, the status',
    'does not change; `when allFilled` / `when allSigned` / `when allRescinded`: the fill, the',
    'signature or the agreement to rescind being recorded is the last one. `view` and `download`',
    'are allowed in every status and are not transitions.',
    '',
    'Reasons for a refused action, by action first (where the action belongs to one kind of contract):',
    '',
    row(['refused', 'message key', 'English']),
    row(['---', '---', '---']),
    ...Object.entries(CONTRACT_REFUSALS.byAction).map(([action, key]) =>
      row([`${action}, in any other status`, `\`${key}\``, MESSAGES[key].en]),
    ),
    ...Object.entries(CONTRACT_REFUSALS.byStatus).map(([status, key]) =>
      row([`any other action in ${status}`, `\`${key}\``, MESSAGES[key].en]),
    ),
  ];
  return lines.join('\n');
}
