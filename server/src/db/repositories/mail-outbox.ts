/**
 * The mail outbox (issue 31): each mail kept, composed, before it is sent, and sent by whoever
 * holds its lease. The recipient, the subject and the message are sealed here (ADR 12), under
 * purposes of their own; callers see plain values.
 */
import type { MailState } from '@portal/domain';
import type { Queryable } from '../db';
import { personalDataOf } from './personal-data';

export type { MailState };

/** What was attached, without its bytes. */
export interface MailAttachmentRecord {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface MailRecord {
  id: string;
  applicationId: string | null;
  kind: string;
  language: 'en' | 'sv' | 'nb';
  /** Null once erased (retention). */
  recipient: string | null;
  subject: string | null;
  /** The whole message as sent (RFC 5322, CRLF lines); null once erased. */
  message: string | null;
  messageId: string;
  digest: string;
  size: number;
  attachments: MailAttachmentRecord[];
  state: MailState;
  attempts: number;
  leaseUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
}

/** A mail as listed (the back office): no message. */
export type MailSummary = Omit<MailRecord, 'message'>;

interface MailRow {
  id: string;
  application_id: string | null;
  kind: string;
  language: 'en' | 'sv' | 'nb';
  recipient: string | null;
  subject: string | null;
  message?: string | null;
  message_id: string;
  digest: string;
  size: number;
  attachments: MailAttachmentRecord[];
  state: MailState;
  attempts: number;
  lease_until: Date | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
}

/** The sealed columns and their purposes (db/personal-data.ts re-seals them when keys rotate). */
export const SEALED_MAIL_COLUMNS = ['recipient', 'subject', 'message'] as const;
const purpose = (column: (typeof SEALED_MAIL_COLUMNS)[number]) => `mail_outbox.${column}`;

const date = (value: Date | null) => (value ? new Date(value) : null);

function toSummary(db: Queryable, row: MailRow): MailSummary {
  const pd = personalDataOf(db);
  return {
    id: row.id,
    applicationId: row.application_id,
    kind: row.kind,
    language: row.language,
    recipient: pd.openNullable(purpose('recipient'), row.recipient),
    subject: pd.openNullable(purpose('subject'), row.subject),
    messageId: row.message_id,
    digest: row.digest,
    size: row.size,
    attachments: row.attachments,
    state: row.state,
    attempts: row.attempts,
    leaseUntil: date(row.lease_until),
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
    sentAt: date(row.sent_at),
    failedAt: date(row.failed_at),
  };
}

const toRecord = (db: Queryable, row: MailRow): MailRecord => ({
  ...toSummary(db, row),
  message: personalDataOf(db).openNullable(purpose('message'), row.message ?? null),
});

/** Every column but the message: lists do not open (or carry) the messages. */
const SUMMARY_COLUMNS =
  'id, application_id, kind, language, recipient, subject, message_id, digest, size, attachments, state, attempts, lease_until, last_error, created_at, sent_at, failed_at';

export type NewMail = Pick<MailRecord, 'applicationId' | 'kind' | 'language' | 'messageId' | 'digest' | 'size' | 'attachments'> & {
  recipient: string;
  subject: string;
  message: string;
};

export function mailOutboxRepository(db: Queryable) {
  return {
    /** Keeps a composed mail, queued; answers its id. */
    async insert(mail: NewMail): Promise<string> {
      const pd = personalDataOf(db);
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO mail_outbox (application_id, kind, language, recipient, subject, message, message_id, digest, size, attachments, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, 'queued')
         RETURNING id`,
        [
          mail.applicationId,
          mail.kind,
          mail.language,
          pd.seal(purpose('recipient'), mail.recipient),
          pd.seal(purpose('subject'), mail.subject),
          pd.seal(purpose('message'), mail.message),
          mail.messageId,
          mail.digest,
          mail.size,
          JSON.stringify(mail.attachments),
        ],
      );
      if (!row) throw new Error('mail not kept');
      return row.id;
    },

    async find(id: string): Promise<MailRecord | null> {
      const [row] = await db.query<MailRow>('SELECT * FROM mail_outbox WHERE id = $1', [id]);
      return row ? toRecord(db, row) : null;
    },

    async summary(id: string): Promise<MailSummary | null> {
      const [row] = await db.query<MailRow>(`SELECT ${SUMMARY_COLUMNS} FROM mail_outbox WHERE id = $1`, [id]);
      return row ? toSummary(db, row) : null;
    },

    async listForApplication(applicationId: string): Promise<MailSummary[]> {
      const rows = await db.query<MailRow>(`SELECT ${SUMMARY_COLUMNS} FROM mail_outbox WHERE application_id = $1 ORDER BY created_at, id`, [applicationId]);
      return rows.map((row) => toSummary(db, row));
    },

    /**
     * The right to send a queued mail for `leaseMs`: the mail with its attempts counted, or null
     * when it is not queued, erased, or someone else holds it now.
     */
    async claim(id: string, leaseMs: number): Promise<MailRecord | null> {
      const [row] = await db.query<MailRow>(
        `UPDATE mail_outbox SET lease_until = now() + make_interval(secs => $2::double precision / 1000), attempts = attempts + 1
         WHERE id = $1 AND state = 'queued' AND message IS NOT NULL AND (lease_until IS NULL OR lease_until < now())
         RETURNING *`,
        [id, leaseMs],
      );
      return row ? toRecord(db, row) : null;
    },

    /** Not sent this time (the server did not answer, or answered "later"): given back, to be tried again. */
    async release(id: string, lastError: string): Promise<void> {
      await db.query(`UPDATE mail_outbox SET lease_until = NULL, last_error = $2 WHERE id = $1 AND state = 'queued'`, [id, lastError]);
    },

    async markSent(id: string): Promise<void> {
      await db.query(`UPDATE mail_outbox SET state = 'sent', lease_until = NULL, sent_at = now() WHERE id = $1 AND state = 'queued'`, [id]);
    },

    async markFailed(id: string, lastError: string): Promise<void> {
      await db.query(`UPDATE mail_outbox SET state = 'failed', lease_until = NULL, last_error = $2, failed_at = now() WHERE id = $1 AND state = 'queued'`, [
        id,
        lastError,
      ]);
    },

    /**
     * A failed mail tried again (support's retry): queued afresh with its attempts from 0; its
     * last error stays until the next attempt says otherwise. Null unless it had failed and is
     * not erased.
     */
    async retry(id: string): Promise<MailSummary | null> {
      const [row] = await db.query<MailRow>(
        `UPDATE mail_outbox SET state = 'queued', attempts = 0, lease_until = NULL, failed_at = NULL
         WHERE id = $1 AND state = 'failed' AND message IS NOT NULL
         RETURNING ${SUMMARY_COLUMNS}`,
        [id],
      );
      return row ? toSummary(db, row) : null;
    },

    /**
     * The personal data of the applications' mails goes (retention, ADR 18): recipient, subject
     * and message. The id, Message-ID, digest, attachments' digests and states stay, as evidence
     * of what was sent. A mail still queued is not sent any more.
     */
    async eraseForApplications(applicationIds: readonly string[]): Promise<number> {
      if (applicationIds.length === 0) return 0;
      const rows = await db.query(
        `UPDATE mail_outbox SET recipient = NULL, subject = NULL, message = NULL, erased_at = now(),
                state = CASE WHEN state = 'queued' THEN 'failed' ELSE state END,
                last_error = CASE WHEN state = 'queued' THEN 'ERASED' ELSE last_error END,
                failed_at = CASE WHEN state = 'queued' THEN now() ELSE failed_at END
          WHERE application_id = ANY($1::uuid[]) AND erased_at IS NULL
          RETURNING id`,
        [applicationIds],
      );
      return rows.length;
    },

    /** The same for mails about no application, `days` after they were sent or failed. */
    async eraseUnattached(days: number, limit: number): Promise<number> {
      const rows = await db.query(
        `UPDATE mail_outbox SET recipient = NULL, subject = NULL, message = NULL, erased_at = now()
          WHERE id IN (
            SELECT id FROM mail_outbox
             WHERE application_id IS NULL AND erased_at IS NULL AND state <> 'queued'
               AND coalesce(sent_at, failed_at) < now() - make_interval(days => $1)
             ORDER BY created_at LIMIT $2)
          RETURNING id`,
        [days, limit],
      );
      return rows.length;
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof mailOutboxRepository>;
