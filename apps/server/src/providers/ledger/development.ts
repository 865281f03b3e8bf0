/**
 * The development ledger: no blockchain, only a row of `dev_ledger_anchors` in the platform's own
 * database (migration 42), so that the blockchain kind of evidence report can be applied for,
 * issued and checked without any outside service. Its name says what it is, and every report it
 * anchors says so (`development: true`). A transaction's id is derived from what it holds
 * (`dev-` and 32 hex digits of SHA-256 over the reference, the digest and the time), as a real
 * ledger's hash-named transactions are.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db';
import type { LedgerAnchor, LedgerProvider } from './provider';

export const DEVELOPMENT_LEDGER = 'development';

interface AnchorRow {
  transaction_id: string;
  digest: string;
  anchored_at: Date | string;
}

const anchorOf = (row: AnchorRow): LedgerAnchor => ({
  ledger: DEVELOPMENT_LEDGER,
  development: true,
  transactionId: row.transaction_id,
  digest: row.digest,
  anchoredAt: new Date(row.anchored_at),
});

export function developmentLedger(database: Database): LedgerProvider {
  return {
    name: DEVELOPMENT_LEDGER,
    development: true,
    async anchor(digest, reference) {
      if (!/^[0-9a-f]{64}$/.test(digest)) throw new Error('A ledger anchors a SHA-256 in hex');
      const at = new Date();
      const transactionId = `dev-${createHash('sha256')
        .update(`${reference}\0${digest}\0${at.toISOString()}`)
        .digest('hex')
        .slice(0, 32)}`;
      await database.query(
        `INSERT INTO dev_ledger_anchors (transaction_id, digest, reference, anchored_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (reference, digest) DO NOTHING`,
        [transactionId, digest, reference, at],
      );
      const [row] = await database.query<AnchorRow>(
        `SELECT transaction_id, digest, anchored_at FROM dev_ledger_anchors
         WHERE reference = $1 AND digest = $2`,
        [reference, digest],
      );
      return anchorOf(row!);
    },
    async lookup(transactionId) {
      const [row] = await database.query<AnchorRow>(
        'SELECT transaction_id, digest, anchored_at FROM dev_ledger_anchors WHERE transaction_id = $1',
        [transactionId],
      );
      return row ? anchorOf(row) : null;
    },
  };
}
