/** Every attempt to deliver a webhook (automatic or an operator's resend): status and latency, no bodies. */
import type { Queryable } from '../db';

export type AttemptTrigger = 'delivery' | 'resend';

export interface WebhookAttempt {
  id: number;
  eventId: string;
  type: string;
  trigger: AttemptTrigger;
  httpStatus: number;
  latencyMs: number;
  error: string | null;
  attemptedAt: Date;
}

interface Row {
  id: string | number;
  event_id: string;
  type: string | null;
  trigger: AttemptTrigger;
  http_status: number;
  latency_ms: number;
  error: string | null;
  attempted_at: Date;
}

export function webhookAttemptsRepository(db: Queryable) {
  return {
    async insert(attempt: { eventId: string; trigger: AttemptTrigger; httpStatus: number; latencyMs: number; error: string | null }): Promise<void> {
      await db.query(
        'INSERT INTO webhook_delivery_attempts (event_id, trigger, http_status, latency_ms, error) VALUES ($1, $2, $3, $4, $5)',
        [attempt.eventId, attempt.trigger, attempt.httpStatus, Math.round(attempt.latencyMs), attempt.error],
      );
    },

    async listForApplication(applicationId: string): Promise<WebhookAttempt[]> {
      const rows = await db.query<Row>(
        `SELECT t.*, w.payload->>'type' AS type FROM webhook_delivery_attempts t JOIN webhook_events w ON w.id = t.event_id
          WHERE w.application_id = $1 ORDER BY t.id`,
        [applicationId],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        eventId: row.event_id,
        type: row.type ?? 'application.updated',
        trigger: row.trigger,
        httpStatus: row.http_status,
        latencyMs: row.latency_ms,
        error: row.error,
        attemptedAt: new Date(row.attempted_at),
      }));
    },
  };
}
export type WebhookAttemptsRepository = ReturnType<typeof webhookAttemptsRepository>;
