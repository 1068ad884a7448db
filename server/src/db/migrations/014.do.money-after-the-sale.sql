-- Money after the sale (issue 30): what the lender authorized for a granted application and, of
-- that, what was captured (paid to the merchant), refunded (paid back to the customer) and
-- cancelled (never to be captured), as the lender last read it; for a lease, when its delivery
-- was confirmed. And the merchant's operations that move it (capture, refund, cancel, confirm
-- delivery): each kept before it is sent, sent by a job that holds a lease on it, so an operation
-- is never lost and never sent twice, and a merchant's retry with the same Idempotency-Key finds it.
ALTER TABLE applications
  ADD COLUMN money_authorized numeric(14, 2),
  ADD COLUMN money_captured numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN money_refunded numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN money_cancelled numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN delivery_confirmed_at timestamptz;

CREATE TABLE money_operations (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id  uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  merchant_id     text NOT NULL REFERENCES merchants (id),
  -- The merchant's Idempotency-Key, and the SHA-256 of its canonical request: the same key with
  -- another request is a conflict.
  idempotency_key text NOT NULL,
  request_hash    text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('capture', 'refund', 'cancel', 'confirm-delivery')),
  -- The operation's amount including VAT (null for a delivery confirmation), and its lines:
  -- [{"sku", "quantity"}] of the application's items, or [] for an amount alone.
  amount          numeric(14, 2) CHECK (amount IS NULL OR amount > 0),
  lines           jsonb NOT NULL DEFAULT '[]',
  -- For a delivery: [{"sku", "serialNumber"}] and the day, as the merchant gave them.
  delivery        jsonb,
  state           text NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  -- While a job sends it: nobody else does until this has passed.
  lease_until     timestamptz,
  -- Why it failed: the catalogue's code, never the lender's words.
  failure_code    text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  completed_at    timestamptz,
  UNIQUE (merchant_id, idempotency_key)
);
CREATE INDEX money_operations_application_idx ON money_operations (application_id, created_at);
CREATE INDEX money_operations_pending_idx ON money_operations (created_at) WHERE state = 'pending';
