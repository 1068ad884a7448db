/**
 * The one way an application changes state: status, outcome, the timeline event and the webhook
 * to the merchant are written in one transaction, and the webhook's delivery job is queued in
 * that same transaction (the outbox), so none of them can exist without the others.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplicationStatus, Outcome } from '@portal/domain';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { EventDetail } from '../db/repositories/events';
import { WEBHOOK_QUEUE } from './webhooks';

export interface Transition {
  status: ApplicationStatus;
  /** The outcome to tell the merchant from now on; omitted keeps the current one. */
  outcome?: Outcome | null;
  event: string;
  detail?: EventDetail | null;
}

/**
 * Applies a transition unless it changes nothing. Answers the application as it is afterwards
 * and whether anything changed.
 */
export async function transition(
  app: FastifyInstance,
  applicationId: string,
  change: Transition,
  tx?: Queryable,
): Promise<{ application: ApplicationRecord; changed: boolean }> {
  const run = async (q: Queryable) => {
    const repos = repositories(q);
    const current = await repos.applications.lockById(applicationId);
    if (!current) throw new Error(`application ${applicationId} vanished`);
    const outcome = change.outcome === undefined ? current.outcome : change.outcome;
    if (current.status === change.status && current.outcome === outcome) return { application: current, changed: false };

    await repos.applications.updateStatus(applicationId, change.status, outcome);
    app.changes.publish(q, `app:${applicationId}`);
    const event = await repos.events.append(applicationId, {
      type: change.event,
      status: change.status,
      outcome,
      detail: change.detail ?? null,
    });
    const updated = { ...current, status: change.status, outcome };
    if (current.webhookUrl) {
      const [row] = await q.query<{ id: string }>(
        `INSERT INTO webhook_events (application_id, url, payload) VALUES ($1, $2, $3::jsonb) RETURNING id`,
        [
          applicationId,
          current.webhookUrl,
          JSON.stringify({
            merchantPaymentReference: current.merchantPaymentReference,
            status: change.status,
            outcome,
            event: { type: event.type, at: event.createdAt.toISOString(), status: event.status, outcome: event.outcome, detail: event.detail },
          }),
        ],
      );
      if (row) await app.jobs.send(WEBHOOK_QUEUE, { eventId: row.id }, { transaction: q });
    }
    return { application: updated, changed: true };
  };
  return tx ? run(tx) : app.db.transaction(run);
}
