/**
 * The webhook contract with merchants (PRODUCT section 4): what the portal POSTs to an
 * application's `webhookUrl`, how it is signed, and how delivery is retried. The server's
 * delivery builds every body with these schemas, and the merchant API's OpenAPI document
 * describes them from the same objects.
 */
import { MERCHANT_STATUSES, WEBHOOK_EVENT_TYPES } from '../lifecycle';
import { OUTCOMES } from '../outcomes';
import { applicationEventSchema, moneyOperationViewSchema, moneyViewSchema } from './merchant';
import { z } from './zod';

export const WEBHOOK_HEADERS = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the merchant's webhook secret>` */
  signature: 'x-portal-signature',
  /** The event id again, for receivers that de-duplicate before reading the body. */
  eventId: 'x-portal-event-id',
} as const;

/**
 * The Standard Webhooks headers, sent beside the portal's own on every webhook so a merchant can
 * check it with that specification's published libraries (github.com/standard-webhooks/
 * standard-webhooks spec/standard-webhooks.md, "Webhook headers").
 */
export const STANDARD_WEBHOOK_HEADERS = {
  /** The event id, the same in every attempt (as `id` in the body). */
  id: 'webhook-id',
  /** The attempt's time in unix seconds (the same `t` as the portal's signature). */
  timestamp: 'webhook-timestamp',
  /** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, one per secret, separated by spaces. */
  signature: 'webhook-signature',
} as const;

/** A signature older (or newer) than this is refused by a receiver: replays. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Delivery: at least once. A 2xx answer within the timeout delivers an event; anything else is
 * tried again after a delay that doubles each time (with up to as much again at random), from
 * the first delay, this many times. A delivery cut short by an instance that stops is tried
 * again once its expiry has passed.
 */
export const WEBHOOK_DELIVERY = {
  timeoutSeconds: 10,
  retries: 12,
  firstRetryDelaySeconds: 10,
  /** A delivery still running after this long is counted as failed (its instance died) and tried again. */
  expirySeconds: 15,
} as const;

/** What changed, in the terms of the merchant API (`GET /applications/{merchantPaymentReference}`). */
export const webhookDataSchema = z.looseObject({
  merchantPaymentReference: z.string(),
  status: z.enum(MERCHANT_STATUSES),
  outcome: z.nullable(z.enum(OUTCOMES)),
  /** The timeline entry of the change, as the merchant API's timeline shows it. */
  event: applicationEventSchema,
  /** After the sale (`payment.*`, `lease.*`): the operation, as the merchant API shows it. */
  operation: z.optional(moneyOperationViewSchema),
  /** After the sale: the application's money afterwards. */
  money: z.optional(z.nullable(moneyViewSchema)),
});
export type WebhookData = z.output<typeof webhookDataSchema>;

export const webhookBodySchema = z.looseObject({
  /** The event's id: the same on every delivery attempt of the event; de-duplicate on it. */
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdAt: z.string(),
  /** Grows with every event, in the order their changes committed: apply events in this order. */
  sequence: z.int().check(z.minimum(1)),
  data: webhookDataSchema,
});
export type WebhookBody = z.output<typeof webhookBodySchema>;
