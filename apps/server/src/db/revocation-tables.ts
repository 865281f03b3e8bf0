/**
 * Migration 36: revocation of the platform's certificates (PAdES B-LT, issue 31).
 *
 * `signer_certificates` gains `revoked_at` and `revocation_reason` (RFC 5280 CRLReason names,
 * e.g. `keyCompromise`): a revoked signer's key signs nothing more (contract/sign refuses).
 *
 * `signature_certificates`: every certificate one signature was made under (signing/authority.ts
 * `signatureCertificate`: the signer's key, a serial of its own), recorded in the transaction
 * that stores the signed version, with the key it certifies (`key_serial`, the serial of the
 * signer_certificates row then) and the contract. Revoking a signer's key revokes each of them
 * (`revoked_at`), and the platform CA's CRL lists them: a validator then trusts the signatures
 * made before the revocation by their timestamp and the CRL embedded in the file's /DSS, and none
 * after.
 */
export const REVOCATION_MIGRATION = {
  version: 36,
  name: 'certificate revocation',
  sql: `
ALTER TABLE signer_certificates
  ADD COLUMN revoked_at timestamptz,
  ADD COLUMN revocation_reason text;

CREATE TABLE signature_certificates (
  serial text PRIMARY KEY,
  signer_id text NOT NULL,
  key_serial text NOT NULL,
  contract_id bigint REFERENCES contracts (id) ON DELETE SET NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revocation_reason text
);
CREATE INDEX signature_certificates_key ON signature_certificates (key_serial);
CREATE INDEX signature_certificates_revoked ON signature_certificates (revoked_at)
  WHERE revoked_at IS NOT NULL;
`,
};
