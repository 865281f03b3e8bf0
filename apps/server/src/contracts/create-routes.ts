import { bookOf } from '../counterparts/book';
import { refuseBlacklisted } from '../counterparts/contract-parties';
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
import { prepareSignerSeals } from './sign-seals';
import {
  EXAMPLE_CONTRACT_ID,
  EXAMPLE_CONTRACT_NAME,
  EXAMPLE_CONTRACT_NUMBER,
  EXAMPLE_DETAIL_PARTIES,
  EXAMPLE_DOCUMENT_ID,
  EXAMPLE_FIELD_UUID,
  EXAMPLE_PARTICIPANTS,
  EXAMPLE_RECEIVERS,
} from './examples';
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
    permission: 'contract:launch',
    body: validateParticipantsBody,
    example: {
      body: { participants: EXAMPLE_PARTICIPANTS },
      answer: [
        { party: 'A', registered: true, companyVerified: true },
        { party: 'B', registered: true, companyVerified: null },
      ] satisfies ValidatedParty[],
    },
    handler: async ({ session, body, locale }): Promise<ValidatedParty[]> => {
      await sessionConsole(database, session);
      const parties = body.participants as NamedParty[];
      await refuseBlacklisted(database, bookOf(session), parties, locale);
      return validatedParties(parties, await accountsOf(database, session.tenantId, parties));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractValidateReceivers,
    summary:
      'Checks the copy recipients of a contract (name or phone, and company name) and answers, in order, whether an account holds each phone',
    tag: TAG,
    permission: 'contract:launch',
    body: validateReceiversBody,
    example: {
      body: { receivers: EXAMPLE_RECEIVERS },
      answer: [{ registered: false }] satisfies ValidatedReceiver[],
    },
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
    permission: 'contract:launch',
    body: contractCreateBody,
    bodyLimit: TEMPLATE_EDIT_BODY_LIMIT_BYTES,
    example: {
      body: {
        name: EXAMPLE_CONTRACT_NAME,
        agreementType: 'contract',
        signingOrder: 'sequential',
        signingDeadline: '2026-12-31T16:00:00.000Z',
        participants: EXAMPLE_PARTICIPANTS,
        receivers: EXAMPLE_RECEIVERS,
        templateId: '12',
        values: { '0b9e7c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c': 'RMB 120,000' },
      },
      answer: {
        id: EXAMPLE_CONTRACT_ID,
        number: EXAMPLE_CONTRACT_NUMBER,
        status: 'filling',
      } satisfies ContractCreated,
    },
    handler: async ({ session, body, locale, request }): Promise<ContractCreated> =>
      createContract(database, storage, body, {
        session,
        locale,
        ip: request.ip,
        fees: context.fees,
        now: context.now(),
      }),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractDetail,
    summary:
      "A contract as a party, its initiator’s console or a copy recipient sees it, with what the session may do now (myActions); one another console of the user sees is refused with 403 code 403002 contractInOtherConsole, data { companyId, companyName } (-1 and '' for the personal console); anyone else gets 404",
    tag: TAG,
    permission: 'signedIn',
    query: contractIdQuery,
    example: {
      query: { id: EXAMPLE_CONTRACT_ID },
      answer: {
        id: EXAMPLE_CONTRACT_ID,
        number: EXAMPLE_CONTRACT_NUMBER,
        name: EXAMPLE_CONTRACT_NAME,
        status: 'filling',
        agreementType: 'contract',
        signingOrder: 'sequential',
        templateId: '12',
        documentId: EXAMPLE_DOCUMENT_ID,
        initiatorName: 'Wang Fang',
        initiatorPhone: '13800000002',
        initiatorCompany: 'Demo Technology Co., Ltd.',
        createdAt: '2026-11-24T08:30:12.000Z',
        signingStartedAt: null,
        signingDeadline: '2026-12-31T16:00:00.000Z',
        participants: EXAMPLE_DETAIL_PARTIES,
        receivers: EXAMPLE_RECEIVERS,
        // The editor's whole project (TemplateProject) comes here; shown: what B fills.
        project: {
          name: EXAMPLE_CONTRACT_NAME,
          fillsInList: [
            {
              elementUuid: EXAMPLE_FIELD_UUID,
              kind: 'text',
              party: 'B',
              page: 0,
              title: 'Address',
              tip: 'Your registered address',
              required: true,
              elementCode: '',
              isNumber: false,
              limitNum: 100,
            },
          ],
        },
        stampLocations: [
          {
            sealId: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
            page: 0,
            x: 400,
            y: 700,
            width: 120,
            height: 120,
            rotate: 0,
          },
        ],
        pdfSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        pdfLink:
          '/api/sicpay-contract/template/nologin/pdf?tenant=000000&document=8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a&expires=1795512612&signature=…',
        pdfLinkExpiresAt: '2026-11-24T09:30:12.000Z',
        myParties: ['B'],
        myActions: ['fill', 'refuse'],
        mayLock: ['B'],
      } satisfies ContractDetail,
    },
    handler: async ({ session, query }): Promise<ContractDetail> =>
      contractDetail(database, key, session, query.id, context.now, () =>
        prepareSignerSeals(context, session),
      ),
  });
}
