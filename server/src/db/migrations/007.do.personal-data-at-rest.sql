-- Personal data at rest (ADR 12): national IDs, phones and e-mail addresses are sealed by the
-- application (AES-256-GCM), and people are found by a keyed hash of their national ID instead
-- of the number itself. SQL cannot seal (the keys are not in the database): at start, after the
-- migrations, db/personal-data.ts seals every value still in plain text, fills the hashes and
-- drops the plain indexes' last use.

ALTER TABLE customers ADD COLUMN national_id_hash text;
DROP INDEX customers_national_id_idx;
CREATE INDEX customers_national_id_hash_idx ON customers (national_id_hash);

ALTER TABLE subscriptions ADD COLUMN national_id_hash text;
DROP INDEX subscriptions_person_idx;
CREATE INDEX subscriptions_person_idx ON subscriptions (country_code, national_id_hash) WHERE customer_type = 'PRIVATE';
