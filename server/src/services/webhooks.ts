/**
 * The signatures of webhooks to merchants (PRODUCT section 4), two side by side on every delivery:
 * the portal's own `x-portal-signature` (HMAC-SHA256 over timestamp and body, which shops built
 * before Standard Webhooks check) and the Standard Webhooks headers, which a merchant checks with
 * that specification's published libraries. Delivery is jobs/webhook-delivery.ts.
 */
import { createHmac } from 'node:crypto';
import { STANDARD_WEBHOOK_HEADERS, WEBHOOK_HEADERS, WEBHOOK_SIGNATURE_TOLERANCE_SECONDS } from '@portal/domain';
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

/**
 * A secret as Standard Webhooks serialises one: `whsec_` and the key's bytes in base64. The
 * portal's secrets are of this form: in base64, as the libraries read them; those issued before
 * Standard Webhooks in base64url (the same bytes, the other alphabet, no padding).
 */
const SERIALISED_SECRET = /^whsec_([A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/;

/**
 * The key of a merchant's Standard Webhooks signature: the bytes its `whsec_` secret encodes,
 * which is what the libraries take from it (`new Webhook(secret)`). A secret not of that form
 * (none the portal issues) is its own characters, as the libraries' raw format takes it.
 */
export function standardWebhooksKey(secret: string): Buffer {
  const encoded = SERIALISED_SECRET.exec(secret)?.[1];
  // Node reads base64 in either alphabet, with or without padding.
  return encoded === undefined ? Buffer.from(secret, 'utf8') : Buffer.from(encoded, 'base64');
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, one per secret separated by spaces (the new one first) while a
 * rotated secret's grace period runs, as the specification's zero-downtime rotation has it.
 */
export function signStandardWebhook(secrets: string | readonly string[], id: string, timestamp: number, body: string): string {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return all.map((secret) => `v1,${createHmac('sha256', standardWebhooksKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`).join(' ');
}

/** Every header that identifies and signs one delivery attempt of an event: both schemes, one timestamp. */
export function webhookHeaders(secrets: string | readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    [EVENT_ID_HEADER]: id,
    [SIGNATURE_HEADER]: signWebhook(secrets, timestamp, body),
    [STANDARD_WEBHOOK_HEADERS.id]: id,
    [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [STANDARD_WEBHOOK_HEADERS.signature]: signStandardWebhook(secrets, id, timestamp, body),
  };
}
