/**
 * The demo API's answers to application access (systemAccess, systemAccessCallback), from the
 * server's OpenAPI examples (`INTEGRATION_EXAMPLES`). It checks only the shared request schemas;
 * which companies may be associated, what a URL resolves to, and how deliveries go are the
 * server's rules, so a story says what the server would answer (`demoIntegrationsFrom`: a refusal,
 * the deliveries) rather than the demo working it out. A test event is answered pending and shown
 * delivered on the next read, as the server's worker would make it. Each story's console keeps its
 * changes to itself.
 */
import {
  INTEGRATION_EXAMPLES,
  PATHS,
  OPEN_API_EXAMPLES,
  accessPageQuery,
  openApiCallsQuery,
  accessPartySaveBody,
  accessPartyStatusBody,
  callbackDeliveriesQuery,
  callbackSaveBody,
  callbackStatusBody,
  check,
  fail,
  integrationIdBody,
  message,
  type AccessCallback,
  type AccessCompany,
  type AccessParty,
  type CallbackDelivery,
  type MessageKey,
} from '@esign/platform';
import type { DemoConsole } from './demoData';
import { answer, type ConsoleCall } from './demoTemplates';
import { bodyOf, paramsOf, schemaRefusal } from './demoRequest';

/** What the demo answers in one console: a story's fixtures, as the server would answer them. */
export interface DemoIntegrations {
  companies: AccessCompany[];
  parties: AccessParty[];
  callbacks: AccessCallback[];
  /** Each callback's deliveries, newest first. */
  deliveries: Record<string, CallbackDelivery[]>;
  /** A refusal saveOrUpdate (of a party, or of a callback) answers instead. */
  refuseSave?: { status: number; text: MessageKey; field?: string };
}

/** What a console answers unless a story says otherwise: the examples. */
export function exampleIntegrations(): DemoIntegrations {
  const crm: AccessParty = {
    ...INTEGRATION_EXAMPLES.party,
    id: '4',
    name: 'CRM',
    appKey: INTEGRATION_EXAMPLES.options[1]!.appKey,
    enabled: false,
    companies: [INTEGRATION_EXAMPLES.companies[0]!],
    callback: null,
    createTime: '2026-11-21 08:40:12',
    updateTime: '2026-11-22 09:00:00',
  };
  return structuredClone({
    companies: [...INTEGRATION_EXAMPLES.companies],
    parties: [crm, INTEGRATION_EXAMPLES.party],
    callbacks: [INTEGRATION_EXAMPLES.callback],
    deliveries: {
      [INTEGRATION_EXAMPLES.callback.id]: [
        INTEGRATION_EXAMPLES.failing,
        INTEGRATION_EXAMPLES.delivered,
      ],
    },
  });
}

/** Nothing yet: no access party, so no callback. */
export function noIntegrations(): DemoIntegrations {
  return { ...exampleIntegrations(), parties: [], callbacks: [], deliveries: {} };
}

let pending: DemoIntegrations | null = null;
const consoles = new WeakMap<DemoConsole, DemoIntegrations>();

/**
 * What the next story's console answers (call it in the story's `beforeEach`): taken once, by the
 * first call of this area.
 */
export function demoIntegrationsFrom(integrations: DemoIntegrations): void {
  pending = integrations;
}

function stateOf(current: DemoConsole): DemoIntegrations {
  let state = consoles.get(current);
  if (!state) {
    state = pending ? structuredClone(pending) : exampleIntegrations();
    pending = null;
    consoles.set(current, state);
  }
  return state;
}

const notFound = (locale: Parameters<ConsoleCall>[1]) => ({
  status: 404,
  body: fail(404, message('notFound', locale)),
});

const refused = (state: DemoIntegrations, locale: Parameters<ConsoleCall>[1]) => {
  const refusal = state.refuseSave;
  if (!refusal) return null;
  return {
    status: refusal.status,
    body: fail(
      refusal.status,
      message(refusal.text, locale),
      refusal.field ? { field: refusal.field } : null,
    ),
  };
};

const page = <T>(rows: T[], current: number, size: number) => ({
  records: rows.slice((current - 1) * size, current * size),
  total: rows.length,
  current,
  size,
});

const now = () => new Date().toISOString();
const listTime = () => now().slice(0, 19).replace('T', ' ');

/** The demo API's answers to the application access calls, by path. */
export const INTEGRATION_CALLS: Record<string, ConsoleCall> = {
  // The example party's calls (the OpenAPI example), the refused ones when asked.
  [PATHS.openApiCalls]: (current, locale, request) => {
    const checked = check(openApiCallsQuery, paramsOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const { id, failed, current: at, size } = checked.value;
    if (!stateOf(current).parties.some((party) => party.id === String(id))) return notFound(locale);
    const rows = OPEN_API_EXAMPLES.calls.records.filter(
      (call) => failed !== 'true' || call.status >= 400,
    );
    return answer(page(rows, at, size));
  },
  [PATHS.accessPage]: (current, locale, request) => {
    const checked = check(accessPageQuery, paramsOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const { name, current: at, size } = checked.value;
    const rows = stateOf(current).parties.filter((party) => !name || party.name.includes(name));
    return answer(page(rows, at, size));
  },
  [PATHS.accessCompanyList]: (current) => answer(stateOf(current).companies),
  [PATHS.accessList]: (current) =>
    answer(
      stateOf(current).parties.map((party) => ({
        id: party.id,
        name: party.name,
        appKey: party.appKey,
        enabled: party.enabled,
        callbackId: party.callback?.id ?? null,
      })),
    ),
  [PATHS.accessDetail]: (current, locale, request) => {
    const found = stateOf(current).parties.find((party) => party.id === paramsOf(request).id);
    return found ? answer(found) : notFound(locale);
  },
  [PATHS.accessSaveOrUpdate]: (current, locale, request) => {
    const checked = check(accessPartySaveBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const state = stateOf(current);
    const refusal = refused(state, locale);
    if (refusal) return refusal;
    const { id, name, companyIds, enabled } = checked.value;
    const companies = [
      ...state.companies.filter((company) => company.main),
      ...state.companies.filter((company) => companyIds.includes(Number(company.id))),
    ];
    if (id === undefined) {
      const made: AccessParty = {
        ...structuredClone(INTEGRATION_EXAMPLES.party),
        id: String(10 + state.parties.length),
        name,
        appKey: `ak_demo${String(state.parties.length).padStart(17, '0')}`,
        companies,
        callback: null,
        createTime: listTime(),
        updateTime: listTime(),
      };
      state.parties.unshift(made);
      return answer({ ...made, secret: INTEGRATION_EXAMPLES.created.secret });
    }
    const found = state.parties.find((party) => party.id === String(id));
    if (!found) return notFound(locale);
    Object.assign(found, { name, companies, updateTime: listTime() });
    if (enabled !== undefined) found.enabled = enabled;
    return answer({ ...found, secret: null });
  },
  [PATHS.accessUpdateStatus]: (current, locale, request) => {
    const checked = check(accessPartyStatusBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = stateOf(current).parties.find((party) => party.id === String(checked.value.id));
    if (!found) return notFound(locale);
    found.enabled = checked.value.enabled;
    return answer(found);
  },
  [PATHS.accessRotateSecret]: (current, locale, request) => {
    const checked = check(integrationIdBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = stateOf(current).parties.find((party) => party.id === String(checked.value.id));
    if (!found) return notFound(locale);
    Object.assign(found, {
      secretRotatedAt: INTEGRATION_EXAMPLES.rotated.secretRotatedAt,
      previousSecretUntil: INTEGRATION_EXAMPLES.rotated.previousSecretUntil,
    });
    return answer({ ...found, secret: INTEGRATION_EXAMPLES.rotated.secret });
  },
  [PATHS.callbackDetail]: (current, locale, request) => {
    const found = stateOf(current).callbacks.find((one) => one.id === paramsOf(request).id);
    return found ? answer(found) : notFound(locale);
  },
  [PATHS.callbackSaveOrUpdate]: (current, locale, request) => {
    const checked = check(callbackSaveBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const state = stateOf(current);
    const refusal = refused(state, locale);
    if (refusal) return refusal;
    const { partyId, ...settings } = checked.value;
    const party = state.parties.find((one) => one.id === String(partyId));
    if (!party) return notFound(locale);
    const existing = state.callbacks.find((one) => one.partyId === party.id);
    if (existing) {
      Object.assign(existing, settings, { updateTime: listTime() });
      return answer({ ...existing, signingSecret: null });
    }
    const made: AccessCallback = {
      ...structuredClone(INTEGRATION_EXAMPLES.callback),
      ...settings,
      id: String(50 + state.callbacks.length),
      partyId: party.id,
      partyName: party.name,
      createTime: listTime(),
      updateTime: listTime(),
    };
    state.callbacks.push(made);
    state.deliveries[made.id] = [];
    party.callback = { id: made.id, url: made.url, enabled: true };
    return answer({ ...made, signingSecret: INTEGRATION_EXAMPLES.callbackCreated.signingSecret });
  },
  [PATHS.callbackRotateSecret]: (current, locale, request) => {
    const checked = check(integrationIdBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = stateOf(current).callbacks.find((one) => one.id === String(checked.value.id));
    if (!found) return notFound(locale);
    found.previousSecretUntil = INTEGRATION_EXAMPLES.rotated.previousSecretUntil;
    return answer({
      ...found,
      signingSecret: 'whsec_cm90YXRlZC1kZW1vLXNpZ25pbmcta2V5LTAx',
    });
  },
  [PATHS.callbackUpdateStatus]: (current, locale, request) => {
    const checked = check(callbackStatusBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = stateOf(current).callbacks.find((one) => one.id === String(checked.value.id));
    if (!found) return notFound(locale);
    Object.assign(
      found,
      checked.value.enabled
        ? { enabled: true, disabledReason: null, disabledAt: null }
        : { enabled: false, disabledReason: 'person', disabledAt: now() },
    );
    return answer(found);
  },
  [PATHS.callbackDeliveries]: (current, locale, request) => {
    const checked = check(callbackDeliveriesQuery, paramsOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const { callbackId, status, current: at, size } = checked.value;
    const rows = stateOf(current).deliveries[String(callbackId)];
    if (!rows) return notFound(locale);
    const answered = structuredClone(rows.filter((one) => !status || one.status === status));
    // The worker's part: a test event queued is delivered by the next read.
    for (const delivery of rows) {
      if (delivery.eventType === 'callback.test' && delivery.attempts === 0) {
        Object.assign(delivery, {
          status: 'delivered',
          attempts: 1,
          nextAttemptAt: null,
          deliveredAt: now(),
          attemptLog: [
            {
              attempt: 1,
              at: now(),
              durationMs: 42,
              statusCode: 200,
              response: '{"received":true}',
              error: null,
            },
          ],
        } satisfies Partial<CallbackDelivery>);
      }
    }
    return answer(page(answered, at, size));
  },
  [PATHS.callbackTest]: (current, locale, request) => {
    const checked = check(integrationIdBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const state = stateOf(current);
    const callback = state.callbacks.find((one) => one.id === String(checked.value.id));
    if (!callback) return notFound(locale);
    const made: CallbackDelivery = {
      id: String(200 + (state.deliveries[callback.id]?.length ?? 0)),
      messageId: `msg_demo${String(Date.now())}`,
      eventType: 'callback.test',
      contractId: null,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now(),
      createdAt: now(),
      deliveredAt: null,
      body: JSON.stringify({
        type: 'callback.test',
        timestamp: now(),
        data: { callback: { id: callback.id, partyId: callback.partyId } },
      }),
      attemptLog: [],
    };
    (state.deliveries[callback.id] ??= []).unshift(made);
    return answer(made);
  },
  [PATHS.callbackResend]: (current, locale, request) => {
    const checked = check(integrationIdBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const found = Object.values(stateOf(current).deliveries)
      .flat()
      .find((one) => one.id === String(checked.value.id));
    if (!found) return notFound(locale);
    Object.assign(found, { status: 'pending', nextAttemptAt: now() });
    return answer(found);
  },
};
