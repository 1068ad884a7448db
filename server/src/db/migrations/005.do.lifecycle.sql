-- The lifecycle table orders what merchants hear: webhook events carry the order in which their
-- transitions committed (several may commit in one transaction, with one now()).
ALTER TABLE webhook_events ADD COLUMN seq bigserial;
ALTER TABLE webhook_events ALTER COLUMN created_at SET DEFAULT clock_timestamp();
CREATE INDEX webhook_events_application_seq_idx ON webhook_events (application_id, seq);
