/**
 * Migration 24: a party's values kept as it fills them in (contract/saveDraft, contracts/drafts.ts),
 * so that a signer who leaves halfway finds them when coming back, on any device. One row per
 * contract and party (a company party's members share it, one at a time under contract/lock);
 * contract/write removes it with the values it stores. `draft` holds the values by field uuid.
 */
export const CONTRACT_DRAFT_MIGRATION = {
  version: 24,
  name: 'contract fill drafts',
  sql: `
CREATE TABLE contract_fill_drafts (
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J')),
  draft jsonb NOT NULL,
  saved_by bigint NOT NULL REFERENCES users (id),
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contract_id, party)
);
`,
};
