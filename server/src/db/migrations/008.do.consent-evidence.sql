-- Consent evidence that lasts (ADR 13). A consent row pointed at a session that is gone after 30
-- minutes and at documents by bare URL. It now says on its own who consented (the application's
-- customer, and the national ID that was identified, sealed, with how and when), to which
-- words (their SHA-256 beside the text) and to which exact documents (URL, version and SHA-256 of
-- each; a copy of each portal document version is kept in consent_documents).

ALTER TABLE consents ADD COLUMN customer_id uuid REFERENCES customers (id);
ALTER TABLE consents ADD COLUMN subject_national_id text;
ALTER TABLE consents ADD COLUMN identification_method text;
ALTER TABLE consents ADD COLUMN identified_at timestamptz;
ALTER TABLE consents ADD COLUMN text_sha256 text;
-- [{ kind, url, version, sha256, source: 'portal' | 'external' }]; null on rows given before this
-- record existed (their documents were not recorded).
ALTER TABLE consents ADD COLUMN documents jsonb;

-- Rows given before: the application's customer is who consented (the submit checked that the
-- identified person was that customer); their national ID is sealed into the row at start
-- (db/personal-data.ts), as SQL has no keys.
UPDATE consents c SET customer_id = cu.id FROM customers cu WHERE cu.application_id = c.application_id;
UPDATE consents SET text_sha256 = encode(sha256(convert_to(text, 'UTF8')), 'hex');
ALTER TABLE consents ALTER COLUMN text_sha256 SET NOT NULL;

-- Every version of a portal document a consent linked to, by its SHA-256, as it was served.
CREATE TABLE consent_documents (
  sha256         text PRIMARY KEY,
  url            text NOT NULL,
  version        text,
  content_base64 text NOT NULL,
  first_seen_at  timestamptz NOT NULL DEFAULT now()
);
