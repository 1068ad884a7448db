/**
 * After the decision (issue 32, ADR 38): review requests of declined applications, withdrawals
 * from concluded agreements, and the reminders of the right of withdrawal. The customer's view
 * and document are sealed (ADR 12) and erased by retention; everything else is business record.
 */
import type { ReviewOutcome, ReviewStatus, ReviewWant, WithdrawalState } from '@portal/domain';
import type { Queryable } from '../db';
import { personalDataOf } from './personal-data';

/** Sealed columns of review_requests (key rotation goes through them). */
export const SEALED_REVIEW_COLUMNS = ['view', 'attachment'] as const;
const purpose = (column: (typeof SEALED_REVIEW_COLUMNS)[number]) => `review_requests.${column}`;

export interface ReviewRecord {
  id: string;
  applicationId: string;
  reference: string;
  wants: ReviewWant[];
  status: ReviewStatus;
  channel: string | null;
  sentToLenderAt: Date | null;
  outcome: ReviewOutcome | null;
  factors: string[];
  explanation: string | null;
  answeredAt: Date | null;
  answeredBy: string | null;
  dueAt: Date;
  createdAt: Date;
  attachment: { name: string; type: string; sha256: string } | null;
}

interface ReviewRow {
  id: string;
  application_id: string;
  reference: string;
  wants: ReviewWant[];
  status: ReviewStatus;
  channel: string | null;
  sent_to_lender_at: Date | null;
  outcome: ReviewOutcome | null;
  factors: string[] | null;
  explanation: string | null;
  answered_at: Date | null;
  answered_by: string | null;
  due_at: Date;
  created_at: Date;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_sha256: string | null;
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const toReview = (row: ReviewRow): ReviewRecord => ({
  id: row.id,
  applicationId: row.application_id,
  reference: row.reference,
  wants: row.wants,
  status: row.status,
  channel: row.channel,
  sentToLenderAt: date(row.sent_to_lender_at),
  outcome: row.outcome,
  factors: row.factors ?? [],
  explanation: row.explanation,
  answeredAt: date(row.answered_at),
  answeredBy: row.answered_by,
  dueAt: new Date(row.due_at),
  createdAt: new Date(row.created_at),
  attachment:
    row.attachment_name && row.attachment_type && row.attachment_sha256
      ? { name: row.attachment_name, type: row.attachment_type, sha256: row.attachment_sha256 }
      : null,
});

const REVIEW_COLUMNS = `id, application_id, reference, wants, status, channel, sent_to_lender_at, outcome, factors, explanation,
  answered_at, answered_by, due_at, created_at, attachment_name, attachment_type, attachment_sha256`;

export interface NewReview {
  applicationId: string;
  reference: string;
  wants: readonly ReviewWant[];
  view: string | null;
  attachment: { name: string; type: string; bytes: Buffer; sha256: string } | null;
  dueAt: Date;
}

export interface WithdrawalRecord {
  id: string;
  applicationId: string;
  reference: string;
  receivedAt: Date;
  deadline: Date;
  state: WithdrawalState;
  lenderAction: string | null;
  handledAt: Date | null;
  handledBy: string | null;
  note: string | null;
}

interface WithdrawalRow {
  id: string;
  application_id: string;
  reference: string;
  received_at: Date;
  deadline: Date;
  state: WithdrawalState;
  lender_action: string | null;
  handled_at: Date | null;
  handled_by: string | null;
  note: string | null;
}

const toWithdrawal = (row: WithdrawalRow): WithdrawalRecord => ({
  id: row.id,
  applicationId: row.application_id,
  reference: row.reference,
  receivedAt: new Date(row.received_at),
  deadline: new Date(row.deadline),
  state: row.state,
  lenderAction: row.lender_action,
  handledAt: date(row.handled_at),
  handledBy: row.handled_by,
  note: row.note,
});

/** A consumer's agreement concluded some days ago whose reminder may be due. */
export interface ReminderCandidate {
  applicationId: string;
  concludedAt: Date;
  /** When the SECCI's mail went, if it did. */
  secciSentAt: Date | null;
}

export function afterDecisionRepository(db: Queryable) {
  return {
    /** Records when the agreement was concluded, the first time only. */
    async markConcluded(applicationId: string): Promise<void> {
      await db.query('UPDATE applications SET concluded_at = now() WHERE id = $1 AND concluded_at IS NULL', [applicationId]);
    },

    /** Sandbox only: the agreement concluded `daysAgo` days ago, as a moved clock would have it; false when none is concluded. */
    async moveConclusion(reference: string, daysAgo: number): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        'UPDATE applications SET concluded_at = now() - make_interval(days => $2) WHERE reference = $1 AND concluded_at IS NOT NULL RETURNING id',
        [reference, daysAgo],
      );
      return rows.length > 0;
    },

    async concludedAt(applicationIds: readonly string[]): Promise<Map<string, Date>> {
      if (applicationIds.length === 0) return new Map();
      const rows = await db.query<{ id: string; concluded_at: Date }>(
        'SELECT id, concluded_at FROM applications WHERE id = ANY($1::uuid[]) AND concluded_at IS NOT NULL',
        [applicationIds],
      );
      return new Map(rows.map((row) => [row.id, new Date(row.concluded_at)]));
    },

    /** Adds a review request; null when the application has one already. */
    async insertReview(review: NewReview): Promise<ReviewRecord | null> {
      const pd = personalDataOf(db);
      const [row] = await db.query<ReviewRow>(
        `INSERT INTO review_requests (application_id, reference, wants, view, attachment_name, attachment_type, attachment, attachment_sha256, due_at)
         VALUES ($1, $2, $3::text[], $4, $5, $6, $7, $8, $9)
         ON CONFLICT (application_id) DO NOTHING RETURNING ${REVIEW_COLUMNS}`,
        [
          review.applicationId, review.reference, review.wants, pd.sealNullable(purpose('view'), review.view),
          review.attachment?.name ?? null, review.attachment?.type ?? null,
          review.attachment ? pd.seal(purpose('attachment'), review.attachment.bytes.toString('base64')) : null,
          review.attachment?.sha256 ?? null, review.dueAt,
        ],
      );
      return row ? toReview(row) : null;
    },

    async reviewOf(applicationId: string): Promise<ReviewRecord | null> {
      const [row] = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM review_requests WHERE application_id = $1`, [applicationId]);
      return row ? toReview(row) : null;
    },

    async reviewsOf(applicationIds: readonly string[]): Promise<Map<string, ReviewRecord>> {
      if (applicationIds.length === 0) return new Map();
      const rows = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM review_requests WHERE application_id = ANY($1::uuid[])`, [applicationIds]);
      return new Map(rows.map((row) => [row.application_id, toReview(row)]));
    },

    async reviewById(id: string): Promise<ReviewRecord | null> {
      const [row] = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM review_requests WHERE id = $1`, [id]);
      return row ? toReview(row) : null;
    },

    /** The customer's own words and document, opened (for the lender's staff). */
    async reviewContent(id: string): Promise<{ view: string | null; attachment: Buffer | null } | null> {
      const [row] = await db.query<{ view: string | null; attachment: string | null }>('SELECT view, attachment FROM review_requests WHERE id = $1', [id]);
      if (!row) return null;
      const pd = personalDataOf(db);
      const attachment = pd.openNullable(purpose('attachment'), row.attachment);
      return { view: pd.openNullable(purpose('view'), row.view), attachment: attachment === null ? null : Buffer.from(attachment, 'base64') };
    },

    async markReviewSent(id: string, channel: string): Promise<void> {
      await db.query(
        `UPDATE review_requests SET status = 'in_review', channel = $2, sent_to_lender_at = now() WHERE id = $1 AND status = 'received'`,
        [id, channel],
      );
    },

    /** Records the lender's answer once; false when it was answered already. */
    async answerReview(id: string, answer: { outcome: ReviewOutcome; factors: readonly string[]; explanation: string; answeredBy: string }): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `UPDATE review_requests SET status = 'answered', outcome = $2, factors = $3::jsonb, explanation = $4, answered_by = $5, answered_at = now()
          WHERE id = $1 AND status <> 'answered' RETURNING id`,
        [id, answer.outcome, JSON.stringify(answer.factors), answer.explanation, answer.answeredBy],
      );
      return rows.length > 0;
    },

    /** Open review requests, the soonest due first (the back office's queue). */
    async openReviews(limit: number): Promise<ReviewRecord[]> {
      const rows = await db.query<ReviewRow>(
        `SELECT ${REVIEW_COLUMNS} FROM review_requests WHERE status <> 'answered' ORDER BY due_at, id LIMIT $1`,
        [limit],
      );
      return rows.map(toReview);
    },

    /** Adds a withdrawal; null when the application has one already. */
    async insertWithdrawal(withdrawal: { applicationId: string; reference: string; deadline: Date }): Promise<WithdrawalRecord | null> {
      const [row] = await db.query<WithdrawalRow>(
        `INSERT INTO withdrawals (application_id, reference, deadline) VALUES ($1, $2, $3)
         ON CONFLICT (application_id) DO NOTHING RETURNING *`,
        [withdrawal.applicationId, withdrawal.reference, withdrawal.deadline],
      );
      return row ? toWithdrawal(row) : null;
    },

    async withdrawalOf(applicationId: string): Promise<WithdrawalRecord | null> {
      const [row] = await db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE application_id = $1', [applicationId]);
      return row ? toWithdrawal(row) : null;
    },

    async withdrawalsOf(applicationIds: readonly string[]): Promise<Map<string, WithdrawalRecord>> {
      if (applicationIds.length === 0) return new Map();
      const rows = await db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE application_id = ANY($1::uuid[])', [applicationIds]);
      return new Map(rows.map((row) => [row.application_id, toWithdrawal(row)]));
    },

    async withdrawalById(id: string): Promise<WithdrawalRecord | null> {
      const [row] = await db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = $1', [id]);
      return row ? toWithdrawal(row) : null;
    },

    async setWithdrawalState(id: string, state: WithdrawalState, lenderAction: string | null): Promise<void> {
      await db.query('UPDATE withdrawals SET state = $2, lender_action = COALESCE($3, lender_action) WHERE id = $1', [id, state, lenderAction]);
    },

    /** The lender's staff handled it (the repayment is arranged); false when it was done already. */
    async completeWithdrawal(id: string, handledBy: string, note: string | null): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `UPDATE withdrawals SET state = 'done', handled_at = now(), handled_by = $2, note = $3 WHERE id = $1 AND state <> 'done' RETURNING id`,
        [id, handledBy, note],
      );
      return rows.length > 0;
    },

    /** Withdrawals not yet handled at the lender, oldest first (the back office's queue). */
    async openWithdrawals(limit: number): Promise<WithdrawalRecord[]> {
      const rows = await db.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE state <> 'done' ORDER BY received_at, id LIMIT $1`, [limit]);
      return rows.map(toWithdrawal);
    },

    /**
     * Consumers' agreements concluded between `from` and `until` (a window of the past) that have
     * had no reminder, with when their SECCI went. Served by applications_concluded_idx.
     */
    async reminderCandidates(from: Date, until: Date, limit: number): Promise<ReminderCandidate[]> {
      const rows = await db.query<{ id: string; concluded_at: Date; sent_at: Date | null }>(
        `SELECT a.id, a.concluded_at, m.sent_at
           FROM applications a
           LEFT JOIN withdrawal_reminders r ON r.application_id = a.id
           LEFT JOIN precontractual_information p ON p.application_id = a.id
           LEFT JOIN mail_outbox m ON m.id = p.mail_id
          WHERE a.concluded_at IS NOT NULL AND a.customer_type = 'PRIVATE'
            AND a.concluded_at >= $1 AND a.concluded_at < $2
            AND a.status IN ('SIGNED', 'COMPLETED') AND r.application_id IS NULL
          ORDER BY a.concluded_at LIMIT $3`,
        [from, until, limit],
      );
      return rows.map((row) => ({ applicationId: row.id, concludedAt: new Date(row.concluded_at), secciSentAt: date(row.sent_at) }));
    },

    /** Claims an application's reminder; false when another run claimed it first. */
    async claimReminder(applicationId: string): Promise<boolean> {
      const rows = await db.query<{ application_id: string }>(
        'INSERT INTO withdrawal_reminders (application_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING application_id',
        [applicationId],
      );
      return rows.length > 0;
    },

    async setReminderMail(applicationId: string, mailId: string): Promise<void> {
      await db.query('UPDATE withdrawal_reminders SET mail_id = $2 WHERE application_id = $1', [applicationId, mailId]);
    },

    async reminderOf(applicationId: string): Promise<{ mailId: string | null; createdAt: Date } | null> {
      const [row] = await db.query<{ mail_id: string | null; created_at: Date }>('SELECT mail_id, created_at FROM withdrawal_reminders WHERE application_id = $1', [applicationId]);
      return row ? { mailId: row.mail_id, createdAt: new Date(row.created_at) } : null;
    },

    /** The application, shop and country of each record of a queue, in one read. */
    async placesOf(applicationIds: readonly string[]): Promise<Map<string, { reference: string; merchantId: string; merchantName: string; countryCode: 'NO' | 'SE' }>> {
      if (applicationIds.length === 0) return new Map();
      const rows = await db.query<{ id: string; reference: string; merchant_id: string; merchant_name: string; country_code: 'NO' | 'SE' }>(
        `SELECT a.id, a.reference, a.merchant_id, m.name AS merchant_name, a.country_code
           FROM applications a JOIN merchants m ON m.id = a.merchant_id WHERE a.id = ANY($1::uuid[])`,
        [applicationIds],
      );
      return new Map(rows.map((row) => [row.id, { reference: row.reference, merchantId: row.merchant_id, merchantName: row.merchant_name, countryCode: row.country_code }]));
    },

    /** The merchant's full-refund return period in days, if it set one. */
    async returnPeriodDays(merchantId: string): Promise<number | null> {
      const [row] = await db.query<{ return_period_days: number | null }>('SELECT return_period_days FROM merchants WHERE id = $1', [merchantId]);
      return row?.return_period_days ?? null;
    },
  };
}
