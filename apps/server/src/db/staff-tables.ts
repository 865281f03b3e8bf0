/**
 * Migration 17: joining a company (spec 001 §7 Staff; packages/platform/src/staff.ts).
 *
 * - `staff_requests`: an invitation (`kind` 'invitation': a member invited `phone` into `role_id`;
 *   the account holding that phone in the tenant, now or once registered, accepts or declines it
 *   before `expires_at`) or an application (`kind` 'application': `user_id` asked to join; a member
 *   with staff:audit approves it into `role_id` or rejects it with `reason`). At most one pending
 *   request of a kind per company and phone. `status`: pending, accepted, declined (invitations),
 *   approved, rejected (applications), cancelled (an invitation withdrawn), expired (an invitation
 *   found pending past `expires_at` when the phone is invited again).
 * - `messages.redirect_type`: where opening a message leads (spec 001 §4: 1 = the staff list with
 *   ?isMsg=true); null for the messages written before, which lead nowhere in particular.
 */
export const STAFF_MIGRATION = {
  version: 17,
  name: 'invitations and applications to join a company',
  sql: `
CREATE TABLE staff_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('invitation', 'application')),
  phone text NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  role_id bigint REFERENCES company_roles (id) ON DELETE SET NULL,
  invited_by bigint REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined',
    'approved', 'rejected', 'cancelled', 'expired')),
  reason text CHECK (char_length(reason) <= 200),
  decided_by bigint REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'invitation' OR user_id IS NOT NULL)
);
CREATE UNIQUE INDEX staff_requests_pending ON staff_requests (company_id, kind, phone)
  WHERE status = 'pending';
CREATE INDEX staff_requests_phone ON staff_requests (tenant_id, phone) WHERE status = 'pending';
CREATE INDEX staff_requests_user ON staff_requests (user_id) WHERE user_id IS NOT NULL;

ALTER TABLE messages ADD COLUMN IF NOT EXISTS redirect_type smallint;
`,
};
