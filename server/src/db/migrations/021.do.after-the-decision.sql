-- After the decision (issue 32, ADR 38): a consumer's request for a review by a person of a
-- declined application (CCD2 Art. 18(8)), a withdrawal from a concluded credit agreement (CCD2
-- Art. 26; Directive 2023/2673), and the reminder of the right of withdrawal (Art. 10(1)).

-- One request per application. The customer's view and document are personal data: sealed
-- (ADR 12), and erased by retention with the rest. The lender's answer comes through its flow
-- (its API where it has one, else its staff in the back office).
CREATE TABLE review_requests (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id    uuid NOT NULL UNIQUE REFERENCES applications (id) ON DELETE CASCADE,
  -- What the customer quotes (R-XXXXXXXX).
  reference         text NOT NULL UNIQUE,
  wants             text[] NOT NULL,
  view              text,
  attachment_name   text,
  attachment_type   text,
  -- The document, base64, sealed.
  attachment        text,
  attachment_sha256 text,
  status            text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in_review', 'answered')),
  -- How the lender was told: 'mail' (its review address and the back office's queue).
  channel           text,
  sent_to_lender_at timestamptz,
  outcome           text CHECK (outcome IN ('upheld', 'changed')),
  factors           jsonb,
  explanation       text,
  answered_at       timestamptz,
  -- The operator (or the sandbox lender) who recorded the answer.
  answered_by       text,
  due_at            timestamptz NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_requests_open_idx ON review_requests (due_at) WHERE status <> 'answered';

-- One withdrawal per application: received is when the portal got it (the acknowledgement's
-- date and time, and "sent before the deadline").
CREATE TABLE withdrawals (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id  uuid NOT NULL UNIQUE REFERENCES applications (id) ON DELETE CASCADE,
  reference       text NOT NULL UNIQUE,
  received_at     timestamptz NOT NULL DEFAULT now(),
  deadline        timestamptz NOT NULL,
  state           text NOT NULL DEFAULT 'received' CHECK (state IN ('received', 'sent_to_lender', 'lender_queue', 'done')),
  -- What the portal did at the lender: cancelled what was not paid out, or queued for its staff.
  lender_action   text,
  handled_at      timestamptz,
  handled_by      text,
  note            text
);
CREATE INDEX withdrawals_open_idx ON withdrawals (received_at) WHERE state <> 'done';

-- The reminder of the right of withdrawal, sent once per application.
CREATE TABLE withdrawal_reminders (
  application_id uuid PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  mail_id        uuid REFERENCES mail_outbox (id),
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- A shop's full-refund return period, when longer than 14 days, extends the withdrawal (CCD2 Art. 26(3)).
ALTER TABLE merchants ADD COLUMN return_period_days integer CHECK (return_period_days IS NULL OR return_period_days BETWEEN 1 AND 365);

-- When the agreement was concluded (signed, or granted without a signature of the portal's): the
-- withdrawal period and the reminder count from it. Set by the lifecycle's transition into SIGNED
-- or COMPLETED; filled here from the timeline for the agreements concluded in the last 400 days
-- (the longest return period and more), the only ones it still matters for.
ALTER TABLE applications ADD COLUMN concluded_at timestamptz;
UPDATE applications a SET concluded_at = e.first_at
  FROM (SELECT application_id, min(created_at) AS first_at FROM application_events
         WHERE status IN ('SIGNED', 'COMPLETED') AND created_at > now() - interval '400 days'
         GROUP BY application_id) e
 WHERE a.id = e.application_id AND a.status IN ('SIGNED', 'COMPLETED', 'WITHDRAWN');
-- The reminder's daily look for consumers' agreements concluded one to seven days ago.
CREATE INDEX applications_concluded_idx ON applications (concluded_at) WHERE concluded_at IS NOT NULL AND customer_type = 'PRIVATE';
