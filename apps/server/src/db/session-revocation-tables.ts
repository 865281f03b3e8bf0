/**
 * Migration 27: sessions that end at once. A session is one login: the refresh-token family whose
 * first token's id every access token of the login carries (`sid`, see auth/sessions.ts). Ending
 * it stamps `revoked_at` on the family, and the route helper refuses the session's access tokens
 * from then on, on every server process. `revoked_reason` keeps why (logout, a password change or
 * reset, a refresh token reused, the account closed, an operator), so that support can answer a
 * user who asks why they were signed out; null for the tokens revoked before, or by a company's
 * write-off.
 */
export const SESSION_REVOCATION_MIGRATION = {
  version: 27,
  name: 'sessions end at once, with their reason',
  sql: `
ALTER TABLE refresh_tokens
  ADD COLUMN IF NOT EXISTS revoked_reason text
    CHECK (revoked_reason IN ('logout', 'passwordChanged', 'passwordReset', 'refreshReuse',
                              'accountClosed', 'operator'));
`,
};
