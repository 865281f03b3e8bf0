/**
 * The evidence screens' pure part: hashes shortened for a table, the audit trail's verdict and
 * the entry a broken chain is flagged on, the signatures' verdict.
 */
import {
  CONTRACT_STATUSES,
  type ContractAttestation,
  type ContractSignatures,
  type ContractStatus,
} from '@esign/platform';

/** A SHA-256 (or any long hex) as its first and last characters: 3f2a9c…b81e. */
export function shortHash(hash: string, keep = 6): string {
  return hash.length <= keep * 2 + 1 ? hash : `${hash.slice(0, keep)}…${hash.slice(-4)}`;
}

/** The sequence number of the entry a broken chain is flagged on; null when intact. */
export function brokenEntry(attestation: ContractAttestation): number | null {
  return attestation.chain.intact ? null : attestation.chain.brokenAt;
}

/** The signatures' verdict: none yet, every one valid and the file unchanged, or not. */
export type SignaturesVerdict = 'none' | 'intact' | 'broken';

export function signaturesVerdict(answer: ContractSignatures): SignaturesVerdict {
  if (answer.signatures.length === 0) return 'none';
  return answer.intact ? 'intact' : 'broken';
}

/** What an audit entry's details say that a reader cares about, in a fixed order. */
export type EntryFact =
  | { kind: 'party'; party: string }
  | { kind: 'status'; status: ContractStatus }
  | { kind: 'reason'; reason: string }
  | { kind: 'version'; version: number }
  /** The seal a signature was stamped with, and the authorisation that allowed it (company seals). */
  | { kind: 'seal'; name: string; authorizationId: string | null }
  /** How the signer confirmed a signature (entries since the trail records it). */
  | { kind: 'confirmation'; method: SignConfirmation };

/** How a signer confirms a signature: an SMS code or a face check. */
export const SIGN_CONFIRMATIONS = ['sms', 'face'] as const;
export type SignConfirmation = (typeof SIGN_CONFIRMATIONS)[number];

/**
 * The facts of an entry's details worth a column: the party that acted, the status it led to,
 * a reason given, the PDF version written, the seal stamped and its authorisation, how the signer
 * confirmed. Anything else
 * (field ids, numbers) stays out.
 */
export function entryFacts(details: Record<string, unknown>): EntryFact[] {
  const facts: EntryFact[] = [];
  const { party, status, reason, version, seal, confirmedBy } = details;
  if (typeof party === 'string' && party) facts.push({ kind: 'party', party });
  if (typeof status === 'string' && (CONTRACT_STATUSES as readonly string[]).includes(status))
    facts.push({ kind: 'status', status: status as ContractStatus });
  if (typeof reason === 'string' && reason.trim()) facts.push({ kind: 'reason', reason });
  if (typeof version === 'number') facts.push({ kind: 'version', version });
  if (seal && typeof seal === 'object') {
    const { name, authorizationId } = seal as { name?: unknown; authorizationId?: unknown };
    if (typeof name === 'string' && name) {
      facts.push({
        kind: 'seal',
        name,
        authorizationId: typeof authorizationId === 'string' ? authorizationId : null,
      });
    }
  }
  if ((SIGN_CONFIRMATIONS as readonly unknown[]).includes(confirmedBy))
    facts.push({ kind: 'confirmation', method: confirmedBy as SignConfirmation });
  return facts;
}
