-- A subscription belongs to a customer: a person's consumer subscription to the person (country
-- and national ID), a company's lease to the company (country and organisation number). Until
-- now every subscription was keyed by a national ID only, the signatory's for a company lease,
-- so a company's lease was offered for renewal as the signatory's personal product.

ALTER TABLE subscriptions ADD COLUMN customer_type text;
ALTER TABLE subscriptions ADD COLUMN organisation_number text;
ALTER TABLE subscriptions ALTER COLUMN national_id DROP NOT NULL;

-- A subscription made of a business application is the company's lease. The signatory's
-- national ID is not kept with it: nothing needs it, and it is personal data.
UPDATE subscriptions s
   SET customer_type = 'LEGAL', organisation_number = c.organisation_number, national_id = NULL
  FROM applications a JOIN customers c ON c.application_id = a.id
 WHERE s.application_id = a.id AND a.customer_type = 'LEGAL';
-- A lease whose company is unknown cannot be offered to anyone. (The merchant API has always
-- required the organisation number of a business application, so there should be none.)
DELETE FROM subscriptions WHERE customer_type = 'LEGAL' AND organisation_number IS NULL;
-- Everything else is a person's: subscriptions of consumer applications, and those with no
-- application (the sandbox's seeded consumer subscriptions).
UPDATE subscriptions SET customer_type = 'PRIVATE' WHERE customer_type IS NULL;

ALTER TABLE subscriptions ALTER COLUMN customer_type SET NOT NULL;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_owner_check CHECK (
  (customer_type = 'PRIVATE' AND national_id IS NOT NULL AND organisation_number IS NULL)
  OR (customer_type = 'LEGAL' AND organisation_number IS NOT NULL AND national_id IS NULL)
);

DROP INDEX subscriptions_national_id_idx;
CREATE INDEX subscriptions_person_idx ON subscriptions (country_code, national_id) WHERE customer_type = 'PRIVATE';
CREATE INDEX subscriptions_company_idx ON subscriptions (country_code, organisation_number) WHERE customer_type = 'LEGAL';
