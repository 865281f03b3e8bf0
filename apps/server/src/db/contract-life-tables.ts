/**
 * Migration 14: what a contract's life after sending keeps besides its status and its parties'
 * progress (contracts/CONTEXT.md, "Urging", "Removing", "Locking").
 *
 * - `contracts.removed_at`: when the initiator removed a contract that ended unsigned from its
 *   console's lists (contract/remove); the row, its parties and its audit trail stay.
 * - `contract_urges`: each party's last reminder (contract/urge), so that every server process
 *   refuses a second one within the hour.
 * - `contract_locks`: a member working on a party's part (contract/lock) until `until`; while it
 *   lasts, that party's fill and sign by anyone else are refused. An expired row is no lock.
 */
export const CONTRACT_LIFE_MIGRATION = {
  version: 14,
  name: 'contract removal, reminders and locks',
  sql: `
ALTER TABLE contracts ADD COLUMN removed_at timestamptz;
CREATE TABLE contract_urges (
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J')),
  urged_at timestamptz NOT NULL,
  urged_by bigint NOT NULL REFERENCES users (id),
  PRIMARY KEY (contract_id, party)
);
CREATE TABLE contract_locks (
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J')),
  user_id bigint NOT NULL REFERENCES users (id),
  until timestamptz NOT NULL,
  PRIMARY KEY (contract_id, party)
);
`,
};
