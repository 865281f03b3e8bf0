/**
 * Closing one's account (blade-user/unsubscribe/send-msg and send) and downloading several
 * contracts as one ZIP (contract/getZipTicket), issue 30.
 */
import {
  PATHS,
  type AccountClosingBody,
  type CodeSent,
  type ContractZipLink,
  type UnfinishedContracts,
} from '@esign/platform';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

/** The code that confirms closing, to the user's own phone; refused while closing is blocked. */
export const sendAccountClosingCode = () =>
  call<CodeSent>({ method: 'POST', url: PATHS.sendAccountClosingCode });

/** Closes the signed-in user's account; every session ends on the server at once. */
export const closeAccount = (body: AccountClosingBody) =>
  call<null>({ method: 'POST', url: PATHS.accountClose, data: body, quiet: true });

export const accountClosingQueries = {
  /** The user's own unfinished contracts (asked in the personal console, afresh each time). */
  unfinished: () =>
    queryOptions({
      queryKey: ['account-closing', 'unfinished'],
      queryFn: () => call<UnfinishedContracts>({ url: PATHS.contractHasUnfinished }),
      staleTime: 0,
    }),
};

/** A single-use link to one ZIP of the contracts (a list's selection). */
export const fetchContractsZipTicket = (ids: string[]) =>
  call<ContractZipLink>({
    method: 'POST',
    url: PATHS.contractZipTicket,
    data: { ids: ids.map(Number) },
    quiet: true,
  });
