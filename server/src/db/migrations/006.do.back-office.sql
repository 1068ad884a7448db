-- The back office: operator sessions, the append-only audit log, merchant administration (state,
-- default webhook URL, secret rotation, provider settings, key prefixes and last use) and the
-- log of every webhook delivery attempt.

-- Sessions of the lender's operators, apart from customers' sessions: their own cookie, their own
-- lifetime, and an operator's session can be revoked by an admin.
CREATE TABLE operator_sessions (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 of the cookie's token: a copy of the table does not hand out live sessions.
  token_hash       text NOT NULL UNIQUE,
  operator_subject text NOT NULL,
  operator_name    text NOT NULL,
  operator_email   text,
  roles            text[] NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_seen_at     timestamptz NOT NULL DEFAULT now(),
  -- The end of the shift: no request extends it.
  expires_at       timestamptz NOT NULL,
  revoked_at       timestamptz
);
CREATE INDEX operator_sessions_expires_idx ON operator_sessions (expires_at);

-- Who did what, when, to which record, and why. Rows are only ever added.
CREATE TABLE audit_log (
  id               bigserial PRIMARY KEY,
  at               timestamptz NOT NULL DEFAULT clock_timestamp(),
  operator_subject text NOT NULL,
  operator_name    text NOT NULL,
  action           text NOT NULL,
  target_type      text,
  target_id        text,
  reason           text,
  -- Never national IDs, contact data or secrets.
  detail           jsonb
);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

ALTER TABLE merchants ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE merchants ADD COLUMN deactivated_at timestamptz;
-- Where webhooks go when an application names no webhookUrl of its own.
ALTER TABLE merchants ADD COLUMN webhook_url text;
-- After a rotation the previous secret signs deliveries too, until it expires.
ALTER TABLE merchants ADD COLUMN previous_webhook_secret text;
ALTER TABLE merchants ADD COLUMN previous_secret_expires_at timestamptz;
-- The merchant's own settings at the lenders (Resurs store ID, Resurs credentials per country).
ALTER TABLE merchants ADD COLUMN provider_settings jsonb NOT NULL DEFAULT '{}';

-- The first characters of a key, kept to tell keys apart in lists; the key itself is never stored.
ALTER TABLE merchant_api_keys ADD COLUMN prefix text;
ALTER TABLE merchant_api_keys ADD COLUMN last_used_at timestamptz;

-- Every attempt to deliver a webhook: automatic deliveries and operators' resends.
CREATE TABLE webhook_delivery_attempts (
  id           bigserial PRIMARY KEY,
  event_id     uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  trigger      text NOT NULL CHECK (trigger IN ('delivery', 'resend')),
  -- 0 when nothing answered (timeout, refused connection).
  http_status  integer NOT NULL,
  latency_ms   integer NOT NULL,
  -- The kind of failure when nothing answered (e.g. TimeoutError), never a body.
  error        text,
  attempted_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX webhook_delivery_attempts_event_idx ON webhook_delivery_attempts (event_id, id);

CREATE INDEX applications_created_idx ON applications (created_at, id);
CREATE INDEX applications_merchant_reference_idx ON applications (merchant_payment_reference);
