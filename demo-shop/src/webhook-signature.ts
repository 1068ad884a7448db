/**
 * The shop's check of a webhook's signature, written from the merchant API's documented contract
 * (its OpenAPI document, "Webhooks": the `x-portal-signature` header is `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>">`, one `v1=` per secret while a rotated secret's grace period
 * runs; compare in constant time and refuse a `t` too far from the clock), as any merchant writes
 * it. It shares no code with the portal's signing, so a mistake on one side shows on the other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SIGNATURE_TOLERANCE_SECONDS } from '@portal/domain';

export function signatureIsValid(secret: string, header: string | undefined, rawBody: string, nowMs = Date.now()): boolean {
  if (!header) return false;
  let timestamp = Number.NaN;
  const given: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2);
    if (name === 't') timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]+$/i.test(value)) given.push(Buffer.from(value, 'hex'));
  }
  if (!Number.isInteger(timestamp) || given.length === 0) return false;
  if (Math.abs(nowMs / 1000 - timestamp) > WEBHOOK_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return given.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
}
