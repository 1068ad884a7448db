/**
 * Webhooks to merchants (PRODUCT section 4): every status change is POSTed to the merchant's
 * webhookUrl with a stable event id, signed with HMAC-SHA256 over timestamp and body, delivered
 * at least once by a durable job that retries with backoff and survives restarts.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../lib/crypto';

export const WEBHOOK_QUEUE = 'webhook-delivery';
export const SIGNATURE_HEADER = 'x-portal-signature';
export const EVENT_ID_HEADER = 'x-portal-event-id';
const DELIVERY_TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe-style receivers expect. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Checks a signature header; refuses one older than the tolerance (replays). */
export function verifyWebhook(secret: string, header: string | undefined, body: string, now = Date.now(), toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isFinite(timestamp) || !parts.v1) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = signWebhook(secret, timestamp, body).split('v1=')[1] ?? '';
  return safeEqual(expected, parts.v1);
}

interface WebhookRow {
  id: string;
  application_id: string;
  url: string;
  payload: Record<string, unknown>;
  delivered_at: Date | null;
  created_at: Date;
  merchant_id: string;
}

export function registerWebhookDelivery(app: FastifyInstance): void {
  app.jobs.register<{ eventId: string }>({
    name: WEBHOOK_QUEUE,
    retryLimit: 12,
    retryDelaySeconds: 10,
    pollingIntervalSeconds: 1,
    async handler({ eventId }) {
      const [event] = await app.db.query<WebhookRow>(
        `SELECT w.*, a.merchant_id FROM webhook_events w JOIN applications a ON a.id = w.application_id WHERE w.id = $1`,
        [eventId],
      );
      if (!event || event.delivered_at) return;
      const merchant = await app.repos.merchants.findById(event.merchant_id);
      if (!merchant) return;

      const body = JSON.stringify({ id: event.id, type: 'application.updated', createdAt: new Date(event.created_at).toISOString(), data: event.payload });
      const timestamp = Math.floor(Date.now() / 1000);
      let status = 0;
      try {
        const response = await fetch(event.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [EVENT_ID_HEADER]: event.id,
            [SIGNATURE_HEADER]: signWebhook(merchant.webhookSecret, timestamp, body),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 0;
      }
      await app.db.query(
        `UPDATE webhook_events SET attempts = attempts + 1, last_status = $2,
           delivered_at = CASE WHEN $2 BETWEEN 200 AND 299 THEN now() ELSE delivered_at END WHERE id = $1`,
        [event.id, status],
      );
      app.log.info({ eventId: event.id, applicationId: event.application_id, status }, 'webhook delivery');
      // A failure is thrown so the queue retries it later, with backoff.
      if (status < 200 || status > 299) throw new Error(`webhook answered ${status || 'nothing'}`);
    },
  });
}
