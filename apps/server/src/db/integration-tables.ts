/**
 * Migration 43: application access (spec 001 §3 API access party, §5 Callback configuration, §7
 * systemAccess and systemAccessCallback; issue 34). `integrations/CONTEXT.md` says how they are used.
 *
 * - `access_parties`: a company's API access party — its business channel (`name`), its public
 *   `app_key` (unique on the platform: the open API finds the party by it alone), its API secret
 *   sealed with the secret box (label `access-party-secret`) and, for the overlap after a
 *   rotation, the previous one sealed the same way with the time it stops being accepted.
 * - `access_party_companies`: the party's associated companies beyond its main company (never the
 *   main company itself: the CHECK is the spec's rule, the server refuses it with its message
 *   first). Only those still affiliated to the main company (`sub_companies`) count when read.
 * - `access_callbacks`: one callback of a party: the URL, the connection and response timeouts
 *   (ms), the maximum retries, the notification types, the `whsec_` signing secret sealed (label
 *   `callback-signing-secret`) and the previous one for the overlap after a rotation; disabled with
 *   a reason (an endpoint that answered 410 Gone, or a person).
 * - `callback_deliveries`: one event for one callback: its `message_id` (the `webhook-id` header,
 *   the same on every attempt), the exact body signed, its state, the attempts made (in all, and in
 *   the current round: a manual resend starts a new one), when the next is due and the time after
 *   which the round makes none (`give_up_at`, a day after the event or the resend).
 * - `callback_attempts`: what each attempt got (HTTP status, time, duration, the first 1 KB of the
 *   answer, the error); pruned after 30 days with the deliveries that ended then.
 */
export const INTEGRATION_MIGRATION = {
  version: 43,
  name: 'application access: access parties, callbacks and deliveries',
  sql: `
CREATE TABLE access_parties (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  app_key text NOT NULL UNIQUE,
  secret_sealed text NOT NULL,
  previous_secret_sealed text,
  previous_secret_until timestamptz,
  secret_rotated_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((previous_secret_sealed IS NULL) = (previous_secret_until IS NULL))
);
CREATE INDEX access_parties_company ON access_parties (tenant_id, company_id, id DESC);

CREATE TABLE access_party_companies (
  party_id bigint NOT NULL REFERENCES access_parties (id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  PRIMARY KEY (party_id, company_id)
);
CREATE INDEX access_party_companies_company ON access_party_companies (company_id);

CREATE TABLE access_callbacks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  party_id bigint NOT NULL UNIQUE REFERENCES access_parties (id) ON DELETE CASCADE,
  url text NOT NULL,
  connect_timeout_ms integer NOT NULL,
  response_timeout_ms integer NOT NULL,
  max_retries integer NOT NULL CHECK (max_retries >= 0),
  event_types text[] NOT NULL DEFAULT '{}',
  signing_secret_sealed text NOT NULL,
  previous_signing_secret_sealed text,
  previous_signing_secret_until timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((previous_signing_secret_sealed IS NULL) = (previous_signing_secret_until IS NULL))
);
CREATE INDEX access_callbacks_company ON access_callbacks (tenant_id, company_id, id DESC);

CREATE TABLE callback_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  callback_id bigint NOT NULL REFERENCES access_callbacks (id) ON DELETE CASCADE,
  message_id text NOT NULL UNIQUE,
  event_type text NOT NULL,
  contract_id bigint REFERENCES contracts (id) ON DELETE SET NULL,
  body text NOT NULL,
  test boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  round_attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  give_up_at timestamptz NOT NULL,
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (ended_at IS NULL))
);
CREATE INDEX callback_deliveries_callback ON callback_deliveries (callback_id, id DESC);
CREATE INDEX callback_deliveries_ended ON callback_deliveries (ended_at) WHERE ended_at IS NOT NULL;

CREATE TABLE callback_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES callback_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  response_excerpt text NOT NULL DEFAULT '',
  error text,
  UNIQUE (delivery_id, attempt)
);
CREATE INDEX callback_attempts_at ON callback_attempts (at);
`,
};
