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
  integrationIdBody,
  integrationIdQuery,
  type AccessCompany,
  type AccessParty,
  type AccessPartyOption,
  type AccessPartySaved,
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
}
