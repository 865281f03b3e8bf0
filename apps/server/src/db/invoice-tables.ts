/**
 * Migration 41: invoice requests of paid orders (issue 33; packages/platform INVOICES.md).
 *
 * - `invoice_requests`: one request of a console (`console_key` `c<company>` or `u<user>`, as the
 *   orders key them): its type, form, title and the fields its type and form need, its total and
 *   the courier fee it was shown (paper only, paid to the courier on delivery), its state (one of
 *   INVOICE_STATUSES, changed only through `nextInvoiceStatus`) and what each state records: the
 *   invoice's number, who issued it and where an electronic one was sent; a paper one's tracking
 *   number; a rejection's reason. Money is bigint fen.
 * - `invoice_items`: the orders a request invoices and the amount of each. What an order's items
 *   sum to over the requests that are not rejected never passes the order's `amount_fen`: the
 *   server checks it with the orders' rows locked (`FOR UPDATE`), so that two requests at once
 *   cannot both take the last of an order.
 */
export const INVOICE_MIGRATION = {
  version: 41,
  name: 'invoice requests',
  sql: `
CREATE TABLE invoice_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  number text NOT NULL,
  console_key text NOT NULL,
  company_id bigint REFERENCES companies (id),
  requested_by bigint NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('vatGeneral', 'vatSpecial')),
  form text NOT NULL CHECK (form IN ('electronic', 'paper')),
  title text NOT NULL,
  taxpayer_number text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  registered_address text NOT NULL DEFAULT '',
  registered_phone text NOT NULL DEFAULT '',
  bank_name text NOT NULL DEFAULT '',
  bank_account text NOT NULL DEFAULT '',
  recipient text NOT NULL DEFAULT '',
  recipient_phone text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  courier_fee_fen bigint NOT NULL DEFAULT 0 CHECK (courier_fee_fen >= 0),
  status text NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'issued', 'mailed', 'rejected')),
  invoice_number text,
  issuer text,
  sent_to text,
  issued_at timestamptz,
  tracking_number text,
  mailed_at timestamptz,
  reject_reason text,
  rejected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, number),
  CHECK (form = 'paper' OR courier_fee_fen = 0),
  CHECK (status <> 'mailed' OR form = 'paper'),
  CHECK ((status IN ('issued', 'mailed')) = (invoice_number IS NOT NULL)),
  CHECK ((status = 'mailed') = (tracking_number IS NOT NULL)),
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);
CREATE INDEX invoice_requests_console
  ON invoice_requests (tenant_id, console_key, created_at DESC, id DESC);
CREATE INDEX invoice_requests_waiting ON invoice_requests (created_at, id)
  WHERE status IN ('requested', 'issued');

CREATE TABLE invoice_items (
  request_id bigint NOT NULL REFERENCES invoice_requests (id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders (id),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  PRIMARY KEY (request_id, order_id)
);
CREATE INDEX invoice_items_order ON invoice_items (order_id);
`,
};
