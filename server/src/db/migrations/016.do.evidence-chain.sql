-- Evidence the lender can show a supervisor (issue 31, ADR 32): per application, what the
-- customer was shown and sent and each affirmative act (a consent ticked, the submit, the
-- signature), in order, each entry carrying the hash of the one before. Rows are only added;
-- retention erases an application's whole chain at once, after CONSENT_RETENTION_DAYS.

CREATE TABLE evidence_entries (
  -- No cascade: deleting an application does not take its evidence with it (nothing deletes
  -- applications; retention erases the chain first, by the rule below).
  application_id uuid NOT NULL REFERENCES applications (id),
  seq            integer NOT NULL CHECK (seq >= 1),
  at             timestamptz NOT NULL,
  kind           text NOT NULL,
  -- A hash of the customer's session (never the session id), or null.
  session_ref    text,
  -- The entry without its hash in canonical JSON (RFC 8785): exactly the bytes that are hashed.
  -- Its `data` never holds a national ID, phone number or e-mail address.
  body           text NOT NULL,
  prev_hash      text NOT NULL,
  hash           text NOT NULL CHECK (hash = encode(sha256(convert_to(body, 'UTF8')), 'hex')),
  -- Makes an append happen once (one signature entry per signing order, one per mail); not evidence.
  once_key       text,
  PRIMARY KEY (application_id, seq)
);
CREATE UNIQUE INDEX evidence_entries_once_idx ON evidence_entries (application_id, once_key) WHERE once_key IS NOT NULL;
-- Retention finds chains by their start (services/retention.ts).
CREATE INDEX evidence_entries_start_idx ON evidence_entries (at) WHERE seq = 1;

-- An entry follows the one before it: two appends that read the same head cannot both be kept.
CREATE FUNCTION evidence_entries_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq > 1 AND NOT EXISTS (
    SELECT 1 FROM evidence_entries WHERE application_id = NEW.application_id AND seq = NEW.seq - 1 AND hash = NEW.prev_hash
  ) THEN
    RAISE EXCEPTION 'evidence_entries: entry % does not follow the chain of its application', NEW.seq;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER evidence_entries_follow BEFORE INSERT ON evidence_entries
  FOR EACH ROW EXECUTE FUNCTION evidence_entries_follow();

-- Append-only, as the audit log. The one exception is retention's erasure, which says so for its
-- own transaction (`SET LOCAL portal.evidence_erasure = 'on'`) and takes whole chains only.
CREATE FUNCTION evidence_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('portal.evidence_erasure', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'evidence_entries is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER evidence_entries_no_update BEFORE UPDATE OR DELETE ON evidence_entries
  FOR EACH ROW EXECUTE FUNCTION evidence_entries_append_only();
CREATE TRIGGER evidence_entries_no_truncate BEFORE TRUNCATE ON evidence_entries
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_entries_append_only();

-- An erasure that would leave part of an application's chain is refused: entries go with all the
-- others of their application, or not at all.
CREATE FUNCTION evidence_entries_whole_chains() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM evidence_entries e WHERE e.application_id IN (SELECT application_id FROM erased)) THEN
    RAISE EXCEPTION 'evidence_entries: only whole chains are erased';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER evidence_entries_whole_chains AFTER DELETE ON evidence_entries
  REFERENCING OLD TABLE AS erased FOR EACH STATEMENT EXECUTE FUNCTION evidence_entries_whole_chains();
