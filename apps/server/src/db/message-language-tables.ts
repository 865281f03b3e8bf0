/**
 * Migration 26: the message centre in the reader's language (spec 001 §4 "Messages"). The server
 * wrote its messages with both languages run together (`title` 'English / 中文', `content`
 * 'English\n中文'), so every reader saw both. From now on `title` and `content` hold the English
 * text and `title_zh` and `content_zh` the Chinese; the page call (messages/routes.ts) gives the
 * request's language (`Lang`). Null: no Chinese text, the reader sees `title`/`content`. Nothing is
 * backfilled: the messages written before keep their combined text, shown as it is in either
 * language.
 */
export const MESSAGE_LANGUAGE_MIGRATION = {
  version: 26,
  name: 'messages in the reader language',
  sql: `
ALTER TABLE messages ADD COLUMN IF NOT EXISTS title_zh text, ADD COLUMN IF NOT EXISTS content_zh text;
`,
};
