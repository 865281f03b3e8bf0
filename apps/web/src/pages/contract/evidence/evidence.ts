/**
 * The evidence screens' pure part: hashes shortened for a table, the audit trail's verdict and
 * the entry a broken chain is flagged on, the signatures' verdict.
 */
import type { ContractAttestation, ContractSignatures } from '@esign/platform';

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
