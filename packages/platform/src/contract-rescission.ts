/**
 * Rescinding a completed contract (spec 000 §1, §7: GET contract/unsubscribe, POST
 * contract/signUnsubscribe). A signing party asks to rescind, with a reason; every signing party
 * then agrees, each confirming with a verification code as it would a signature; the last
 * agreement cancels the contract (`rescind` leads to `cancelled` when `allRescinded`). Until then
 * the contract stays completed and in force, and the parties still to agree find it under
 * "handled by me".
 */
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { recordIdSchema } from './paging';
import { TEMPLATE_PARTIES, type TemplateParty } from './templates';

const err = (key: MessageKey) => ({ error: key });

/** A rescission's reason, at most (characters). */
export const RESCISSION_REASON_MAX = 200;

/**
 * POST contract/signUnsubscribe: the session's party agrees to rescind (the first agreement asks
 * for it, and must give the reason), confirmed by a ticket of base/validateAuthCode asked for with
 * `purpose: 'rescind'`.
 */
export const contractRescindBody = z.object({
  id: recordIdSchema,
  party: z.optional(z.enum(TEMPLATE_PARTIES, err('invalidValue'))),
  reason: z._default(
    z.string().check(z.trim(), z.maxLength(RESCISSION_REASON_MAX, err('rescissionReasonTooLong'))),
    '',
  ),
  ticket: z.string().check(z.minLength(1, err('signTicketRequired')), z.maxLength(200)),
});

export type ContractRescindBody = z.input<typeof contractRescindBody>;

/** GET contract/unsubscribe's answer: where the rescission stands. */
export interface ContractRescission {
  /** `none`: nobody asked; `pending`: asked, waiting for agreements; `done`: cancelled. */
  state: 'none' | 'pending' | 'done';
  reason: string | null;
  /** ISO 8601: when it was asked for. */
  requestedAt: string | null;
  /** The signing parties and when each agreed (null: not yet). */
  parties: {
    party: TemplateParty;
    name: string;
    companyName: string | null;
    agreedAt: string | null;
  }[];
  /** The session's party may agree now (it signed the contract and has not agreed yet). */
  canAgree: boolean;
}
