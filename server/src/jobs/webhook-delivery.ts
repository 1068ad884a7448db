/**
 * Webhooks to merchants (PRODUCT section 4): each event of the outbox is POSTed to the
 * merchant's webhookUrl with a stable event id, signed with HMAC-SHA256 over timestamp and body,
 * delivered at least once by this durable job, which retries with backoff and survives restarts.
 */
import type { FastifyInstance } from 'fastify';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook } from '../services/webhooks';
import { WEBHOOK_QUEUE } from '../services/queues';
import type { MerchantDetails } from '../db/repositories/merchants';

const DELIVERY_TIMEOUT_MS = 10_000;

/** The outbox payload: `{ type, data }` (rows written before the lifecycle table carry only data). */
function bodyParts(payload: Record<string, unknown>): { type: string; data: unknown } {
  return typeof payload.type === 'string' && 'data' in payload ? { type: payload.type, data: payload.data } : { type: 'application.updated', data: payload };
}

/** The secrets that sign a delivery now: the current one, and the previous one during its grace period. */
export function signingSecrets(merchant: MerchantDetails, now = new Date()): string[] {
  const previous = merchant.previousWebhookSecret;
  const stillValid = previous !== null && merchant.previousSecretExpiresAt !== null && merchant.previousSecretExpiresAt > now;
  return stillValid ? [merchant.webhookSecret, previous] : [merchant.webhookSecret];
}

export interface WebhookJob {
  eventId: string;
  /** An operator asked for it again: delivered even if it was delivered before. */
  resend?: boolean;
}

export function registerWebhookDelivery(app: FastifyInstance): void {
  app.jobs.register<WebhookJob>({
    name: WEBHOOK_QUEUE,
    retryLimit: 12,
    retryDelaySeconds: 10,
    pollingIntervalSeconds: 1,
    async handler({ eventId, resend = false }) {
      const event = await app.repos.webhookEvents.find(eventId);
      if (!event || (event.deliveredAt && !resend)) return;
      const merchant = await app.repos.merchants.findDetails(event.merchantId);
      if (!merchant) return;

      const { type, data } = bodyParts(event.payload);
      const body = JSON.stringify({ id: event.id, type, createdAt: event.createdAt.toISOString(), sequence: event.sequence, data });
      const timestamp = Math.floor(Date.now() / 1000);
      let status = 0;
      let error: string | null = null;
      const started = performance.now();
      try {
        const response = await fetch(event.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [EVENT_ID_HEADER]: event.id,
            [SIGNATURE_HEADER]: signWebhook(signingSecrets(merchant), timestamp, body),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
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
      await app.repos.webhookAttempts.insert({ eventId: event.id, trigger: resend ? 'resend' : 'delivery', httpStatus: status, latencyMs, error });
      app.log.info({ eventId: event.id, applicationId: event.applicationId, type, status, latencyMs: Math.round(latencyMs), resend }, 'webhook delivery');
      // A failure is thrown so the queue retries it later, with backoff.
      if (status < 200 || status > 299) throw new Error(`webhook answered ${status || 'nothing'}`);
    },
  });
}
