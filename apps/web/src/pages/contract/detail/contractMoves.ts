/**
 * What a contract's details offer and show, as pure functions of contract/detail's answer: the
 * moves of the session (its `myActions`, and what anyone who sees it may do: download, the
 * signatures, the evidence), each party's progress, the party that fills or signs, the values a
 * fill sends and the required fields still empty, and when the initiator may urge again.
 */
import type {
  ContractDetail,
  ContractDetailLock,
  ContractDetailParty,
  ContractStatus,
  TemplateParty,
} from '@esign/platform';

/** A move the details page offers, in the order its buttons stand. */
export type ContractMove =
  | 'fill'
  | 'sign'
  | 'refuse'
  | 'urge'
  | 'withdraw'
  | 'remove'
  | 'rescind'
  | 'download'
  | 'signatures'
  | 'evidence';

/** Whether any party has signed: then the PDF carries signatures worth listing. */
export const hasSignatures = (detail: ContractDetail) =>
  detail.participants.some((party) => party.signedAt !== null);

/**
 * The moves to offer, the session's own (contract/detail's `myActions`: fill, sign, refuse, urge,
 * withdraw, remove) first, then what anyone who sees the contract may do, and rescinding last: on
 * a completed contract it is the rare move, not the first thing a reader should meet.
 */
export function contractMoves(detail: ContractDetail): ContractMove[] {
  const moves: ContractMove[] = detail.myActions.filter((action) => action !== 'rescind');
  moves.push('download');
  if (hasSignatures(detail)) moves.push('signatures');
  moves.push('evidence');
  if (detail.myActions.includes('rescind')) moves.push('rescind');
  return moves;
}

/** What a party has done so far (`stopped`: the contract ended before it acted). */
export type PartyProgress =
  'refused' | 'signed' | 'filled' | 'toFill' | 'toSign' | 'stopped' | 'nothing';

/** The statuses in which the parties still act. */
const UNDER_WAY = new Set<ContractStatus>(['filling', 'approving', 'signing']);

export function partyProgress(party: ContractDetailParty, status: ContractStatus): PartyProgress {
  if (party.refusedAt) return 'refused';
  if (party.signedAt) return 'signed';
  const waits = (party.fills && !party.filledAt) || party.signs;
  if (waits && !UNDER_WAY.has(status)) return party.filledAt ? 'filled' : 'stopped';
  if (party.fills && !party.filledAt) return 'toFill';
  if (party.signs) return 'toSign';
  return party.filledAt ? 'filled' : 'nothing';
}

/** The session's parties of the contract, in letter order. */
const myParties = (detail: ContractDetail): ContractDetailParty[] =>
  detail.participants
    .filter((party) => detail.myParties.includes(party.party))
    .sort((a, b) => a.party.localeCompare(b.party));

/** The session's party that fills in now: one that fills, has not yet, nor signed or refused. */
export function fillingParty(detail: ContractDetail): TemplateParty | null {
  const party = myParties(detail).find(
    (p) => p.fills && !p.filledAt && !p.signedAt && !p.refusedAt,
  );
  return party ? (party.party as TemplateParty) : null;
}

/** The session's party that signs now: one that signs and has not signed or refused. */
export function signingParty(detail: ContractDetail): TemplateParty | null {
  const candidates = myParties(detail).filter((p) => p.signs && !p.signedAt && !p.refusedAt);
  if (detail.signingOrder === 'sequential') {
    // At its turn: the first of all parties still to sign.
    const waiting = detail.participants.filter((p) => p.signs && !p.signedAt && !p.refusedAt);
    const turn = Math.min(...waiting.map((p) => p.position));
    const atTurn = candidates.find((p) => p.position === turn);
    return atTurn ? (atTurn.party as TemplateParty) : null;
  }
  return candidates[0] ? (candidates[0].party as TemplateParty) : null;
}

/**
 * In a sequential order, the party whose turn it is while the session's party waits for it to
 * sign first; null when the session's party is not waiting on anyone.
 */
export function waitingOn(detail: ContractDetail): ContractDetailParty | null {
  if (detail.status !== 'signing' || detail.signingOrder !== 'sequential') return null;
  if (signingParty(detail) !== null) return null;
  const mineWaiting = detail.participants.some(
    (p) => detail.myParties.includes(p.party) && p.signs && !p.signedAt && !p.refusedAt,
  );
  if (!mineWaiting) return null;
  const waiting = detail.participants
    .filter((p) => p.signs && !p.signedAt && !p.refusedAt)
    .sort((a, b) => a.position - b.position);
  return waiting[0] ?? null;
}

/** Whether the initiator may urge now, given when urging is next allowed (null: not known). */
export function canUrgeNow(nextUrgeAt: string | null, now: number): boolean {
  return nextUrgeAt === null || Date.parse(nextUrgeAt) <= now;
}

/**
 * Whether the session takes its party's lock while it fills or signs: the server says for which
 * parties it may (`mayLock`); an answer without it, every party.
 */
export function takesLock(detail: ContractDetail, party: TemplateParty): boolean {
  return detail.mayLock?.includes(party) ?? true;
}

/** Another member's live lock on the session's party, as the details answered it. */
export function lockHeldByOther(
  detail: ContractDetail,
  party: TemplateParty,
): ContractDetailLock | null {
  return detail.locks?.find((lock) => lock.party === party && !lock.mine) ?? null;
}
