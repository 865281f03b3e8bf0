/**
 * Migration 25: what a message is about, so that opening it can lead there (spec 001 §4 "Messages";
 * `MESSAGE_REDIRECT` in packages/platform). `messages.business_id` holds the id the redirect needs
 * beside `redirect_type` (migration 17): a contract's id for the contract messages (redirect 7, the
 * platform's own: the specification lists no target for them), a template's for a template preview.
 * Text, as the ids the client is given are. Null for the messages written before, and for those
 * whose redirect needs no id; nothing is backfilled (the old contract messages lead nowhere).
 */
export const MESSAGE_LINK_MIGRATION = {
  version: 25,
  name: 'what a message is about',
  sql: `
ALTER TABLE messages ADD COLUMN IF NOT EXISTS business_id text;
`,
};
