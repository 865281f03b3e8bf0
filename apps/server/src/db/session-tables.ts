/**
 * Migration 6: refresh-token families. Every refresh token descends from one login: `family_id`
 * is the id of that login's first token (null on the first token itself), `parent_id` the token it
 * replaced. Rotation stamps `rotated_at` instead of revoking, so that the same token presented
 * again within the reuse interval (two tabs, a retried request) gets the same new pair, and one
 * presented after it revokes the whole family, as a stolen token should.
 */
export const SESSION_MIGRATION = {
  version: 6,
  name: 'refresh-token families and rotation',
  sql: `
ALTER TABLE refresh_tokens
  ADD COLUMN family_id bigint,
  ADD COLUMN parent_id bigint,
  ADD COLUMN rotated_at timestamptz;
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id) WHERE family_id IS NOT NULL;
CREATE INDEX refresh_tokens_parent ON refresh_tokens (parent_id) WHERE parent_id IS NOT NULL;
`,
};
