/**
 * Migration 15: who a contract concerns and whose move it is, kept on the contract's row, so that
 * the lists and the home screen's counts read two indexed arrays instead of joining every
 * contract's parties (a console's first page stays under 100 ms among 100,000 contracts).
 *
 * A party's console key names the console that acts for it: `c<id>` for a company on the platform,
 * `u<id>` for a person with an account, `p<phone>` for a person whose phone has no account (the
 * account that holds the phone later sees it, as `consoleParty` says). A company party whose
 * company is not on the platform has no key.
 *
 * - `contracts.party_consoles`: the keys of all its parties;
 * - `contracts.awaiting`: the keys of the parties the contract waits for now: while `filling`, a
 *   party that fills and has not filled in, signed nor refused; while `signing`, a party that signs and has
 *   not signed nor refused and, in a sequential order, has no signing party before it still to
 *   sign; while `completed` with a rescission asked for, a signing party that has not agreed to
 *   it yet; in any other status, none.
 *
 * And the rescission of a completed contract (contract/unsubscribe, signUnsubscribe):
 * `contracts.rescission_reason` and `rescission_requested_at` once a party asked for it,
 * `contract_participants.rescinded_at` once the party agreed.
 *
 * `contracts/turn.ts` (`refreshTurns`) recomputes both for the contracts a transaction changed;
 * whatever changes a contract's status or a party's progress calls it (contract/create, every
 * action through `actOnContract`, the expiry sweep).
 */

/** A party `p`'s console key, as an SQL expression (null: no console acts for it). */
export const PARTY_CONSOLE_KEY = `CASE
    WHEN p.company_name IS NOT NULL THEN 'c' || p.company_id::text
    WHEN p.user_id IS NOT NULL THEN 'u' || p.user_id::text
    ELSE 'p' || p.phone END`;

/** Whether the contract `c` waits for its party `p` now, as an SQL expression. */
export const AWAITING_RULE = `CASE
    WHEN c.status = 'filling' THEN p.fills AND p.filled_at IS NULL AND p.signed_at IS NULL
      AND p.refused_at IS NULL
    WHEN c.status = 'signing' THEN p.signs AND p.signed_at IS NULL AND p.refused_at IS NULL
      AND (c.signing_order = 'parallel' OR NOT EXISTS (
        SELECT 1 FROM contract_participants q WHERE q.contract_id = p.contract_id AND q.signs
          AND q.signed_at IS NULL AND q.refused_at IS NULL AND q.position < p.position))
    WHEN c.status = 'completed' THEN c.rescission_requested_at IS NOT NULL AND p.signs
      AND p.rescinded_at IS NULL
    ELSE false END`;

/** The SET list that recomputes both arrays of the contract `c`. */
export const CONTRACT_CONSOLES_SET = `
  party_consoles = COALESCE((SELECT array_agg(DISTINCT ${PARTY_CONSOLE_KEY} ORDER BY ${PARTY_CONSOLE_KEY})
      FILTER (WHERE ${PARTY_CONSOLE_KEY} IS NOT NULL)
    FROM contract_participants p WHERE p.contract_id = c.id), '{}'),
  awaiting = COALESCE((SELECT array_agg(DISTINCT ${PARTY_CONSOLE_KEY} ORDER BY ${PARTY_CONSOLE_KEY})
      FILTER (WHERE ${PARTY_CONSOLE_KEY} IS NOT NULL AND ${AWAITING_RULE})
    FROM contract_participants p WHERE p.contract_id = c.id), '{}')`;

export const CONTRACT_TURN_MIGRATION = {
  version: 15,
  name: 'who a contract concerns, whose move it is, and rescissions',
  sql: `
ALTER TABLE contracts
  ADD COLUMN party_consoles text[] NOT NULL DEFAULT '{}',
  ADD COLUMN awaiting text[] NOT NULL DEFAULT '{}',
  ADD COLUMN rescission_reason text,
  ADD COLUMN rescission_requested_at timestamptz;
ALTER TABLE contract_participants ADD COLUMN rescinded_at timestamptz;
UPDATE contracts c SET ${CONTRACT_CONSOLES_SET};
CREATE INDEX contracts_party_consoles ON contracts USING gin (party_consoles);
CREATE INDEX contracts_awaiting ON contracts USING gin (awaiting);
`,
};
