/**
 * The demo API's answers to batch signing (contract/createBatchSign, getBatchSignInfo), from the
 * server's OpenAPI examples (`BATCH_SIGN_EXAMPLES`): four contracts, one of which was withdrawn
 * meanwhile. It checks only the shared body schema (`batchSignCreateBody`); which contracts may
 * be signed, with which seal, is the server's to decide (tested there) — the demo answers the
 * example's batch whatever it is given. A failure's reason is worded from its `reasonCode` in the
 * request's language, as the server words it for the session.
 *
 * The contracts of the examples are also contracts of the demo's list (`BATCH_DEMO_CONTRACTS`),
 * each waiting for the demo user's signature, so that a story selects what the batch then signs.
 */
import {
  BATCH_SIGN_EXAMPLES,
  CODES,
  PATHS,
  batchSignCreateBody,
  check,
  fail,
  message,
  type BatchSignInfo,
  type Locale,
  type MessageKey,
} from '@esign/platform';
import type { DemoContract } from './demoContracts';
import { DEMO_CONTRACTS } from './demoContracts';
import type { DemoConsole } from './demoData';
import { answer, paramOf, type ConsoleCall } from './demoTemplates';

/** How the demo's batch goes when asked about: on to finished, held running, or finished already. */
export type DemoBatchScript = 'finishes' | 'running' | 'finished';

/** The example's contracts in the list: each one's turn to sign is the demo user's. */
export const BATCH_DEMO_CONTRACTS: DemoContract[] = BATCH_SIGN_EXAMPLES.create.answer.items.map(
  (item, at) => ({
    ...DEMO_CONTRACTS[0]!,
    id: item.contractId,
    number: item.number,
    name: item.name,
    signingOrder: 'parallel',
    createdAt: `2026-03-1${at}T01:10:00Z`,
    signingStartedAt: `2026-03-1${at}T01:12:00Z`,
    signingDeadline: '2026-04-15T15:59:59Z',
  }),
);

/**
 * A console for the batch stories: the example's four contracts to sign beside the demo's others
 * (Office lease 2025 left out, which the example's batch does not hold).
 */
export const BATCH_DEMO_LIST: DemoContract[] = [
  ...BATCH_DEMO_CONTRACTS,
  ...DEMO_CONTRACTS.filter((contract) => contract.id !== '9001'),
];

let pending: DemoBatchScript = 'finishes';
const batches = new WeakMap<DemoConsole, { script: DemoBatchScript; asked: number }>();

/** How the next story's batch goes (call it in the story's `beforeEach`); taken by its first call. */
export function demoBatchSignFrom(script: DemoBatchScript): void {
  pending = script;
}

function batchOf(current: DemoConsole) {
  let batch = batches.get(current);
  if (!batch) {
    batch = { script: pending, asked: 0 };
    pending = 'finishes';
    batches.set(current, batch);
  }
  return batch;
}

/** A batch as the server words it for the session: each failure's reason in its language. */
const worded = (info: BatchSignInfo, locale: Locale): BatchSignInfo => ({
  ...structuredClone(info),
  items: info.items.map((item) => ({
    ...item,
    reason: item.reasonCode ? message(item.reasonCode as MessageKey, locale) : null,
  })),
});

export const BATCH_SIGN_CALLS: Record<string, ConsoleCall> = {
  [PATHS.contractCreateBatchSign]: (current, locale, { config }) => {
    const checked = check(batchSignCreateBody, JSON.parse(String(config.data ?? '{}')), locale);
    if (!checked.ok) return { status: 400, body: fail(400, checked.issues[0]!.message) };
    batchOf(current).asked = 0;
    return answer(worded(BATCH_SIGN_EXAMPLES.create.answer, locale));
  },
  [PATHS.contractBatchSignInfo]: (current, locale, request) => {
    if (paramOf(request, 'id') !== BATCH_SIGN_EXAMPLES.running.id) {
      return { status: CODES.notFound, body: fail(CODES.notFound, message('notFound', locale)) };
    }
    const batch = batchOf(current);
    batch.asked += 1;
    const finished =
      batch.script === 'finished' || (batch.script === 'finishes' && batch.asked > 1);
    return answer(
      worded(finished ? BATCH_SIGN_EXAMPLES.finished : BATCH_SIGN_EXAMPLES.running, locale),
    );
  },
};
