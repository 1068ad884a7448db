/**
 * Webhooks to merchants (PRODUCT section 4): each event of the outbox is POSTed to the
 * merchant's webhookUrl with a stable event id, signed twice with HMAC-SHA256 (the portal's own
 * `x-portal-signature` and the Standard Webhooks headers: services/webhooks.ts), delivered at
 * least once by this durable job, which retries with backoff and survives restarts.
 * The body, the retries and the expiry are the contract the merchant API's OpenAPI document
 * describes (domain/schemas/webhooks.ts).
 */
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_DELIVERY, type WebhookBody, webhookBodySchema } from '@portal/domain';
import type { WebhookEvent } from '../db/repositories/webhook-events';
import { webhookHeaders } from '../services/webhooks';
import { WEBHOOK_QUEUE } from '../services/queues';
import type { MerchantDetails } from '../db/repositories/merchants';

/**
 * The body of an outbox event, checked against the contract. Rows written before the lifecycle
 * table carry only their data: they go out as they always did, as `application.updated`.
 */
function bodyOf(event: WebhookEvent): WebhookBody | Record<string, unknown> {
  const { payload } = event;
  const envelope = { id: event.id, createdAt: event.createdAt.toISOString(), sequence: event.sequence };
  if (typeof payload.type !== 'string' || !('data' in payload)) return { ...envelope, type: 'application.updated', data: payload };
  const parsed = webhookBodySchema.safeParse({ ...envelope, type: payload.type, data: payload.data });
  if (!parsed.success) throw new Error(`webhook ${event.id} does not match the webhook contract: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}

/** The secrets that sign a delivery now: the current one, and the previous one during its grace period. */
export function signingSecrets(merchant: MerchantDetails, now = new Date()): string[] {
  const previous = merchant.previousWebhookSecret;
  const stillValid = previous !== null && merchant.previousSecretExpiresAt !== null && merchant.previousSecretExpiresAt > now;
  return stillValid ? [merchant.webhookSecret, previous] : [merchant.webhookSecret];
}

export interface WebhookJob {
  eventId: string;
  /** The application and the event's sequence: one application's events go out in order (jobs queued before 26 November carry neither). */
  applicationId?: string;
  sequence?: number;
  /** An operator asked for it again: delivered even if it was delivered before. */
  resend?: boolean;
}

export function registerWebhookDelivery(app: FastifyInstance): void {
  app.jobs.register<WebhookJob>({
    name: WEBHOOK_QUEUE,
    retryLimit: WEBHOOK_DELIVERY.retries,
    retryDelaySeconds: WEBHOOK_DELIVERY.firstRetryDelaySeconds,
    // An instance that dies mid-delivery leaves the job active: it is tried again once this passes.
    expireInSeconds: WEBHOOK_DELIVERY.expirySeconds,
    pollingIntervalSeconds: 1,
    // Up to 20 deliveries a second on each instance, side by side; an endpoint that does not
    // answer holds one worker for its timeout, while the other keeps delivering. The events of
    // one application in a batch go out one after another, in their order.
    batchSize: 10,
    workers: 2,
    inOrder: ({ applicationId, sequence }) => (applicationId && sequence !== undefined ? { group: applicationId, order: sequence } : null),
    async handler({ eventId, resend = false }) {
      const event = await app.repos.webhookEvents.find(eventId);
      if (!event || (event.deliveredAt && !resend)) return;
      const merchant = await app.repos.merchants.findDetails(event.merchantId);
      if (!merchant) return;

      if (event.attempts === 0 && !resend) app.metrics.webhookDelay((Date.now() - event.createdAt.getTime()) / 1000);
      const sent = bodyOf(event);
      const body = JSON.stringify(sent);
      const timestamp = Math.floor(Date.now() / 1000);
      let status: number;
      let error: string | null = null;
      const started = performance.now();
      try {
        const response = await fetch(event.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...webhookHeaders(signingSecrets(merchant), event.id, timestamp, body) },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(WEBHOOK_DELIVERY.timeoutSeconds * 1000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (failure) {
        status = 0;
        // The kind only (TimeoutError, TypeError for a refused connection): messages may quote the URL.
        error = failure instanceof Error ? failure.name : 'unknown';
      }
      const latencyMs = performance.now() - started;
      await app.repos.webhookEvents.recordAttempt(event.id, status);
      const outcome = status >= 200 && status <= 299 ? 'delivered' : status === 0 ? 'unreachable' : 'rejected';
      app.metrics.webhookDelivery(outcome, event.attempts + 1, resend ? 'resend' : 'delivery');
      await app.repos.webhookAttempts.insert({ eventId: event.id, trigger: resend ? 'resend' : 'delivery', httpStatus: status, latencyMs, error });
      app.log.info({ eventId: event.id, applicationId: event.applicationId, type: sent.type, status, latencyMs: Math.round(latencyMs), resend }, 'webhook delivery');
      // A failure is thrown so the queue retries it later, with backoff.
      if (outcome !== 'delivered') throw new Error(`webhook answered ${status || 'nothing'}`);
    },
  });
}
