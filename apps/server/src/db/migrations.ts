import { COMPANY_AUTH_MIGRATION } from './company-auth-tables';
import { APP_SHELL_MIGRATION } from './app-shell-tables';
import { AUDIT_MIGRATION } from './audit-tables';
import { COMPANY_INFO_MIGRATION } from './company-info-tables';
import { COMPANY_ROLE_MIGRATION } from './company-role-tables';
import { CONTRACT_DOCUMENT_MIGRATION } from './contract-document-tables';
import { CONTRACT_DRAFT_MIGRATION } from './contract-draft-tables';
import { CONTRACT_FILE_MIGRATION } from './contract-file-tables';
import { CONTRACT_LIFE_MIGRATION } from './contract-life-tables';
import { CONTRACT_MANAGE_MIGRATION } from './contract-manage-tables';
import { CONTRACT_ROLES_MIGRATION } from './contract-roles-tables';
import { CONTRACT_TURN_MIGRATION } from './contract-turn-tables';
import { DOCUMENT_CLEANING_MIGRATION } from './document-cleaning-tables';
import { CONTRACT_MIGRATION } from './contract-tables';
import { DOCUMENT_MIGRATION } from './document-tables';
import { MESSAGE_LANGUAGE_MIGRATION } from './message-language-tables';
import { MESSAGE_LINK_MIGRATION } from './message-link-tables';
import { REAL_NAME_MIGRATION } from './real-name-tables';
import { SEAL_MIGRATION } from './seal-tables';
import { SESSION_MIGRATION } from './session-tables';
import { SESSION_REVOCATION_MIGRATION } from './session-revocation-tables';
import { SIGNING_MIGRATION } from './signing-tables';
import { STAFF_MIGRATION } from './staff-tables';
import { STORAGE_SWEEP_MIGRATION } from './storage-sweep-tables';
import { SUB_COMPANY_MIGRATION } from './sub-company-tables';
import { TEMPLATE_MIGRATION } from './template-tables';
import { USER_CENTER_MIGRATION } from './user-center-tables';
import { WORKFLOW_MIGRATION } from './workflow-tables';
import { ACCOUNT_CLOSING_MIGRATION } from './account-closing-tables';
import { CONTRACT_ARCHIVE_MIGRATION } from './contract-archive-tables';
import { BATCH_SIGN_MIGRATION } from './batch-sign-tables';
import { SIGNING_APPROVAL_MIGRATION } from './signing-approval-tables';
import { COUNTERPART_MIGRATION } from './counterpart-tables';
import { REVOCATION_MIGRATION } from './revocation-tables';
import { MESSAGE_STREAM_MIGRATION } from './message-stream-tables';
import { FEE_MIGRATION } from './fee-tables';
import { ORDER_MIGRATION } from './order-tables';
import { INVOICE_MIGRATION } from './invoice-tables';
import { EVIDENCE_REPORT_MIGRATION } from './evidence-report-tables';
import { INTEGRATION_MIGRATION } from './integration-tables';
import { CERTIFICATE_MIGRATION } from './certificate-tables';
import { OPEN_API_MIGRATION } from './open-api-tables';
import { HARDWARE_KEY_MIGRATION } from './hardware-key-tables';
import { JOB_REQUEST_MIGRATION } from './job-request-tables';

/**
 * The database's migrations, in order; each runs once, in a transaction, recorded in
 * `schema_migrations`. SQL stays within what PostgreSQL 15 has (PGlite is PostgreSQL 18 inside).
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'tenants, users, companies',
    sql: `
CREATE TABLE tenants (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  phone text NOT NULL,
  name text NOT NULL DEFAULT '',
  password_hash text,
  real_name_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, phone)
);
CREATE TABLE companies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  full_name text NOT NULL,
  auth_status smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, full_name)
);
CREATE TABLE company_members (
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'staff',
  PRIMARY KEY (company_id, user_id)
);
`,
  },
  {
    version: 2,
    name: 'signing key and refresh tokens',
    sql: `
CREATE TABLE server_keys (
  id text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE refresh_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id bigint,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
`,
  },
  {
    version: 3,
    name: 'verification codes, graphic captchas, rate limits',
    sql: `
CREATE TABLE sms_codes (
  tenant_id text NOT NULL REFERENCES tenants (id),
  phone text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  failed_tries integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, phone, purpose)
);
CREATE TABLE sms_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone text NOT NULL,
  code text NOT NULL,
  purpose text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone ON sms_outbox (phone, id);
CREATE TABLE captchas (
  key text PRIMARY KEY,
  answer_hash text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captchas_expiry ON captchas (expires_at);
CREATE TABLE rate_events (
  bucket text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_bucket ON rate_events (bucket, at);
CREATE INDEX rate_events_at ON rate_events (at);
`,
  },
  APP_SHELL_MIGRATION,
  CONTRACT_MIGRATION,
  SESSION_MIGRATION,
  DOCUMENT_MIGRATION,
  TEMPLATE_MIGRATION,
  AUDIT_MIGRATION,
  SIGNING_MIGRATION,
  CONTRACT_ROLES_MIGRATION,
  CONTRACT_DOCUMENT_MIGRATION,
  CONTRACT_TURN_MIGRATION,
  CONTRACT_FILE_MIGRATION,
  CONTRACT_LIFE_MIGRATION,
  COMPANY_ROLE_MIGRATION,
  STAFF_MIGRATION,
  COMPANY_INFO_MIGRATION,
  SUB_COMPANY_MIGRATION,
  REAL_NAME_MIGRATION,
  COMPANY_AUTH_MIGRATION,
  USER_CENTER_MIGRATION,
  SEAL_MIGRATION,
  CONTRACT_DRAFT_MIGRATION,
  MESSAGE_LINK_MIGRATION,
  MESSAGE_LANGUAGE_MIGRATION,
  SESSION_REVOCATION_MIGRATION,
  STORAGE_SWEEP_MIGRATION,
  DOCUMENT_CLEANING_MIGRATION,
  CONTRACT_MANAGE_MIGRATION,
  WORKFLOW_MIGRATION,
  ACCOUNT_CLOSING_MIGRATION,
  CONTRACT_ARCHIVE_MIGRATION,
  BATCH_SIGN_MIGRATION,
  SIGNING_APPROVAL_MIGRATION,
  REVOCATION_MIGRATION,
  COUNTERPART_MIGRATION,
  MESSAGE_STREAM_MIGRATION,
  ORDER_MIGRATION,
  INVOICE_MIGRATION,
  FEE_MIGRATION,
  EVIDENCE_REPORT_MIGRATION,
  INTEGRATION_MIGRATION,
  CERTIFICATE_MIGRATION,
  OPEN_API_MIGRATION,
  HARDWARE_KEY_MIGRATION,
  JOB_REQUEST_MIGRATION,
];
