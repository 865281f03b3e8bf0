/**
 * Migration 22: the user center (spec 001 §2): addresses and avatars.
 *
 * `user_addresses`: a user's addresses (spec 000 §3: name, phone, address), at most 20 each (the
 * server counts them under a lock on the user's row). `user_avatars`: one avatar per user, a PNG
 * or JPEG kept in storage under `storage_key`; `id` is the random, unguessable name its link
 * carries, renewed with every upload, and only its owner is answered.
 */
export const USER_CENTER_MIGRATION = {
  version: 22,
  name: 'user addresses and avatars',
  sql: `
CREATE TABLE user_addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  phone text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_addresses_user ON user_addresses (user_id, updated_at);
CREATE TABLE user_avatars (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  id uuid NOT NULL UNIQUE,
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
