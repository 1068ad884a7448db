/**
 * The signature of webhooks to merchants (PRODUCT section 4): HMAC-SHA256 over timestamp and body.
 * Delivery is jobs/webhook-delivery.ts.
 */
import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_SIGNATURE_TOLERANCE_SECONDS } from '@portal/domain';
import { safeEqual } from '../lib/crypto';

export const SIGNATURE_HEADER = WEBHOOK_HEADERS.signature;
export const EVENT_ID_HEADER = WEBHOOK_HEADERS.eventId;

const mac = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe-style receivers expect.
 * While a rotated secret's grace period runs, the header carries one `v1=` per secret (the new
 * one first), so a receiver that still has the old secret, or already the new one, accepts it.
 */
export function signWebhook(secrets: string | readonly string[], timestamp: number, body: string): string {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${timestamp}`, ...all.map((secret) => `v1=${mac(secret, timestamp, body)}`)].join(',');
}

/**
 * Checks a signature header against any of the receiver's secrets (any `v1=` value may match);
 * refuses one older than the tolerance (replays).
 */
export function verifyWebhook(
  secrets: string | readonly string[],
  header: string | undefined,
  body: string,
  now = Date.now(),
  toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? ['', ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!Number.isFinite(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => mac(secret, timestamp, body));
  return expected.some((candidate) => signatures.some((signature) => safeEqual(candidate, signature)));
}
