/**
 * The calls of signing a contract (issue 11): the seals it may be signed with, confirming with an
 * SMS code or a face check, contract/sign itself, and the PDF as it stands with its signatures.
 * See CONTEXT.md, "Signing".
 */
import {
  PATHS,
  contractSealsQuery,
  contractSignBody,
  type ContractActed,
  type ContractSeal,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { developmentFaceRoutes } from '../face/development';
import { route } from '../http/route';
import { authCodeRoutes } from './auth-codes';
import { contractPdfRoutes } from './contract-pdf-routes';
import { contractZipRoutes } from './contract-zip-routes';
import { signContractFor } from './sign';
import { contractSeals } from './sign-seals';
import { SIGN_EXAMPLES } from './sign-examples';

export async function contractSigningRoutes(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  route(app, context, {
    method: 'GET',
    path: PATHS.contractSeals,
    example: SIGN_EXAMPLES.seals,
    summary:
      'The seals the session may sign the contract with today, for each party of its console still to sign (party narrows to one), the default first: a person’s own seals in normal use in the personal console; in a company console the company’s seals in normal use that an authorisation covers (all staff or the member, all contracts or this contract’s template, today within its dates) — all of them for the system administrator. An empty list: no seal may be used here',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: contractSealsQuery,
    handler: ({ session, query }): Promise<ContractSeal[]> =>
      contractSeals(context, session, query.id, query.party),
  });

  authCodeRoutes(app, context);
  if (context.face?.development) {
    await app.register((scope) => developmentFaceRoutes(scope, context));
  }

  route(app, context, {
    method: 'POST',
    path: PATHS.contractSign,
    example: SIGN_EXAMPLES.sign,
    summary:
      'Signs the contract for the session’s party (its turn in a sequential order) with a seal of listContractSeal and a ticket of validateAuthCode or getFaceResult (spent): the seal stamped at the party’s places and a PAdES signature, as an incremental update of the PDF',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    body: contractSignBody,
    handler: ({ session, body, locale, request }): Promise<ContractActed> =>
      signContractFor(context, { session, locale, ip: request.ip, body, log: request.log }),
  });

  contractPdfRoutes(app, context);
  contractZipRoutes(app, context);
}
