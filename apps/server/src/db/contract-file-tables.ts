/**
 * Migration 13: a contract's PDF as it grows, and what permits a signature.
 *
 * - `contract_files`: each version of the contract's PDF. Version 0 is the filled document (the
 *   contract's document with the parties' values written by the editor's `renderContractPdf`, no
 *   seal), stored at the first signature; version n is the PDF after the n-th signature, version
 *   n−1's bytes followed by one incremental update (`party`, `signed_by` and the certificate's
 *   serial say whose). The bytes are in storage under `storage_key`; `sha256` and `size` are
 *   theirs.
 * - `sign_tickets`: what a right SMS code or a passed face check gives (base/validateAuthCode,
 *   getFaceResult): signing one contract once, by one user, until `expires_at`; kept keyed-hashed.
 * - `face_checks`: a face check a signer started (base/getFaceUrl): the token the client asks
 *   about (keyed-hashed), the provider's reference, its outcome once known, and whether it gave
 *   its ticket (once).
 * - `dev_face_outcomes`: what the development face provider's page was told (Pass or Fail).
 */
export const CONTRACT_FILE_MIGRATION = {
  version: 13,
  name: 'contract PDF versions, sign tickets and face checks',
  sql: `
CREATE TABLE contract_files (
  contract_id bigint NOT NULL REFERENCES contracts (id),
  version integer NOT NULL CHECK (version >= 0),
  storage_key text NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size bigint NOT NULL CHECK (size > 0),
  party text CHECK (party IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J')),
  signed_by bigint REFERENCES users (id),
  certificate_serial text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contract_id, version),
  CHECK ((version = 0) = (party IS NULL))
);
CREATE TABLE sign_tickets (
  ticket_hash text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id),
  method text NOT NULL CHECK (method IN ('sms', 'face')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_tickets_contract_user ON sign_tickets (contract_id, user_id);
CREATE TABLE face_checks (
  token_hash text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id),
  provider text NOT NULL,
  reference text NOT NULL,
  outcome text CHECK (outcome IN ('passed', 'failed')),
  ticket_issued_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  UNIQUE (provider, reference)
);
CREATE TABLE dev_face_outcomes (
  reference text PRIMARY KEY,
  outcome text CHECK (outcome IN ('passed', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
