/**
 * Migration 40: what a console spends (issue 33; packages/platform `fees.ts`).
 *
 * - `sign_packages.unit` / `orders.unit`: a package holds signings or evidence report copies;
 *   orders copy it (their `signings_*` columns count that unit). Two packages of copies go on sale.
 * - `fee_gifts`: units the platform gave a console — every console's welcome gift (one of each
 *   unit, granted on its first fee activity: a partial unique index keeps it to one) and an
 *   operator's gifts — each with its own expiry; `used` never passes `total`.
 * - `fee_consumptions`: each unit taken — by a contract at initiation, by an evidence report when
 *   applied for — from one source (an order or a gift), `held` until the contract completes (then
 *   `consumed`) or ends otherwise (then `returned`, its source's count given back). One signing a
 *   contract (a unique index). The contract's number and name are copied so a record outlives it.
 * - A trigger settles a contract's held signing (not an evidence copy a report of it holds) whenever its status changes to an end, whichever
 *   code path changes it (signing, refusing, withdrawing, the deadline job, approvals), in that
 *   same transaction.
 */
export const FEE_MIGRATION = {
  version: 40,
  name: 'fee units, gifts and consumption',
  sql: `
ALTER TABLE sign_packages ADD COLUMN unit text NOT NULL DEFAULT 'signing'
  CHECK (unit IN ('signing', 'evidence'));
ALTER TABLE orders ADD COLUMN unit text NOT NULL DEFAULT 'signing'
  CHECK (unit IN ('signing', 'evidence'));
INSERT INTO sign_packages (kind, unit, name, name_zh, signings, price_fen, valid_days, position) VALUES
  ('personal', 'evidence', 'Evidence reports 2', '出证 2 份', 2, 4000, 365, 10),
  ('enterprise', 'evidence', 'Evidence reports 10', '出证 10 份', 10, 18000, 365, 10);
CREATE INDEX orders_spendable ON orders (tenant_id, console_key, unit, expires_at)
  WHERE status = 'inEffect';

CREATE TABLE fee_gifts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  console_key text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('signing', 'evidence')),
  reason text NOT NULL CHECK (reason IN ('welcome', 'operator')),
  note text NOT NULL DEFAULT '',
  total integer NOT NULL CHECK (total > 0),
  used integer NOT NULL DEFAULT 0,
  granted_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK (used BETWEEN 0 AND total),
  CHECK (expires_at > granted_at)
);
CREATE UNIQUE INDEX fee_gifts_welcome ON fee_gifts (tenant_id, console_key, unit)
  WHERE reason = 'welcome';
CREATE INDEX fee_gifts_console ON fee_gifts (tenant_id, console_key, unit, expires_at);

CREATE TABLE fee_consumptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  console_key text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('signing', 'evidence')),
  source_kind text NOT NULL CHECK (source_kind IN ('order', 'gift')),
  source_id bigint NOT NULL,
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'consumed', 'returned')),
  contract_id bigint REFERENCES contracts (id) ON DELETE SET NULL,
  contract_number text NOT NULL DEFAULT '',
  contract_name text NOT NULL DEFAULT '',
  report_id bigint,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  user_name text NOT NULL DEFAULT '',
  taken_at timestamptz NOT NULL,
  settled_at timestamptz,
  CHECK ((state = 'held') = (settled_at IS NULL))
);
CREATE UNIQUE INDEX fee_consumptions_contract ON fee_consumptions (contract_id)
  WHERE unit = 'signing';
CREATE INDEX fee_consumptions_console ON fee_consumptions (tenant_id, console_key, taken_at DESC, id DESC);
CREATE INDEX fee_consumptions_held ON fee_consumptions (source_kind, source_id) WHERE state = 'held';

CREATE FUNCTION fee_settle_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'completed' THEN
    UPDATE fee_consumptions SET state = 'consumed', settled_at = now()
      WHERE contract_id = NEW.id AND unit = 'signing' AND state = 'held';
  ELSIF NEW.status IN ('refused', 'approval_rejected', 'expired', 'withdrawn', 'cancelled') THEN
    UPDATE orders o SET signings_used = o.signings_used - 1 FROM fee_consumptions c
      WHERE c.contract_id = NEW.id AND c.unit = 'signing' AND c.state = 'held' AND c.source_kind = 'order' AND o.id = c.source_id;
    UPDATE fee_gifts g SET used = g.used - 1 FROM fee_consumptions c
      WHERE c.contract_id = NEW.id AND c.unit = 'signing' AND c.state = 'held' AND c.source_kind = 'gift' AND g.id = c.source_id;
    UPDATE fee_consumptions SET state = 'returned', settled_at = now()
      WHERE contract_id = NEW.id AND unit = 'signing' AND state = 'held';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER contracts_fee_settle AFTER UPDATE OF status ON contracts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION fee_settle_contract();
`,
};
