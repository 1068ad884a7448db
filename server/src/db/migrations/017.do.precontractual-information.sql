-- The pre-contractual information step (issue 31, CCD2 Art. 10): per consumer application, the
-- SECCI the customer was sent before the signature (the PDF exactly as mailed, and its digest),
-- the mail that carried it, and when the customer went on to the signature. The signature is
-- refused until the mail went (PRECONTRACTUAL_INFORMATION_PENDING).
CREATE TABLE precontractual_information (
  application_id   uuid PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  -- The lender's document as fetched: its address (amount appended), media type and digest.
  lender_url       text NOT NULL,
  lender_type      text NOT NULL,
  lender_sha256    text NOT NULL,
  -- The PDF the customer got: the lender's own when it is one, else the portal's rendering of it.
  title            text NOT NULL,
  pdf              bytea NOT NULL,
  pdf_sha256       text NOT NULL,
  -- The lender's words in order (headings and paragraphs) when its SECCI is a web page; [] for a PDF.
  sections         jsonb NOT NULL DEFAULT '[]',
  -- The key facts shown beside it (JSON, as the card shows them).
  key_facts        jsonb NOT NULL,
  -- The mail that carried it last (a failed mail is replaced by a new one).
  mail_id          uuid REFERENCES mail_outbox (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  continued_at     timestamptz
);
