/**
 * What the adapter reads from the Merchant API, checked by the http client (`answer:`): an answer
 * without the shape below is the provider's fault, an `unreadable` failure naming the field, never
 * a crash. The schemas ask only for the fields the portal uses and let everything else through, so
 * additions on Resurs' side break nothing. Where Resurs' material shows an older spelling beside
 * the current one (its shipped library and older versions of it), both are read.
 */
import { z } from 'zod';
import type { PaymentMoney } from '../types';
import {
  RESURS_V2_ACTION_TYPES,
  RESURS_V2_POSSIBLE_ACTIONS,
  RESURS_V2_STATUSES,
  type ResursV2Action,
  type ResursV2MoneyKind,
  type ResursV2Payment,
  type ResursV2PaymentMoney,
  type ResursV2TaskStatus,
} from './types';

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

/**
 * `GET /v2/stores`: a page of stores under `content` (shipped ecom `Module/Store/Repository.php`),
 * and where Resurs says so, which page of how many (`page`, Spring's pagination).
 */
export const storesAnswer = z.object({
  content: readableEntries(z.object({ id: z.string().min(1), countryCode: z.string(), name: z.string().optional() })),
  page: z.object({ number: z.number().int(), totalPages: z.number().int() }).nullish(),
});
export type ResursStore = z.output<typeof storesAnswer>['content'][number];

/** The legal-link types the portal shows (shipped ecom `Lib/Order/PaymentMethod/LegalLink/Type.php`): SEKKI is the older spelling of SECCI. */
export const SECCI_LINK_TYPES: readonly string[] = ['SECCI', 'SEKKI'];
export const GENERAL_TERMS_LINK_TYPE = 'GENERAL_TERMS';

const legalLink = z
  .object({
    url: z.string().min(1),
    type: z.string(),
    /** Shipped ecom `Lib/Model/PaymentMethod/LegalLink.php`: the amount is written at the end of the address. */
    appendAmount: z.boolean().optional(),
    /** The same, in an older version of Resurs' library (and `needPriceLast` in some of its documentation). */
    needToAppendPriceLast: z.boolean().optional(),
    needPriceLast: z.boolean().optional(),
  })
  .transform(({ url, type, appendAmount, needToAppendPriceLast, needPriceLast }) => ({
    url,
    type,
    appendAmount: appendAmount ?? needToAppendPriceLast ?? needPriceLast ?? false,
  }));

const paymentMethods = readableEntries(
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
);

/**
 * `GET /v2/stores/{id}/payment_methods`: the list under `content` (shipped ecom
 * `Module/PaymentMethod/Repository.php`, `extractProperty: 'content'`); an older version of
 * Resurs' library read it under `paymentMethods`, which is read too. Neither: unreadable at `content`.
 */
export const paymentMethodsAnswer = z
  .object({ content: paymentMethods.optional(), paymentMethods: paymentMethods.optional() })
  .transform((answer, context) => {
    const list = answer.content ?? answer.paymentMethods;
    if (list) return list;
    context.addIssue({ code: 'custom', path: ['content'], message: 'no list of payment methods' });
    return z.NEVER;
  });
export type ResursPaymentMethod = z.output<typeof paymentMethodsAnswer>[number];

const uriLink = z.object({ uri: z.string().min(1), language: z.string().optional() });

export const priceSignageAnswer = z.object({
  secciLinks: z.array(uriLink).optional(),
  /** The older spelling of `secciLinks` (Resurs' older mock gateway and library). */
  sekkiLinks: z.array(uriLink).optional(),
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
export type ResursCost = z.output<typeof priceSignageAnswer>['costList'][number];

/**
 * A payment (shipped ecom `Lib/Model/Payment.php`). Its status is one of the six Resurs lists: a
 * word we do not know is not guessed at, the answer is unreadable at `status` and the caller keeps
 * the last known status. `order` may be absent (nullable in Resurs' model).
 */
export const paymentAnswer = z.object({
  id: z.string().min(1),
  status: z.enum(RESURS_V2_STATUSES),
  order: z.object({ orderReference: z.string().nullish(), capturedAmount: z.number().nullish() }).nullish(),
  taskRedirectionUrls: z.object({ customerUrl: z.string().nullish() }).nullish(),
  rejectedReason: z.object({ category: z.string().nullish() }).nullish(),
  application: z.object({ approvedCreditLimit: z.number().nullish() }).nullish(),
});
export type ResursV2PaymentAnswer = z.output<typeof paymentAnswer>;

/** `POST /v2/payments/search`, as Resurs' library calls it (shipped ecom `Module/Payment/Api/Search.php`): the matches under `content`. */
export const searchAnswer = z.object({ content: z.array(z.object({ id: z.string().min(1) })) });

export const taskStatusAnswer = z.object({
  completed: z.boolean(),
  customer: z.object({ customerUrl: z.string().nullish(), hasActiveTask: z.boolean().nullish() }).nullish(),
});

export function toPayment(answer: ResursV2PaymentAnswer): ResursV2Payment {
  return {
    id: answer.id,
    orderReference: answer.order?.orderReference ?? null,
    // FROZEN is being retired by Resurs in favour of AUTHORIZED/CAPTURED/REJECTED: when that
    // reaches the payment status, it changes in RESURS_V2_STATUSES and the flow only.
    status: answer.status,
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
export function whyNotCancellable(answer: ResursV2PaymentAnswer): 'nothing-to-cancel' | 'final' | null {
  if (answer.status === 'REJECTED') return 'nothing-to-cancel';
  if (answer.status === 'ACCEPTED' && (answer.order?.capturedAmount ?? 0) > 0) return 'final';
  return null;
}

/**
 * The order's money (shipped ecom `Lib/Model/Payment/Order.php`), what can be done next, and the
 * action log (`Order/ActionLog.php`): an entry or a possible action of a kind we do not know is
 * left out rather than failing the answer; the amounts are required.
 */
const orderMoney = z.object({
  authorizedAmount: z.number(),
  capturedAmount: z.number(),
  refundedAmount: z.number(),
  canceledAmount: z.number(),
  possibleActions: readableEntries(z.object({ action: z.enum(RESURS_V2_POSSIBLE_ACTIONS) })),
  actionLog: readableEntries(
    z.object({
      type: z.enum(RESURS_V2_ACTION_TYPES),
      actionId: z.string().nullish(),
      created: z.string().nullish(),
      orderLines: z.array(z.object({ totalAmountIncludingVat: z.number(), quantityUnit: z.string().nullish() })),
      transactionId: z.string().nullish(),
      creator: z.string().nullish(),
    }),
  ),
});

/** A payment read for its money (`GET /v2/payments/{id}`): a payment without its order has none yet. */
export const paymentMoneyAnswer = z.object({
  id: z.string().min(1),
  status: z.enum(RESURS_V2_STATUSES),
  countryCode: z.string().nullish(),
  order: orderMoney.nullish(),
});
export type ResursV2PaymentMoneyAnswer = z.output<typeof paymentMoneyAnswer>;

/** The payment a capture, refund or cancel answers: its order and amounts must be there. */
export const moneyOperationAnswer = paymentMoneyAnswer.extend({ order: orderMoney });

const cents = (amount: number) => Math.round(amount * 100);
const fromCents = (value: number) => value / 100;

/**
 * The portal's reading of Resurs' amounts. Resurs' `authorizedAmount` is what is still
 * authorized, neither captured nor cancelled (its library reads a payment as captured or cancelled
 * when it is 0, `Lib/Model/Payment.php:214-258`; its WooCommerce plugin adds it to
 * `capturedAmount` to get what the order is worth, `Filter/UpdateOrder.php:79`): what was
 * authorized in all is the three together.
 */
export function toPaymentMoney(answer: ResursV2PaymentMoneyAnswer): ResursV2PaymentMoney {
  const { order } = answer;
  const money: PaymentMoney = order
    ? {
        authorized: fromCents(cents(order.authorizedAmount) + cents(order.capturedAmount) + cents(order.canceledAmount)),
        captured: order.capturedAmount,
        refunded: order.refundedAmount,
        cancelled: order.canceledAmount,
      }
    : { authorized: 0, captured: 0, refunded: 0, cancelled: 0 };
  const actions: ResursV2Action[] = (order?.actionLog ?? []).map((entry) => ({
    type: entry.type,
    actionId: entry.actionId ?? null,
    created: entry.created ?? null,
    amount: fromCents(entry.orderLines.reduce((sum, line) => sum + cents(line.totalAmountIncludingVat), 0)),
    transactionId: entry.transactionId ?? null,
    creator: entry.creator ?? null,
  }));
  return { status: answer.status, money, possibleActions: (order?.possibleActions ?? []).map((p) => p.action), actions };
}

/** The unit the order's lines were counted in, as Resurs holds them (the first line that says). */
export function quantityUnitOf(answer: ResursV2PaymentMoneyAnswer): string | null {
  for (const entry of answer.order?.actionLog ?? []) {
    const unit = entry.orderLines.find((line) => line.quantityUnit)?.quantityUnit;
    if (unit) return unit;
  }
  return null;
}

const ACTION_OF: Readonly<Record<ResursV2MoneyKind, ResursV2Action['type']>> = { capture: 'CAPTURE', refund: 'REFUND', cancel: 'CANCEL' };

/**
 * The portal's operation in the payment's action log, or null: an entry of its kind that carries
 * the operation id as `transactionId` (capture, refund) or as `creator` (cancel, which takes no
 * transactionId). How a retry after a crash is told from a new operation.
 */
export function findMoneyAction(reading: Pick<ResursV2PaymentMoney, 'actions'>, kind: ResursV2MoneyKind, operationId: string): ResursV2Action | null {
  return reading.actions.find((action) => action.type === ACTION_OF[kind] && (action.transactionId === operationId || action.creator === operationId)) ?? null;
}

export function toTaskStatus(answer: z.output<typeof taskStatusAnswer>): ResursV2TaskStatus {
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
