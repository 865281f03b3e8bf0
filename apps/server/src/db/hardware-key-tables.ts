/**
 * Migration 45: hardware-key login (issue 34; hardware-keys/CONTEXT.md).
 *
 * - `hardware_keys`: the keys' certificates users registered — the certificate (DER), its serial,
 *   SHA-256 fingerprint, subject, issuer, validity and SM2 public key, where it came from (issued
 *   by the platform's authority or uploaded as the key held it), when it last logged in, and when
 *   and why it was removed (the row stays: a login with it says there is no such certificate).
 *   One live registration per certificate in a tenant.
 * - `hardware_key_randoms`: the one-time randoms of generateSM2ServerRandom and of registration,
 *   by the SHA-256 of the random (never the random itself), with their purpose, the registering
 *   user, expiry and when spent — in the database, so that every server process agrees on which
 *   random is still good.
 * - the user center's page /user-center/hardware-key in the sidebar's routes, after addresses.
 */
export const HARDWARE_KEY_MIGRATION = {
  version: 45,
  name: 'hardware-key login',
  sql: `
CREATE TABLE hardware_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL REFERENCES users (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
  source text NOT NULL CHECK (source IN ('issued', 'uploaded')),
  serial text NOT NULL CHECK (serial ~ '^[0-9a-f]{1,64}$'),
  fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  public_key text NOT NULL CHECK (public_key ~ '^04[0-9a-f]{128}$'),
  subject text NOT NULL,
  issuer text NOT NULL,
  certificate text NOT NULL CHECK (certificate ~ '^[A-Za-z0-9+/]+={0,2}$'),
  not_before timestamptz NOT NULL,
  not_after timestamptz NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  removed_at timestamptz,
  removed_reason text CHECK (removed_reason IN ('user')),
  CHECK ((removed_at IS NULL) = (removed_reason IS NULL))
);
CREATE UNIQUE INDEX hardware_keys_live_fingerprint
  ON hardware_keys (tenant_id, fingerprint) WHERE removed_at IS NULL;
CREATE INDEX hardware_keys_user ON hardware_keys (user_id, registered_at DESC);

CREATE TABLE hardware_key_randoms (
  random_hash text PRIMARY KEY CHECK (random_hash ~ '^[0-9a-f]{64}$'),
  tenant_id text NOT NULL REFERENCES tenants (id),
  purpose text NOT NULL CHECK (purpose IN ('login', 'register')),
  user_id bigint REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((purpose = 'register') = (user_id IS NOT NULL))
);
CREATE INDEX hardware_key_randoms_expiry ON hardware_key_randoms (expires_at);

UPDATE menus SET sort = sort + 1
WHERE parent_id = (SELECT id FROM menus WHERE path = '/user-center') AND sort >= 5;
INSERT INTO menus (parent_id, path, name, code, hidden, sort, scope)
SELECT id, '/user-center/hardware-key', 'route.user-center.hardware-key',
       'user-center:hardware-key', false, 5, 'both'
FROM menus WHERE path = '/user-center';
`,
};
