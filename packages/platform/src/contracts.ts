/**
 * The statuses a contract is in (spec 000 §4), as the server stores them:
 * - `filling`: parties fill in the fields the initiator left them;
 * - `approving`: waiting for the company's approver (approval in progress, signing approval);
 * - `signing`: the parties sign, within the signing deadline;
 * - `completed`: every party signed;
 * - `refused`: a party refused to sign (signing refused);
 * - `approval_rejected`: the company's approver rejected it;
 * - `expired`: the signing deadline passed before every party signed;
 * - `withdrawn`: the initiator withdrew (revoked) it before it completed;
 * - `cancelled`: the parties rescinded it after it completed.
 *
 * The spec's other labels are not states of a contract: "agreed" is a party's answer and
 * "performing" a completed contract within its term.
 */
export const CONTRACT_STATUSES = [
  'filling',
  'approving',
  'signing',
  'completed',
  'refused',
  'approval_rejected',
  'expired',
  'withdrawn',
  'cancelled',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
