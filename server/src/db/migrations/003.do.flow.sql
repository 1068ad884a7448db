-- What follows a submission: events sent to the merchant (the webhook outbox), business
-- signing orders, renewal orders chosen on the apply screen, and the subscriptions an approved
-- application becomes (listed for renewal in a later application of the same customer).

CREATE TABLE webhook_events (
  -- The stable event id the merchant sees (at-least-once delivery: it deduplicates on it).
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  url            text NOT NULL,
  payload        jsonb NOT NULL,
  attempts       integer NOT NULL DEFAULT 0,
  last_status    integer,
  delivered_at   timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_application_idx ON webhook_events (application_id, created_at);

CREATE TABLE signing_orders (
  application_id    uuid PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  order_id          text NOT NULL UNIQUE,
  packaging_task_id text NOT NULL,
  packaging_status  text NOT NULL,
  -- [{ id, signerRef, name, status, signingUrl }]: names of signatories, no national IDs.
  tasks             jsonb NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE renewal_orders (
  application_id uuid PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  orders         jsonb NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Shown to the customer and in renewal orders.
  reference      text NOT NULL UNIQUE,
  application_id uuid UNIQUE REFERENCES applications (id) ON DELETE SET NULL,
  merchant_id    text NOT NULL REFERENCES merchants (id),
  national_id    text NOT NULL,
  country_code   text NOT NULL,
  monthly_payment numeric(14, 2) NOT NULL,
  start_date     date NOT NULL,
  end_date       date NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_national_id_idx ON subscriptions (national_id);

CREATE TABLE subscription_products (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id   uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  product_reference text NOT NULL UNIQUE,
  product_name      text NOT NULL,
  sku               text NOT NULL,
  serial_number     text NOT NULL,
  monthly_payment   numeric(14, 2) NOT NULL,
  residual_value    numeric(14, 2) NOT NULL,
  -- Set when a later application renews it.
  renewed_by        uuid REFERENCES applications (id) ON DELETE SET NULL
);
CREATE INDEX subscription_products_subscription_idx ON subscription_products (subscription_id);
