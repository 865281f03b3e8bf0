/**
 * Migration 44: a company's certificates (issue 34; apps/server/src/certificates/CONTEXT.md).
 *
 * - `communication_certificates`: a certificate the platform's authority issued to identify the
 *   company's software to the open API, RSA 2048 or SM2, bound to one of its access parties (or
 *   not). Only the certificate is kept: its key was handed over once, in a PKCS#12 file, and never
 *   stored. Revoked for good with a reason; listed in the authority's CRL from then on.
 * - `digital_certificates`: the company's signing certificates, issued by the authority or
 *   imported from a PKCS#12 file: the certificate, the issuers' certificates that came with it
 *   (PEM, in order), and the private key sealed with the secret box (label
 *   `digital-certificate-key`). Status `active` (at most one a company: the one its contracts are
 *   signed with), `disabled` or `revoked` (for good); expired is read from `not_after`.
 *   `expiry_warned_at` in both tables: the administrators were told it ends soon (once).
 * - `hardware_key_applications`: a company's applications for hardware keys and their states
 *   (HARDWARE_KEY_TRANSITIONS): what the vendor's operator recorded at each.
 */
export const CERTIFICATE_MIGRATION = {
  version: 44,
  name: 'communication and digital certificates, hardware key applications',
  sql: `
CREATE TABLE communication_certificates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id),
  access_party_id bigint REFERENCES access_parties (id) ON DELETE SET NULL,
  serial text NOT NULL UNIQUE,
  algorithm text NOT NULL CHECK (algorithm IN ('RSA', 'SM2')),
  key_bits integer NOT NULL,
  subject text NOT NULL,
  certificate_pem text NOT NULL,
  fingerprint text NOT NULL UNIQUE,
  not_before timestamptz NOT NULL,
  not_after timestamptz NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revocation_reason text,
  revoked_by bigint REFERENCES users (id) ON DELETE SET NULL,
  expiry_warned_at timestamptz,
  CHECK ((revoked_at IS NULL) = (revocation_reason IS NULL))
);
CREATE INDEX communication_certificates_company
  ON communication_certificates (tenant_id, company_id, id DESC);
CREATE INDEX communication_certificates_party
  ON communication_certificates (access_party_id) WHERE access_party_id IS NOT NULL;

CREATE TABLE digital_certificates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id),
  name text NOT NULL,
  source text NOT NULL CHECK (source IN ('issued', 'imported')),
  status text NOT NULL CHECK (status IN ('active', 'disabled', 'revoked')),
  serial text NOT NULL,
  subject text NOT NULL,
  issuer text NOT NULL,
  algorithm text NOT NULL,
  key_bits integer NOT NULL,
  fingerprint text NOT NULL,
  certificate_pem text NOT NULL,
  chain_pem text NOT NULL DEFAULT '',
  chain_length integer NOT NULL DEFAULT 0,
  private_key_sealed text NOT NULL,
  not_before timestamptz NOT NULL,
  not_after timestamptz NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revocation_reason text,
  revoked_by bigint REFERENCES users (id) ON DELETE SET NULL,
  expiry_warned_at timestamptz,
  UNIQUE (company_id, fingerprint),
  CHECK ((status = 'revoked') = (revoked_at IS NOT NULL))
);
CREATE INDEX digital_certificates_company ON digital_certificates (tenant_id, company_id, id DESC);
CREATE UNIQUE INDEX digital_certificates_one_active
  ON digital_certificates (company_id) WHERE status = 'active';
CREATE INDEX digital_certificates_issued_revoked
  ON digital_certificates (revoked_at) WHERE revoked_at IS NOT NULL AND source = 'issued';

CREATE TABLE hardware_key_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id),
  number text NOT NULL UNIQUE,
  applied_by bigint REFERENCES users (id) ON DELETE SET NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 20),
  contact_name text NOT NULL,
  phone text NOT NULL,
  address text NOT NULL,
  remark text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'applied'
    CHECK (status IN ('applied', 'issued', 'shipped', 'rejected')),
  issued_at timestamptz,
  shipped_at timestamptz,
  tracking_number text,
  rejected_at timestamptz,
  reject_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'shipped') = (tracking_number IS NOT NULL)),
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);
CREATE INDEX hardware_key_applications_company
  ON hardware_key_applications (tenant_id, company_id, id DESC);
CREATE INDEX hardware_key_applications_waiting
  ON hardware_key_applications (created_at, id) WHERE status IN ('applied', 'issued');
`,
};
