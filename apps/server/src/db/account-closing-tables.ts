/**
 * Migration 32: closing an account and single-use download tickets (issue 30).
 *
 * - `users.closed_at`: the account was closed (blade-user/unsubscribe/send). The row stays — the
 *   contracts' parties and the audit trail's `actor_user_id` (hashed into the chain) name it — but
 *   its phone becomes `closed:<id>`, which frees the number for a new registration, and its name and
 *   password go (see account/CONTEXT.md).
 * - `closed_accounts`: which phone numbers belonged to a closed account, as the server's keyed hash
 *   only, so that signing in with one answers 'This account has been closed' rather than a wrong
 *   password; the reason the user gave is kept with it.
 * - `spent_download_tickets`: the MACs of the download links (contract/getDownloadTicket) already
 *   used, until they expire: a link downloads once.
 * - `contract_zip_tickets`: the ZIP links of contract/getZipTicket, by the SHA-256 of their
 *   random token: the contracts and versions they hold, who asked, until when, and when used.
 */
export const ACCOUNT_CLOSING_MIGRATION = {
  version: 32,
  name: 'closing an account and single-use download tickets',
  sql: `
ALTER TABLE users ADD COLUMN closed_at timestamptz;
CREATE TABLE closed_accounts (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  tenant_id text NOT NULL REFERENCES tenants (id),
  phone_hash text NOT NULL,
  reason text NOT NULL CHECK (char_length(reason) <= 200),
  closed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX closed_accounts_phone ON closed_accounts (tenant_id, phone_hash);
CREATE TABLE spent_download_tickets (
  mac text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spent_download_tickets_expiry ON spent_download_tickets (expires_at);
CREATE TABLE contract_zip_tickets (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  contracts jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contract_zip_tickets_expiry ON contract_zip_tickets (expires_at);
`,
};
