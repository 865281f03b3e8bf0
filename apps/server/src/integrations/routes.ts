/**
 * The calls of application access (spec 001 §7 systemAccess, systemAccessCallback; issue 34): a
 * company's API access parties (`application:access`) and their callbacks with the deliveries
 * (`application:callback`). Company consoles only (400 in the personal console); tenant and
 * company come from the session, and another company's party or callback is not found (404).
 */
import {
  INTEGRATION_EXAMPLES,
  PATHS,
  accessPageQuery,
  accessPartySaveBody,
  accessPartyStatusBody,
  callbackDeliveriesQuery,
  callbackPageQuery,
  callbackSaveBody,
  callbackStatusBody,
  integrationIdBody,
  integrationIdQuery,
  type AccessCallback,
  type AccessCallbackSaved,
  type AccessCompany,
  type AccessParty,
  type AccessPartyOption,
  type AccessPartySaved,
  type CallbackDelivery,
  type Page,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { SessionClaims } from '../auth/tokens';
import type { SessionConsole } from '../companies/console';
import { companyOf } from '../company-roles/roles';
import type { AppContext } from '../context';
import { route } from '../http/route';
import {
  accessCompanies,
  accessPartyDetail,
  accessPartyOptions,
  listAccessParties,
  rotateAccessSecret,
  saveAccessParty,
  setAccessPartyEnabled,
  type AccessOwner,
} from './access-parties';
import {
  callbackDetail,
  listCallbacks,
  rotateSigningSecret,
  saveCallback,
  setCallbackEnabled,
} from './callbacks';
import {
  CALLBACK_DELIVERY_JOB,
  CALLBACK_PRUNE_JOB,
  deliveryHandler,
  ensureCallbackPrune,
  listDeliveries,
  pruneHandler,
  resendDelivery,
  sendTestEvent,
} from './deliveries';
import { callbackSettings } from './settings';

const TAG = 'blade-system';

/** The session's company as the owner of its parties; 400 in the personal console. */
export function ownerOf(session: SessionClaims, current: SessionConsole): AccessOwner {
  return {
    tenantId: session.tenantId,
    companyId: companyOf(current),
    userId: Number(session.userId),
  };
}

export async function integrationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, secrets } = context;
  context.jobs.handle(CALLBACK_DELIVERY_JOB, deliveryHandler(context));
  context.jobs.handle(CALLBACK_PRUNE_JOB, pruneHandler(context));
  await ensureCallbackPrune(database);
  const guard = () => ({ allowPrivate: callbackSettings(context).allowPrivate });

  route(app, context, {
    method: 'GET',
    path: PATHS.accessPage,
    summary:
      'A page of the company’s API access parties, newest first, optionally by business channel: app key, enabled, the companies each acts for (main first, then associated companies still affiliated), its callback. Secrets are never listed',
    tag: TAG,
    permission: 'application:access',
    query: accessPageQuery,
    example: {
      query: { current: '1', size: '10' },
      answer: {
        records: [INTEGRATION_EXAMPLES.party],
        total: 1,
        current: 1,
        size: 10,
      } satisfies Page<AccessParty>,
    },
    handler: async ({ session, console: current, query }): Promise<Page<AccessParty>> =>
      listAccessParties(database, ownerOf(session, current), query, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.accessSaveOrUpdate,
    summary:
      'Makes an API access party (without id: a new public app key ak_… and API secret sk_…, the secret in this answer only, kept sealed) or changes one’s business channel, associated companies and enabled state. Associated companies are affiliates of the session’s company; the main company named again is refused (spec 001 §5: “Associated companies must not duplicate the main company”), a company not affiliated is refused (400, data.field companyIds)',
    tag: TAG,
    permission: 'application:access',
    body: accessPartySaveBody,
    example: { body: INTEGRATION_EXAMPLES.saveBody, answer: INTEGRATION_EXAMPLES.created },
    handler: async ({ session, console: current, body }): Promise<AccessPartySaved> =>
      saveAccessParty(database, secrets, ownerOf(session, current), body, context.now()),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.accessDetail,
    summary: 'One API access party of the company (404 for another company’s)',
    tag: TAG,
    permission: 'application:access',
    query: integrationIdQuery,
    example: { query: { id: '3' }, answer: INTEGRATION_EXAMPLES.party },
    handler: async ({ session, console: current, query }): Promise<AccessParty> =>
      accessPartyDetail(database, ownerOf(session, current), query.id, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.accessUpdateStatus,
    summary:
      'Enables or disables an API access party: a disabled party’s open API calls are refused and its callback gets no new events',
    tag: TAG,
    permission: 'application:access',
    body: accessPartyStatusBody,
    example: {
      body: { id: '3', enabled: false },
      answer: { ...INTEGRATION_EXAMPLES.party, enabled: false },
    },
    handler: async ({ session, console: current, body }): Promise<AccessParty> =>
      setAccessPartyEnabled(
        database,
        ownerOf(session, current),
        body.id,
        body.enabled,
        context.now(),
      ),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.accessList,
    summary: 'Every API access party of the company, for choosing one (the callback screen)',
    tag: TAG,
    permission: 'application:callback',
    example: { answer: INTEGRATION_EXAMPLES.options },
    handler: async ({ session, console: current }): Promise<AccessPartyOption[]> =>
      accessPartyOptions(database, ownerOf(session, current)),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.accessCompanyList,
    summary:
      'The companies an API access party may act for: the session’s company (main) and its affiliated companies',
    tag: TAG,
    permission: 'application:access',
    example: { answer: INTEGRATION_EXAMPLES.companies },
    handler: async ({ console: current }): Promise<AccessCompany[]> =>
      accessCompanies(database, companyOf(current)),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.accessRotateSecret,
    summary:
      'The platform’s own: a new API secret for a party, in this answer only; the previous secret stays valid for 24 hours (previousSecretUntil), then only the new one',
    tag: TAG,
    permission: 'application:access',
    body: integrationIdBody,
    example: { body: { id: '3' }, answer: INTEGRATION_EXAMPLES.rotated },
    handler: async ({ session, console: current, body }): Promise<AccessPartySaved> =>
      rotateAccessSecret(database, secrets, ownerOf(session, current), body.id, context.now()),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.callbackPage,
    summary:
      'A page of the company’s callbacks, newest first: URL, timeouts, maximum retries, notification types, enabled (or disabled, and why: 410 Gone or a person). Signing secrets are never listed',
    tag: TAG,
    permission: 'application:callback',
    query: callbackPageQuery,
    example: {
      query: { current: '1', size: '10' },
      answer: {
        records: [INTEGRATION_EXAMPLES.callback, INTEGRATION_EXAMPLES.callbackGone],
        total: 2,
        current: 1,
        size: 10,
      } satisfies Page<AccessCallback>,
    },
    handler: async ({ session, console: current, query }): Promise<Page<AccessCallback>> =>
      listCallbacks(database, ownerOf(session, current), query, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.callbackSaveOrUpdate,
    summary:
      'Configures the callback of an access party of the company (one a party): made on its first save with a whsec_ signing secret in this answer only, changed afterwards. Timeouts (ms) and maximum retries must be numeric (spec 001 §5) and within bounds; the URL is http(s) and must not resolve to a loopback, private, link-local or metadata address (400 at url), checked again at each delivery. Deliveries follow the Standard Webhooks specification: receivers verify webhook-signature and refuse a webhook-timestamp more than 5 minutes from their clock',
    tag: TAG,
    permission: 'application:callback',
    body: callbackSaveBody,
    example: {
      body: INTEGRATION_EXAMPLES.callbackSaveBody,
      answer: INTEGRATION_EXAMPLES.callbackCreated,
    },
    handler: async ({ session, console: current, body }): Promise<AccessCallbackSaved> =>
      saveCallback(database, secrets, ownerOf(session, current), body, guard(), context.now()),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.callbackDetail,
    summary: 'One callback of the company (404 for another company’s)',
    tag: TAG,
    permission: 'application:callback',
    query: integrationIdQuery,
    example: { query: { id: '5' }, answer: INTEGRATION_EXAMPLES.callback },
    handler: async ({ session, console: current, query }): Promise<AccessCallback> =>
      callbackDetail(database, ownerOf(session, current), query.id, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.callbackRotateSecret,
    summary:
      'The platform’s own: a new whsec_ signing secret, in this answer only; for 24 hours each delivery carries signatures with both secrets (space-separated in webhook-signature), then the new one only',
    tag: TAG,
    permission: 'application:callback',
    body: integrationIdBody,
    example: {
      body: { id: '5' },
      answer: {
        ...INTEGRATION_EXAMPLES.callbackCreated,
        previousSecretUntil: '2026-11-25T08:00:00.000Z',
      } satisfies AccessCallbackSaved,
    },
    handler: async ({ session, console: current, body }): Promise<AccessCallbackSaved> =>
      rotateSigningSecret(database, secrets, ownerOf(session, current), body.id, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.callbackUpdateStatus,
    summary:
      'The platform’s own: enables a callback (one disabled after its endpoint answered 410 Gone: the URL is checked again) or disables it; a disabled callback gets no new events and its pending deliveries end',
    tag: TAG,
    permission: 'application:callback',
    body: callbackStatusBody,
    example: { body: { id: '5', enabled: true }, answer: INTEGRATION_EXAMPLES.callback },
    handler: async ({ session, console: current, body }): Promise<AccessCallback> =>
      setCallbackEnabled(
        database,
        ownerOf(session, current),
        body.id,
        body.enabled,
        guard(),
        context.now(),
      ),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.callbackDeliveries,
    summary:
      'The platform’s own: a callback’s deliveries, newest first, optionally of one state: the event, its webhook-id, state, the next attempt, and each attempt (at most the last 50) with its status, time, duration, the first 1 KB of the answer and the error. Kept 30 days after they end',
    tag: TAG,
    permission: 'application:callback',
    query: callbackDeliveriesQuery,
    example: {
      query: { callbackId: '5', current: '1', size: '10' },
      answer: INTEGRATION_EXAMPLES.deliveries,
    },
    handler: async ({ session, console: current, query }): Promise<Page<CallbackDelivery>> =>
      listDeliveries(database, ownerOf(session, current), query),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.callbackResend,
    summary:
      'The platform’s own: sends a delivery that ended (delivered or given up) again, with the same webhook-id and body, as a new round of attempts; 409 while it is being attempted or the callback is disabled',
    tag: TAG,
    permission: 'application:callback',
    body: integrationIdBody,
    example: {
      body: { id: '120' },
      answer: {
        ...INTEGRATION_EXAMPLES.delivered,
        status: 'pending',
        nextAttemptAt: '2026-11-24T09:00:00.000Z',
      } satisfies CallbackDelivery,
    },
    handler: async ({ session, console: current, body }): Promise<CallbackDelivery> =>
      resendDelivery(database, ownerOf(session, current), body.id, context.now()),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.callbackTest,
    summary:
      'The platform’s own: sends a callback.test event to the callback now, signed as every delivery is; 409 when the callback is disabled',
    tag: TAG,
    permission: 'application:callback',
    body: integrationIdBody,
    example: {
      body: { id: '5' },
      answer: {
        ...INTEGRATION_EXAMPLES.failing,
        id: '122',
        eventType: 'callback.test',
        contractId: null,
        attempts: 0,
        nextAttemptAt: '2026-11-24T09:00:00.000Z',
        attemptLog: [],
      } satisfies CallbackDelivery,
    },
    handler: async ({ session, console: current, body }): Promise<CallbackDelivery> =>
      sendTestEvent(database, ownerOf(session, current), body.id, context.now()),
  });
}
