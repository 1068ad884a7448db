-- The provider side of applications: one provider application per portal application (the
-- submission lease makes submission idempotent), the log of provider calls, the terms priced by
-- the provider, and the sandbox simulators' own records.

ALTER TABLE applications ADD COLUMN pricing jsonb;

CREATE TABLE provider_applications (
  application_id   uuid PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  -- RESURS_V1 | RESURS_V2 | GRENKE
  provider         text NOT NULL,
  -- The provider's id (paymentId, financingId); null until the provider answered.
  external_id      text,
  -- The provider's own status word, as last seen.
  provider_status  text,
  -- SUBMITTING while a call is under way, SUBMITTED once the provider answered.
  submission_state text NOT NULL CHECK (submission_state IN ('SUBMITTING', 'SUBMITTED')),
  -- A SUBMITTING row older than this belongs to a caller that died: the next caller takes over.
  lease_until      timestamptz,
  attempts         integer NOT NULL DEFAULT 1,
  -- Where the customer goes next at the provider (task or signing page).
  customer_url     text,
  -- Provider details the portal keeps (never personal data).
  data             jsonb NOT NULL DEFAULT '{}',
  -- When the provider's status last changed, and when it was last asked.
  status_changed_at timestamptz,
  checked_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX provider_applications_external_idx ON provider_applications (provider, external_id);

CREATE TABLE provider_interactions (
  id             bigserial PRIMARY KEY,
  application_id uuid REFERENCES applications (id) ON DELETE CASCADE,
  provider       text NOT NULL,
  operation      text NOT NULL,
  http_status    integer,
  -- ok | unavailable | rate-limited | refused
  outcome        text NOT NULL,
  duration_ms    integer NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_interactions_application_idx ON provider_interactions (application_id, id);

-- The simulated outside parties keep their state here, so a sandbox flow survives a restart and
-- any instance can serve it.
CREATE TABLE sandbox_records (
  namespace  text NOT NULL,
  id         text NOT NULL,
  data       jsonb NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (namespace, id)
);
