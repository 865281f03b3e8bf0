import {
  PATHS,
  TEMPLATE_EDIT_BODY_LIMIT_BYTES,
  contractCreateBody,
  contractIdQuery,
  validateParticipantsBody,
  validateReceiversBody,
  type ContractCreated,
  type ContractDetail,
  type ValidatedParty,
  type ValidatedReceiver,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { sessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { createContract } from './create';
import { contractDetail } from './detail';
import {
  accountsOf,
  validatedParties,
  validatedReceivers,
  type NamedParty,
} from './platform-accounts';

const TAG = 'sicpay-contract';

/** Initiating a contract: the form's checks, contract/create and contract/detail. */
export function contractCreateRoutes(app: FastifyInstance, context: AppContext): void {
  const { database, storage, key } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.contractValidateParticipants,
    summary:
      'Checks the participants of a contract (parties A–J once each, person or company, name, phone, company name) and answers who of them is on the platform',
    tag: TAG,
    auth: 'user',
    body: validateParticipantsBody,
    handler: async ({ session, body }): Promise<ValidatedParty[]> => {
      await sessionConsole(database, session);
      const parties = body.participants as NamedParty[];
      return validatedParties(parties, await accountsOf(database, session.tenantId, parties));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractValidateReceivers,
    summary:
      'Checks the copy recipients of a contract (name or phone, and company name) and answers, in order, whether an account holds each phone',
    tag: TAG,
    auth: 'user',
    body: validateReceiversBody,
    handler: async ({ session, body }): Promise<ValidatedReceiver[]> => {
      await sessionConsole(database, session);
      return validatedReceivers(
        body.receivers,
        await accountsOf(database, session.tenantId, [], body.receivers),
      );
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractCreate,
    summary:
      'Initiates a contract from an enabled template (templateId, values) or a ready document with the editor’s project (documentId, project); the server derives the stamp locations',
    tag: TAG,
    auth: 'user',
    body: contractCreateBody,
    bodyLimit: TEMPLATE_EDIT_BODY_LIMIT_BYTES,
    handler: async ({ session, body, locale, request }): Promise<ContractCreated> =>
      createContract(database, storage, body, { session, locale, ip: request.ip }),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractDetail,
    summary:
      'A contract as a party, its initiator’s console or a copy recipient sees it, with what the session may do now (myActions)',
    tag: TAG,
    auth: 'user',
    query: contractIdQuery,
    handler: async ({ session, query }): Promise<ContractDetail> =>
      contractDetail(database, key, session, query.id),
  });
}
