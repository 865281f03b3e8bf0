/**
 * Anchoring a hash in a ledger (the "blockchain" kind of evidence report, issue 33), behind one
 * interface: the platform hands the provider the SHA-256 it vouches for (an audit trail's chain
 * head) and records the transaction the provider answers on the report. A real ledger (a
 * consortium chain, a judicial evidence chain) plugs in as `buildApp({ ledger })`; outside
 * production the server uses the development ledger (development.ts), which says it is one.
 */

/** A hash the ledger holds, and where. */
export interface LedgerAnchor {
  /** The ledger's name, recorded on the report. */
  ledger: string;
  /** Whether this is the development ledger (a table of the platform's own database). */
  development: boolean;
  /** The ledger's reference of the transaction that holds the digest. */
  transactionId: string;
  /** The SHA-256 (hex) anchored. */
  digest: string;
  /** When the ledger took it. */
  anchoredAt: Date;
}

export interface LedgerProvider {
  readonly name: string;
  readonly development: boolean;
  /**
   * Anchors `digest` (SHA-256, lowercase hex) for `reference` (what it is about, e.g. an evidence
   * report's number). Anchoring the same digest for the same reference again answers the first
   * anchor, so a retried job does not anchor twice. Throws when the ledger cannot be reached.
   */
  anchor(digest: string, reference: string): Promise<LedgerAnchor>;
  /** The anchor of a transaction, or null when the ledger holds none by that id. */
  lookup(transactionId: string): Promise<LedgerAnchor | null>;
}
