/**
 * Migration 20: personal real-name verification (packages/platform/src/real-name.ts).
 *
 * - `users.platform_operator`: the account decides manual reviews of its tenant (a platform role,
 *   not a company one; set by `npm run operator -w @esign/server -- <phone>`).
 * - `real_name_identities`: who verified with which ID number, as a keyed hash (never the number in
 *   clear): the primary key holds one ID number to one account per tenant, `user_id` one
 *   identity per account. `method`: phone, face, bankCard or manual.
 * - `real_name_face_checks`: a face check started for a claimed person, answered once passed.
 * - `real_name_reviews`: manual reviews with the two ID photos in private storage (`*_key`), the
 *   ID number hashed and masked for the operator; at most one pending per account.
 */
export const REAL_NAME_MIGRATION = {
  version: 20,
  name: 'personal real-name verification and operators',
  sql: `
ALTER TABLE users ADD COLUMN platform_operator boolean NOT NULL DEFAULT false;
CREATE TABLE real_name_identities (
  tenant_id text NOT NULL REFERENCES tenants (id),
  id_hash text NOT NULL,
  user_id bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  method text NOT NULL CHECK (method IN ('phone', 'face', 'bankCard', 'manual')),
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id_hash)
);
CREATE TABLE real_name_face_checks (
  reference text PRIMARY KEY,
  provider text NOT NULL,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  id_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX real_name_face_checks_user ON real_name_face_checks (user_id);
CREATE TABLE real_name_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  id_hash text NOT NULL,
  id_masked text NOT NULL,
  front_key text NOT NULL,
  front_type text NOT NULL,
  back_key text NOT NULL,
  back_type text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text CHECK (char_length(reason) <= 200),
  decided_by bigint REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX real_name_reviews_pending ON real_name_reviews (user_id) WHERE status = 'pending';
CREATE INDEX real_name_reviews_tenant ON real_name_reviews (tenant_id, status, created_at);
`,
};
