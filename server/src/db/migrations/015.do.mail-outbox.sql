-- E-mail as a real part (issue 31): every mail the portal sends is first kept here, with its
-- delivery job, in the transaction of what it is about; a job then sends it over SMTP under a
-- lease on its row. So a mail is never lost to a restart and never sent by two at once.
--
-- The whole message is composed when it is kept (headers, text and HTML parts, attachments): the
-- same bytes go out on every attempt, under a Message-ID the portal made, and their SHA-256 is
-- known before the first one (the evidence of what was sent). The recipient, the subject and the
-- message are personal data: sealed by the application (ADR 12), and erased with the rest of the
-- application's personal data after retention; the id, digest and states stay.
CREATE TABLE mail_outbox (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The application it is about; null for a mail about none.
  application_id  uuid REFERENCES applications (id) ON DELETE CASCADE,
  -- What kind of mail: a template's name, or `custom` (never personal data).
  kind            text NOT NULL,
  language        text NOT NULL CHECK (language IN ('en', 'sv', 'nb')),
  -- Sealed (mail_outbox.recipient, .subject, .message); null once erased.
  recipient       text,
  subject         text,
  message         text,
  -- `<uuid@sender's domain>`, made by the portal before the first attempt: a repeat after a crash
  -- carries the same one, so the receiver can tell it is the same mail.
  message_id      text NOT NULL UNIQUE,
  -- SHA-256 (hex) of the message's bytes as sent, and their number.
  digest          text NOT NULL,
  size            integer NOT NULL,
  -- [{"filename", "contentType", "size", "sha256"}]: what was attached, without its bytes.
  attachments     jsonb NOT NULL DEFAULT '[]',
  state           text NOT NULL CHECK (state IN ('queued', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  -- While an instance sends it: nobody else does until this has passed.
  lease_until     timestamptz,
  -- Why the last attempt failed: the SMTP reply code with its enhanced status (`550 5.1.1`) or
  -- the connection's error code (`ECONNECTION`); never the server's words, which name the address.
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  failed_at       timestamptz,
  erased_at       timestamptz
);
CREATE INDEX mail_outbox_application_idx ON mail_outbox (application_id, created_at);
CREATE INDEX mail_outbox_queued_idx ON mail_outbox (created_at) WHERE state = 'queued';
