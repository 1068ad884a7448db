-- Data retention (ADR 18): a final application's personal data is erased a configured time after
-- it turned final (its last status change, `updated_at`), its consent evidence later, and a
-- subscription after its term. `personal_data_erased_at` says when, for the back office and so
-- that the job passes over an application once.

ALTER TABLE applications ADD COLUMN personal_data_erased_at timestamptz;
CREATE INDEX applications_retention_idx ON applications (updated_at) WHERE personal_data_erased_at IS NULL;
CREATE INDEX consents_created_idx ON consents (created_at);
CREATE INDEX subscriptions_end_date_idx ON subscriptions (end_date);
