/**
 * Migration 10: the certificates the platform's authority issued to signers.
 *
 * The authority itself (its key pair and self-signed certificate) is one row of `server_keys`
 * (`signing-ca`), created on first start like the JWT key. Each signer (a person, or a person for a
 * company) gets one key pair and certificate, kept here by the caller's `signer_id` and reused for
 * every signature until it nears its end or the signer's name changes; `serial` is unique across
 * the authority's certificates, as X.509 requires.
 */
export const SIGNING_MIGRATION = {
  version: 10,
  name: 'signer certificates',
  sql: `
CREATE TABLE signer_certificates (
  signer_id text PRIMARY KEY,
  serial text NOT NULL UNIQUE,
  subject text NOT NULL,
  private_key_pem text NOT NULL,
  certificate_pem text NOT NULL,
  not_after timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
