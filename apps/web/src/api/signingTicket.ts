/**
 * What a custom-made signing link's ticket is for (issue 34: a partner hands one out through the
 * open API): the contract, the party and its phone masked, asked before the signer logs in.
 */
import { PATHS, type SigningTicketInfo } from '@esign/platform';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

export const signingTicketQuery = (ticket: string) =>
  queryOptions({
    queryKey: ['signingTicket', ticket],
    queryFn: () =>
      call<SigningTicketInfo>({
        method: 'POST',
        url: PATHS.signingTicket,
        data: { ticket },
        // The page itself says that the link has expired: no toast besides.
        quiet: true,
      }),
    retry: false,
    staleTime: 60_000,
  });
