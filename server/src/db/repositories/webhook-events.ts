/**
 * The webhook outbox: every event the merchant is to receive, written in the transaction of the
 * change it reports, then delivered (at least once) by a job.
 */
import type { Queryable } from '../db';

export interface WebhookEvent {
  id: string;
  /** Grows with every event, in the order their changes committed: merchants order by it. */
  sequence: number;
  applicationId: string;
  merchantId: string;
  url: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastStatus: number | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

interface Row {
  id: string;
  seq: string | number;
  application_id: string;
  merchant_id: string;
  url: string;
  payload: Record<string, unknown>;
  attempts: number;
  last_status: number | null;
  delivered_at: Date | null;
  created_at: Date;
}

const toRecord = (row: Row): WebhookEvent => ({
  id: row.id,
  sequence: Number(row.seq),
  applicationId: row.application_id,
  merchantId: row.merchant_id,
  url: row.url,
  payload: row.payload,
  attempts: row.attempts,
  lastStatus: row.last_status,
  deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
  createdAt: new Date(row.created_at),
});

export function webhookEventsRepository(db: Queryable) {
  return {
    async insert(applicationId: string, url: string, payload: Record<string, unknown>): Promise<{ id: string; sequence: number }> {
      const [row] = await db.query<{ id: string; seq: string | number }>(
        `INSERT INTO webhook_events (application_id, url, payload) VALUES ($1, $2, $3::jsonb) RETURNING id, seq`,
        [applicationId, url, JSON.stringify(payload)],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return { id: row.id, sequence: Number(row.seq) };
    },

    async find(id: string): Promise<WebhookEvent | null> {
      const [row] = await db.query<Row>(
        `SELECT w.*, a.merchant_id FROM webhook_events w JOIN applications a ON a.id = w.application_id WHERE w.id = $1`,
        [id],
      );
      return row ? toRecord(row) : null;
    },

    async listForApplication(applicationId: string): Promise<WebhookEvent[]> {
      const rows = await db.query<Row>(
        `SELECT w.*, a.merchant_id FROM webhook_events w JOIN applications a ON a.id = w.application_id
          WHERE w.application_id = $1 ORDER BY w.seq`,
        [applicationId],
      );
      return rows.map(toRecord);
    },

    /** Records one delivery attempt; a 2xx answer marks the event delivered. */
    async recordAttempt(id: string, httpStatus: number): Promise<void> {
      await db.query(
        `UPDATE webhook_events SET attempts = attempts + 1, last_status = $2,
           delivered_at = CASE WHEN $2 BETWEEN 200 AND 299 THEN now() ELSE delivered_at END WHERE id = $1`,
        [id, httpStatus],
      );
    },
  };
}
export type WebhookEventsRepository = ReturnType<typeof webhookEventsRepository>;
