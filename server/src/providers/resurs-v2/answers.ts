/**
 * What the adapter reads from the Merchant API, checked before use: an answer that does not have
 * the shape below is a `refused` failure, never a crash. The schemas ask only for the fields the
 * portal uses and let everything else through, so additions on Resurs' side break nothing.
 */
import { z } from 'zod';
import { RESURS_V2_STATUSES, type ResursV2Payment, type ResursV2Status, type ResursV2TaskStatus } from './types';

/**
 * A list whose unreadable entries are dropped rather than failing the whole answer: one odd
 * payment method (another product, a field we do not know) must not stop part payment.
 */
function readableEntries<T extends z.ZodType>(entry: T) {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const parsed = entry.safeParse(item);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    }),
  );
}

export const storesAnswer = z.object({
  content: readableEntries(z.object({ id: z.string().min(1), countryCode: z.string(), name: z.string().optional() })),
});
export type ResursStore = z.infer<typeof storesAnswer>['content'][number];

const legalLink = z.object({
  url: z.string().min(1),
  type: z.string(),
  needToAppendPriceLast: z.boolean().optional(),
  /** Spelled this way in some versions of the documentation. */
  needPriceLast: z.boolean().optional(),
});

export const paymentMethodsAnswer = z.object({
  paymentMethods: readableEntries(
    z.object({
      id: z.string().min(1),
      name: z.string().optional(),
      type: z.string(),
      minPurchaseLimit: z.number(),
      maxPurchaseLimit: z.number(),
      enabledForNaturalCustomer: z.boolean(),
      enabledForLegalCustomer: z.boolean().optional(),
      disabled: z.boolean().optional(),
      legalLinks: z.array(legalLink).optional(),
    }),
  ),
});
export type ResursPaymentMethod = z.infer<typeof paymentMethodsAnswer>['paymentMethods'][number];

const uriLink = z.object({ uri: z.string().min(1), language: z.string().optional() });

export const priceSignageAnswer = z.object({
  secciLinks: z.array(uriLink).optional(),
  generalTermsLinks: z.array(uriLink).optional(),
  costList: readableEntries(
    z.object({
      // Older versions of Resurs' own library read `months`, newer ones `durationMonths`.
      durationMonths: z.number().int().optional(),
      months: z.number().int().optional(),
      monthlyCost: z.number(),
      totalCost: z.number(),
      interest: z.number(),
      effectiveInterest: z.number(),
    }),
  ),
});
export type ResursCost = z.infer<typeof priceSignageAnswer>['costList'][number];

export const paymentAnswer = z.object({
  id: z.string().min(1),
  status: z.string(),
  order: z.object({
    orderReference: z.string(),
    capturedAmount: z.number().nullish(),
  }),
  taskRedirectionUrls: z.object({ customerUrl: z.string().nullish() }).nullish(),
  rejectedReason: z.object({ category: z.string().nullish() }).nullish(),
  application: z.object({ approvedCreditLimit: z.number().nullish() }).nullish(),
});

/** [?] The search's answer, as Resurs' PHP library reads it: the matches under `content`. */
export const searchAnswer = z.object({ content: z.array(z.object({ id: z.string().min(1) })) });

export const taskStatusAnswer = z.object({
  completed: z.boolean(),
  customer: z.object({ customerUrl: z.string().nullish(), hasActiveTask: z.boolean().nullish() }).nullish(),
});

/**
 * The one place that reads Resurs' status words. FROZEN is being retired by Resurs in favour of
 * AUTHORIZED/CAPTURED/REJECTED: when that reaches the payment status, it changes here only.
 * An unknown word is not guessed at: the caller gets a failure and keeps the last known status.
 */
export function paymentStatusOf(status: string): ResursV2Status | null {
  return (RESURS_V2_STATUSES as readonly string[]).includes(status) ? (status as ResursV2Status) : null;
}

export function toPayment(answer: z.infer<typeof paymentAnswer>): ResursV2Payment | null {
  const status = paymentStatusOf(answer.status);
  if (!status) return null;
  return {
    id: answer.id,
    orderReference: answer.order.orderReference,
    status,
    // An empty string is as good as no task.
    customerUrl: answer.taskRedirectionUrls?.customerUrl || null,
    rejectedReason: answer.rejectedReason?.category ?? null,
    approvedCreditLimit: answer.application?.approvedCreditLimit ?? null,
  };
}

/**
 * Why a payment can no longer be cancelled, read from the payment itself (the refusal's words are
 * not documented): rejected, including cancelled already, means nothing is left to cancel;
 * accepted and captured means it is final, to be refunded instead.
 */
export function whyNotCancellable(answer: z.infer<typeof paymentAnswer>): 'nothing-to-cancel' | 'final' | null {
  if (answer.status === 'REJECTED') return 'nothing-to-cancel';
  if (answer.status === 'ACCEPTED' && (answer.order.capturedAmount ?? 0) > 0) return 'final';
  return null;
}

export function toTaskStatus(answer: z.infer<typeof taskStatusAnswer>): ResursV2TaskStatus {
  return {
    completed: answer.completed,
    customerUrl: answer.customer?.customerUrl || null,
    hasActiveTask: answer.customer?.hasActiveTask ?? false,
  };
}

export const AUTHORIZATION_CALLBACK_STATUSES = ['AUTHORIZED', 'CAPTURED', 'FROZEN', 'REJECTED'] as const;

const authorizationCallback = z.object({
  paymentId: z.string().min(1).max(100),
  status: z.enum(AUTHORIZATION_CALLBACK_STATUSES),
  created: z.string().optional(),
});
export type ResursV2AuthorizationCallback = z.infer<typeof authorizationCallback>;

/**
 * Reads an authorization callback's body (PROVIDERS.md: POST JSON {paymentId, status, created}).
 * Callbacks carry no signature and may repeat or arrive out of order: treat one only as a hint
 * to re-read the payment with `getPayment`.
 */
export function parseAuthorizationCallback(body: unknown): ResursV2AuthorizationCallback | null {
  const parsed = authorizationCallback.safeParse(body);
  return parsed.success ? parsed.data : null;
}
