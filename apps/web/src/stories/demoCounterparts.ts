/**
 * The demo API's answers to the counterpart book (busi-opposite search, detail, contracts, save,
 * update, remove, set-status, import, import-template, export), from the server's OpenAPI examples
 * (`COUNTERPART_EXAMPLES`). It checks only the shared request schemas; what an import refuses, who
 * is on a book and which party the blacklist refuses are the server's rules, so a story says what
 * the server would answer (`demoCounterpartsFrom`) rather than the demo working it out. Each
 * story's console keeps its changes to itself.
 */
import {
  COUNTERPART_EXAMPLES,
  PATHS,
  blacklistedPartyText,
  check,
  counterpartRemoveBody,
  counterpartSaveBody,
  counterpartSearchBody,
  counterpartStatusBody,
  counterpartUpdateBody,
  fail,
  message,
  type Counterpart,
  type CounterpartContract,
  type CounterpartImportReport,
  type Locale,
  type MessageKey,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import { CONTRACT_LAUNCH_CALLS } from './demoContractLaunch';
import { answer, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf, schemaRefusal } from './demoRequest';

/** A party the blacklist refuses, as contract/create's and validateParticipants' 409 names it. */
export interface DemoBlacklistedParty {
  party: string;
  counterpartId: string;
  name: string;
  reason: string;
}

/** What the demo answers in one console: a story's fixtures, as the server would answer them. */
export interface DemoCounterparts {
  /** The book, newest first. */
  book: Counterpart[];
  /** busi-opposite/contracts' page for each counterpart (the example's when absent). */
  contracts: Record<string, CounterpartContract[]>;
  /** What an import's preview reports (commit reports the same rows, written). */
  importReport: CounterpartImportReport;
  /** Parties validateParticipants and contract/create refuse for the blacklist. */
  refuseParties?: DemoBlacklistedParty[];
}

/** What a console answers unless a story says otherwise: the examples. */
export function exampleCounterparts(): DemoCounterparts {
  return {
    book: [
      structuredClone(COUNTERPART_EXAMPLES.person),
      structuredClone(COUNTERPART_EXAMPLES.company),
    ],
    contracts: {},
    importReport: structuredClone(COUNTERPART_EXAMPLES.importReport),
  };
}

let pending: DemoCounterparts | null = null;
const consoles = new WeakMap<DemoConsole, DemoCounterparts>();

/**
 * What the next story's console answers (call it in the story's `beforeEach`): taken once, by the
 * first counterpart call.
 */
export function demoCounterpartsFrom(counterparts: DemoCounterparts): void {
  pending = counterparts;
}

function bookOf(current: DemoConsole): DemoCounterparts {
  let counterparts = consoles.get(current);
  if (!counterparts) {
    counterparts = pending ? structuredClone(pending) : exampleCounterparts();
    pending = null;
    consoles.set(current, counterparts);
  }
  return counterparts;
}

const refusal = (status: number, text: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

/**
 * The fixtures of the kind and status asked for. Which records a keyword matches is the server's
 * rule (its search text): a story that types one shows the fixtures it was given, as the server
 * would have answered them.
 */
const search: ConsoleCall = (current, locale, request) => {
  const checked = check(counterpartSearchBody, bodyOf(request), locale);
  if (!checked.ok) return schemaRefusal(checked.issues);
  const { kind, status, current: page, size } = checked.value;
  const rows = bookOf(current).book.filter(
    (one) => one.kind === kind && (!status || one.status === status),
  );
  return answer({
    records: rows.slice((page - 1) * size, page * size),
    total: rows.length,
    totalCapped: false,
    current: page,
    size,
  });
};

/** An xlsx the server would stream: the demo answers a small file under the server's name. */
const spreadsheet = (): Answer => ({
  status: 200,
  body: new Blob(['demo'], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
});

/** The launch calls the blacklist refuses first, as the story says; the others answer as usual. */
function refusingBlacklisted(path: string): ConsoleCall {
  const usual = CONTRACT_LAUNCH_CALLS[path]!;
  return (current, locale, request) => {
    const refused = bookOf(current).refuseParties ?? [];
    if (refused.length === 0) return usual(current, locale, request);
    const [first] = refused;
    return {
      status: 409,
      body: fail(409, blacklistedPartyText(first!.name, first!.reason, locale), refused),
    };
  };
}

/** The demo API's answers to the counterpart calls, by path. */
export const COUNTERPART_CALLS: Record<string, ConsoleCall> = {
  [PATHS.counterpartSearch]: search,
  [PATHS.counterpartDetail]: (current, locale, request) => {
    const found = bookOf(current).book.find((one) => one.id === paramOf(request, 'id'));
    return found ? answer(found) : refusal(404, 'counterpartNotFound', locale);
  },
  [PATHS.counterpartContracts]: (current, _locale, request) => {
    const rows =
      bookOf(current).contracts[paramOf(request, 'id')] ??
      structuredClone(COUNTERPART_EXAMPLES.contracts.records as readonly CounterpartContract[]);
    return answer({ records: rows, total: rows.length, current: 1, size: 10 });
  },
  [PATHS.counterpartSave]: (current, locale, request) => {
    const checked = check(counterpartSaveBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const example =
      checked.value.kind === 'person' ? COUNTERPART_EXAMPLES.person : COUNTERPART_EXAMPLES.company;
    const saved: Counterpart = {
      ...structuredClone(example),
      ...checked.value,
      ...(checked.value.kind === 'company' ? { phone: checked.value.managerPhone } : {}),
      id: String(100 + bookOf(current).book.length),
      source: 'manual',
      status: 'normal',
      blacklistReason: null,
      blacklistedBy: null,
      blacklistedAt: null,
      certified: false,
    };
    bookOf(current).book.unshift(saved);
    return answer(saved);
  },
  [PATHS.counterpartUpdate]: (current, locale, request) => {
    const checked = check(counterpartUpdateBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const book = bookOf(current).book;
    const index = book.findIndex((one) => one.id === String(checked.value.id));
    if (index < 0) return refusal(404, 'counterpartNotFound', locale);
    const { id: _id, ...fields } = checked.value;
    book[index] = {
      ...book[index]!,
      ...fields,
      ...(fields.kind === 'company' ? { phone: fields.managerPhone } : {}),
    };
    return answer(book[index]);
  },
  [PATHS.counterpartRemove]: (current, locale, request) => {
    const checked = check(counterpartRemoveBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const counterparts = bookOf(current);
    const ids = new Set(checked.value.ids.map(String));
    const before = counterparts.book.length;
    counterparts.book = counterparts.book.filter((one) => !ids.has(one.id));
    return answer({ removed: before - counterparts.book.length });
  },
  [PATHS.counterpartSetStatus]: (current, locale, request) => {
    const checked = check(counterpartStatusBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const { ids, status, reason } = checked.value;
    const chosen = bookOf(current).book.filter((one) => ids.map(String).includes(one.id));
    for (const one of chosen) {
      const blacklist = status === 'blacklist';
      Object.assign(one, {
        status,
        blacklistReason: blacklist ? reason : null,
        blacklistedBy: blacklist ? current.user.name : null,
        blacklistedAt: blacklist ? '2026-12-05 09:00:00' : null,
      });
    }
    return answer({ updated: chosen.length });
  },
  [PATHS.counterpartImport]: (current, _locale, { config }) => {
    const commit = (config.data as FormData).get('commit') === '1';
    return answer({ ...bookOf(current).importReport, committed: commit });
  },
  [PATHS.counterpartImportTemplate]: spreadsheet,
  [PATHS.counterpartExport]: spreadsheet,
  [PATHS.contractValidateParticipants]: refusingBlacklisted(PATHS.contractValidateParticipants),
  [PATHS.contractCreate]: refusingBlacklisted(PATHS.contractCreate),
};
