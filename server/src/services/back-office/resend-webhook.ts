/**
 * Support sends one of an application's webhooks again (the shop says it missed it): a new
 * delivery of the same event, with the same event id, so a shop that did get it deduplicates.
 * Queued in the transaction that writes the audit entry.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors';
import { repositories } from '../../db/repositories';
import type { WebhookJob } from '../../jobs/webhook-delivery';
import { WEBHOOK_QUEUE } from '../queues';
import type { Actor } from './actor';
import { findApplication } from './application-detail';

export async function resendWebhook(app: FastifyInstance, actor: Actor, reference: string, eventId: string, reason: string | undefined): Promise<void> {
  const application = await findApplication(app, reference);
  const events = await app.repos.webhookEvents.listForApplication(application.id);
  const event = events.find((candidate) => candidate.id === eventId);
  if (!event) throw ApiError.notFound('REQUEST_ERROR');
  await app.db.transaction(async (tx) => {
    await repositories(tx).auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'webhook.resent',
      targetType: 'application',
      targetId: application.reference,
      reason: reason ?? null,
      detail: { eventId: event.id, type: typeof event.payload.type === 'string' ? event.payload.type : null },
    });
    const job: WebhookJob = { eventId: event.id, resend: true };
    await app.jobs.send(WEBHOOK_QUEUE, job, { transaction: tx });
  });
}
