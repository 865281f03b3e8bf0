/**
 * The demo API's answer to the signing ticket the /custom-made page reads (issue 34), from the
 * server's OpenAPI example (`OPEN_API_EXAMPLES.ticketInfo`): the example link's ticket is for the
 * example contract; any other the server would not know (410).
 */
import { OPEN_API_EXAMPLES, PATHS, fail, message } from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import { bodyOf } from './demoRequest';
import { answer } from './demoTemplates';

/** The ticket of the OpenAPI example's signing link. */
export const EXAMPLE_SIGNING_TICKET =
  new URL(OPEN_API_EXAMPLES.signingLink.url).searchParams.get('ticket') ?? '';

export const SIGNING_TICKET_PUBLIC_CALLS: Record<string, (request: DemoRequest) => Answer> = {
  [PATHS.signingTicket]: (request) =>
    bodyOf<{ ticket?: string }>(request).ticket === EXAMPLE_SIGNING_TICKET
      ? answer(OPEN_API_EXAMPLES.ticketInfo)
      : { status: 410, body: fail(410, message('signingLinkExpired', request.locale)) },
};
