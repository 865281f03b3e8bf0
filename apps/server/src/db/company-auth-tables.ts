/**
 * Migration 21: company real-name verification (packages/platform/src/company-auth.ts).
 *
 * - `company_auth_applications`: a user's application to verify a company (or an individual
 *   business): its name, credit code and legal representative, the method chosen and its state.
 *   `status`: pending → approved (a method succeeded: `company_id` names the company made then),
 *   pending_review (the signed authorisation letter, `letter_key` in private storage, waits for a
 *   platform operator), rejected (an operator refused the letter, `review_reason`), failed (three
 *   wrong micro-payment amounts), withdrawn (remove-connect). At most one unfinished application
 *   (pending or pending_review) per user. The micro-payment's amount is kept in cents with the
 *   wrong tries counted; the face check by the provider's reference.
 * - `dev_payment_transfers`: what the development payment provider "paid" (no money moves).
 *
 * An operator approves a letter by calling `approveApplication` (company-auth/approve.ts) in a
 * transaction, and rejects it by setting status 'rejected' with `review_reason`, `reviewed_by` and
 * `reviewed_at` on a row that is 'pending_review'.
 */
export const COMPANY_AUTH_MIGRATION = {
  version: 21,
  name: 'company real-name verification',
  sql: `
CREATE TABLE company_auth_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('company', 'business')),
  full_name text NOT NULL,
  credit_code text NOT NULL,
  legal_name text NOT NULL,
  legal_phone text NOT NULL DEFAULT '',
  method text CHECK (method IN ('legal', 'payment', 'letter', 'face')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'pending_review',
    'approved', 'rejected', 'failed', 'withdrawn')),
  bank_code text,
  bank_account text,
  payment_provider text,
  payment_reference text,
  payment_cents smallint CHECK (payment_cents BETWEEN 1 AND 99),
  payment_tries smallint NOT NULL DEFAULT 0,
  face_provider text,
  face_reference text,
  letter_key text,
  letter_type text CHECK (letter_type IN ('pdf', 'jpeg', 'png')),
  review_reason text CHECK (char_length(review_reason) <= 200),
  reviewed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  company_id bigint REFERENCES companies (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_auth_open ON company_auth_applications (user_id)
  WHERE status IN ('pending', 'pending_review');
CREATE INDEX company_auth_user ON company_auth_applications (user_id, id);
CREATE INDEX company_auth_review ON company_auth_applications (tenant_id, id)
  WHERE status = 'pending_review';

CREATE TABLE dev_payment_transfers (
  reference text PRIMARY KEY,
  bank_code text NOT NULL,
  account text NOT NULL,
  amount_cents smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
