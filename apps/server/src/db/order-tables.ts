/**
 * Migration 39: signing packages, orders and their payment (issue 33; packages/platform ORDERS.md).
 *
 * - `sign_packages`: what is on sale, for personal consoles or companies: signings, price in fen,
 *   days of validity. The platform's starting range is inserted here; an operator changes it in
 *   the table (no screen yet).
 * - `orders`: one purchase of a console (`console_key` `c<company>` or `u<user>`, as counterparts
 *   and the archive key consoles), with what was bought copied from the package at that moment
 *   (a later price change does not rewrite an order). Money is bigint fen; `amount_fen` is the
 *   unit price times the quantity by a CHECK, and `signings_used` never passes `signings_total`.
 *   `status` is one of ORDER_STATUSES and changes only through `nextOrderStatus`.
 * - `payment_charges`: each QR code asked for an order (its provider, method, the provider's
 *   reference, expiry). The order can be paid until its last one expires.
 * - `payment_notices`: every notice a provider sent, kept by its id, so that the same notice twice
 *   is answered as handled without paying twice, and so that what happened can be read later.
 */
export const ORDER_MIGRATION = {
  version: 39,
  name: 'signing packages and orders',
  sql: `
CREATE TABLE sign_packages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('personal', 'enterprise')),
  name text NOT NULL,
  name_zh text NOT NULL,
  signings integer NOT NULL CHECK (signings > 0),
  price_fen bigint NOT NULL CHECK (price_fen >= 0),
  valid_days integer NOT NULL CHECK (valid_days > 0),
  on_sale boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);
INSERT INTO sign_packages (kind, name, name_zh, signings, price_fen, valid_days, position) VALUES
  ('personal', 'Personal 10', '个人 10 份', 10, 3000, 365, 1),
  ('personal', 'Personal 50', '个人 50 份', 50, 12000, 365, 2),
  ('enterprise', 'Enterprise 100', '企业 100 份', 100, 50000, 365, 1),
  ('enterprise', 'Enterprise 500', '企业 500 份', 500, 200000, 365, 2),
  ('enterprise', 'Enterprise 2,000', '企业 2,000 份', 2000, 600000, 365, 3);

CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  number text NOT NULL,
  console_key text NOT NULL,
  company_id bigint REFERENCES companies (id),
  buyer_user_id bigint NOT NULL REFERENCES users (id),
  package_id bigint NOT NULL REFERENCES sign_packages (id),
  package_kind text NOT NULL CHECK (package_kind IN ('personal', 'enterprise')),
  package_name text NOT NULL,
  package_name_zh text NOT NULL,
  signings_each integer NOT NULL CHECK (signings_each > 0),
  unit_price_fen bigint NOT NULL CHECK (unit_price_fen >= 0),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
  amount_fen bigint NOT NULL CHECK (amount_fen = unit_price_fen * quantity),
  signings_total integer NOT NULL CHECK (signings_total = signings_each * quantity),
  signings_used integer NOT NULL DEFAULT 0 CHECK (signings_used BETWEEN 0 AND signings_total),
  valid_days integer NOT NULL,
  status text NOT NULL DEFAULT 'pendingPayment' CHECK (status IN ('pendingPayment',
    'pendingEffect', 'inEffect', 'invalid', 'terminated')),
  invalid_reason text CHECK (invalid_reason IN ('lapsed', 'cancelled', 'expired')),
  starts_on date NOT NULL,
  pay_before timestamptz,
  paid_at timestamptz,
  payment_method text CHECK (payment_method IN ('alipay', 'wechat', 'unionpay')),
  payment_reference text,
  effective_at timestamptz,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, number),
  CHECK ((status = 'invalid') = (invalid_reason IS NOT NULL))
);
CREATE INDEX orders_console ON orders (tenant_id, console_key, created_at DESC, id DESC);
CREATE INDEX orders_pending ON orders (pay_before) WHERE status = 'pendingPayment';

CREATE TABLE payment_charges (
  reference text PRIMARY KEY,
  provider text NOT NULL,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('alipay', 'wechat', 'unionpay')),
  amount_fen bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX payment_charges_order ON payment_charges (order_id);

CREATE TABLE payment_notices (
  provider text NOT NULL,
  notice_id text NOT NULL,
  reference text,
  order_id bigint REFERENCES orders (id) ON DELETE SET NULL,
  outcome text NOT NULL,
  amount_fen bigint,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, notice_id)
);
`,
};
