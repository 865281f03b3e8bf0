/**
 * Migration 34: batch signing (contract/createBatchSign, getBatchSignInfo; issue 30).
 *
 * `batch_signs`: one row a batch — who started it (`user_id`) in which console (`company_id`, null
 * for the personal console) of which tenant, the seal chosen for every contract, how the batch was
 * confirmed (one SMS code or one face check, spent at creation), the client's address (for each
 * signature's audit entry), its status (`running` until each item is signed or failed, then
 * `finished`) and its counts: `total`, and `signed` and `failed`, each moved in the transaction
 * that settles an item, so that they always agree with the items.
 *
 * `batch_sign_items`: the batch's contracts in order (`position` from 0), each `waiting`,
 * `signing` (its turn came; a worker killed there leaves it so, and the resumed job signs it
 * unless its signature committed), `signed` (set in the very transaction that signs the
 * contract, so a signature and its item never disagree) or `failed` with `reason`, a message key
 * of @esign/platform (worded in the reader's language when read), and `finished_at`.
 * `contract_id` is the id the client sent, with no foreign key: a contract that does not exist, or
 * that the session may not see, is an item refused as 'notFound' like any other, and its number
 * and name are never read for it (getBatchSignInfo shows them empty).
 */
export const BATCH_SIGN_MIGRATION = {
  version: 34,
  name: 'batch signing',
  sql: `
CREATE TABLE batch_signs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
  seal_id text NOT NULL,
  confirmed_by text NOT NULL CHECK (confirmed_by IN ('sms', 'face')),
  ip text NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished')),
  total integer NOT NULL CHECK (total > 0),
  signed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (signed + failed <= total)
);
CREATE INDEX batch_signs_user ON batch_signs (user_id, created_at DESC);

CREATE TABLE batch_sign_items (
  batch_id bigint NOT NULL REFERENCES batch_signs (id) ON DELETE CASCADE,
  position integer NOT NULL,
  contract_id bigint NOT NULL,
  state text NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'signing', 'signed', 'failed')),
  reason text,
  finished_at timestamptz,
  PRIMARY KEY (batch_id, position),
  UNIQUE (batch_id, contract_id),
  CHECK ((state = 'failed') = (reason IS NOT NULL))
);
CREATE INDEX batch_sign_items_contract ON batch_sign_items (contract_id);
`,
};
