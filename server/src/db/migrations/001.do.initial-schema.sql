-- Merchants, their hashed API keys, applications with their customers, consents, the event
-- timeline and the sessions of the client API.

CREATE TABLE settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE merchants (
  id              text PRIMARY KEY,
  name            text NOT NULL,
  -- Origins that callbackUrl and webhookUrl may point to, e.g. https://shop.example.com
  allowed_origins text[] NOT NULL DEFAULT '{}',
  -- Shared secret for the HMAC-SHA256 signature of webhooks.
  webhook_secret  text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE merchant_api_keys (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id text NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  -- SHA-256 of the key; the key itself is never stored.
  key_hash    text NOT NULL UNIQUE,
  label       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);

CREATE TABLE applications (
  id                         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Opaque, unguessable: the only identifier that reaches the customer's browser.
  reference                  text NOT NULL UNIQUE,
  merchant_id                text NOT NULL REFERENCES merchants (id),
  merchant_payment_reference text NOT NULL,
  -- SHA-256 of the canonical request, for idempotent creation.
  request_hash               text NOT NULL,
  country_code               text NOT NULL CHECK (country_code IN ('NO', 'SE')),
  customer_type              text NOT NULL CHECK (customer_type IN ('PRIVATE', 'LEGAL')),
  provider                   text NOT NULL CHECK (provider IN ('RESURS', 'GRENKE')),
  version                    smallint NOT NULL CHECK (version IN (1, 2)),
  loan_amount                numeric(14, 2) NOT NULL CHECK (loan_amount > 0),
  loan_period                integer NOT NULL CHECK (loan_period > 0),
  currency                   text NOT NULL CHECK (currency IN ('NOK', 'SEK')),
  items                      jsonb NOT NULL DEFAULT '[]',
  callback_url               text NOT NULL,
  webhook_url                text,
  status                     text NOT NULL,
  outcome                    text,
  is_renewal                 boolean NOT NULL DEFAULT false,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, merchant_payment_reference)
);

CREATE TABLE customers (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id      uuid NOT NULL UNIQUE REFERENCES applications (id) ON DELETE CASCADE,
  type                text NOT NULL CHECK (type IN ('PRIVATE', 'LEGAL')),
  -- Normalised: 11 digits (NO) or 12 digits (SE). For LEGAL, the signatory's.
  national_id         text,
  first_name          text,
  last_name           text,
  company_name        text,
  organisation_number text,
  email               text,
  phone               text,
  address             text,
  postal_code         text,
  city                text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_national_id_idx ON customers (national_id);

CREATE TABLE consents (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  type           text NOT NULL,
  -- Which text the customer saw: its version and the words themselves, in their language.
  text_version   text NOT NULL,
  language       text NOT NULL,
  text           text NOT NULL,
  accepted       boolean NOT NULL,
  -- A hash of the session that gave it, never the session id itself.
  session_ref    text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consents_application_idx ON consents (application_id);

CREATE TABLE application_events (
  id             bigserial PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  type           text NOT NULL,
  status         text,
  outcome        text,
  -- Never national IDs or contact data.
  detail         jsonb,
  created_at     timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX application_events_application_idx ON application_events (application_id, id);

CREATE TABLE sessions (
  -- SHA-256 of the session id: a copy of the table does not hand out live sessions.
  id_hash    text PRIMARY KEY,
  data       jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
