/**
 * The signature of webhooks to merchants (PRODUCT section 4): HMAC-SHA256 over timestamp and body.
 * Delivery is jobs/webhook-delivery.ts.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../lib/crypto';

export const SIGNATURE_HEADER = 'x-portal-signature';
export const EVENT_ID_HEADER = 'x-portal-event-id';

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
