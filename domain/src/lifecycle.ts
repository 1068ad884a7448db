/**
 * The application lifecycle (PRODUCT section 8): the one table of statuses × events that every
 * status change goes through. Each allowed (status, event) pair names together the next status,
 * the outcome the customer is sent back to the shop with, the status the merchant API shows and
 * the webhook event it produces, so no channel can tell a different story. A pair that is not in
 * the table is refused, never applied. `docs/lifecycle.md` is generated from this table.
 */
import type { Outcome } from './outcomes';

/** The portal's own statuses of an application. */
export const APPLICATION_STATUSES = [
  'CREATED',
  'SUBMITTED',
  'PENDING',
  'APPROVED',
  'SIGNING',
  'SIGNED',
  'COMPLETED',
  'DECLINED',
  'CANCELLED',
  'FAILED',
  'WITHDRAWN',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * What the merchant API and webhooks call a status. `SIGNED` (signed, the lender's final answer
 * still to come) is `PENDING` to a merchant: either way the lender is deciding.
 */
export const MERCHANT_STATUSES = ['CREATED', 'SUBMITTED', 'PENDING', 'APPROVED', 'SIGNING', 'COMPLETED', 'DECLINED', 'CANCELLED', 'FAILED', 'WITHDRAWN'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

/** What the waiting screen's status call answers (spec section 4). */
export type PaymentStatus = 'ACCEPTED' | 'REJECTED' | 'FROZEN' | 'TASK_REDIRECTION_REQUIRED';

export interface StatusInfo {
  /** The status as the merchant API and webhooks show it. */
  merchant: MerchantStatus;
  /** What the customer's waiting screen is told: FROZEN means a person at the lender decides. */
  payment: PaymentStatus;
  /** Final statuses are never left: nothing can be submitted, signed or cancelled any more. */
  final: boolean;
}

export const STATUS_INFO: Readonly<Record<ApplicationStatus, StatusInfo>> = {
  CREATED: { merchant: 'CREATED', payment: 'TASK_REDIRECTION_REQUIRED', final: false },
  SUBMITTED: { merchant: 'SUBMITTED', payment: 'TASK_REDIRECTION_REQUIRED', final: false },
  PENDING: { merchant: 'PENDING', payment: 'FROZEN', final: false },
  APPROVED: { merchant: 'APPROVED', payment: 'TASK_REDIRECTION_REQUIRED', final: false },
  SIGNING: { merchant: 'SIGNING', payment: 'TASK_REDIRECTION_REQUIRED', final: false },
  SIGNED: { merchant: 'PENDING', payment: 'FROZEN', final: false },
  COMPLETED: { merchant: 'COMPLETED', payment: 'ACCEPTED', final: true },
  DECLINED: { merchant: 'DECLINED', payment: 'REJECTED', final: true },
  CANCELLED: { merchant: 'CANCELLED', payment: 'REJECTED', final: true },
  FAILED: { merchant: 'FAILED', payment: 'REJECTED', final: true },
  WITHDRAWN: { merchant: 'WITHDRAWN', payment: 'REJECTED', final: true },
};

/** What each status means, for the documentation (kept apart so the web app does not ship it). */
export const STATUS_MEANINGS: Readonly<Record<ApplicationStatus, string>> = {
  CREATED: 'created by the merchant; the customer has not applied yet',
  SUBMITTED: 'sent to the lender, no decision yet',
  PENDING: 'manual review at the lender, before signing',
  APPROVED: 'approved by the lender; the customer signs next',
  SIGNING: 'the customer is asked to sign',
  SIGNED: "signed; the lender's final answer is still to come",
  COMPLETED: 'granted by the lender',
  DECLINED: 'declined by the lender',
  CANCELLED: 'cancelled by the customer, the merchant or the lender',
  FAILED: 'not signed: the customer left or the signing was closed',
  WITHDRAWN: 'the consumer withdrew from the concluded credit agreement within the withdrawal period (CCD2 Art. 26); the shop arranges the return of the goods',
};

export const FINAL_APPLICATION_STATUSES: readonly ApplicationStatus[] = /* @__PURE__ */ APPLICATION_STATUSES.filter((status) => STATUS_INFO[status].final);
export const isFinalStatus = (status: ApplicationStatus): boolean => STATUS_INFO[status].final;
export const merchantStatusOf = (status: ApplicationStatus): MerchantStatus => STATUS_INFO[status].merchant;

/**
 * An application nobody finished (never applied for, or approved and never signed) expires after
 * this many days without a change: the merchant hears `expired`, the lender's offer is withdrawn.
 */
export const UNFINISHED_APPLICATION_EXPIRY_DAYS = 14;
/** Statuses in which the customer, not the lender, must act next: these expire. */
export const EXPIRING_STATUSES: readonly ApplicationStatus[] = ['CREATED', 'APPROVED', 'SIGNING'];

/** Everything that can happen to an application, from whichever side. */
export const LIFECYCLE_EVENTS = [
  'identified',
  'submitted',
  'decision.approved',
  'decision.pending',
  'decision.declined',
  'decision.cancelled',
  'decision.granted',
  'signing.started',
  'signing.completed',
  'signing.declined',
  'signing.expired',
  'signing.aborted',
  'customer.left',
  'merchant.cancelled',
  'operator.cancelled',
  'expired',
  'payment.captured',
  'payment.refunded',
  'payment.cancelled',
  'payment.operation_failed',
  'lease.delivery_confirmed',
  'customer.withdrew',
  'review.changed',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

export const LIFECYCLE_EVENT_MEANINGS: Readonly<Record<LifecycleEvent, string>> = {
  identified: 'the customer identified with BankID',
  submitted: 'the customer applied; the application went to the lender',
  'decision.approved': 'the lender approved; the customer signs next',
  'decision.pending': 'the lender put it in manual review (frozen, inspection, missing information)',
  'decision.declined': 'the lender declined',
  'decision.cancelled': 'the lender cancelled',
  'decision.granted': "the lender's answer is final and yes (booked, accepted, contracted): the payment status is final",
  'signing.started': 'the customer was sent to sign',
  'signing.completed': 'every signature is in',
  'signing.declined': 'the signer declined or cancelled; they may try again',
  'signing.expired': 'the signing session expired; they may try again',
  'signing.aborted': 'the signer cancelled and the lender closed the application',
  'customer.left': 'the customer went back to the shop (header link, log out, a page\u2019s back link)',
  'merchant.cancelled': 'the merchant cancelled through the merchant API',
  'operator.cancelled': "the lender's support staff cancelled it in the back office (the reason is in the audit log)",
  expired: 'nothing happened for too long (the apply link or the lender\u2019s time to live ran out)',
  'payment.captured': 'the merchant captured (all or part of) the granted amount: the lender pays the merchant (settlement moves on)',
  'payment.refunded': 'the merchant refunded (all or part of) what was captured: the lender pays the customer back',
  'payment.cancelled': 'the merchant cancelled what was not captured after the approval: it will never be captured',
  'payment.operation_failed': 'the lender refused a money operation the portal had accepted, or it could not be sent in time: nothing moved',
  'lease.delivery_confirmed': 'the merchant confirmed the leased goods were delivered: the lease starts',
  'customer.withdrew': 'the consumer withdrew from the concluded credit agreement on their own page, within the withdrawal period',
  'review.changed': "a person at the lender reviewed a declined application at the customer's request and approved it: the customer signs next",
};

/** Webhook event types: one per real transition, none when nothing changes. */
export const WEBHOOK_EVENT_TYPES = [
  'application.submitted',
  'application.pending',
  'application.approved',
  'application.signing',
  'application.signing_failed',
  'application.signed',
  'application.completed',
  'application.declined',
  'application.cancelled',
  'application.failed',
  'payment.captured',
  'payment.refunded',
  'payment.cancelled',
  'payment.operation_failed',
  'lease.delivery_confirmed',
  'application.withdrawn',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What an allowed (status, event) pair does. A row with `webhook: null` changes nothing. */
export interface LifecycleTransition {
  from: ApplicationStatus;
  event: LifecycleEvent;
  to: ApplicationStatus;
  /** The outcome from now on: where the customer is sent back with, and what the merchant reads. */
  outcome: Outcome | null;
  merchantStatus: MerchantStatus;
  webhook: WebhookEventType | null;
  /** A change every time although the status stays (money after the sale). */
  always: boolean;
}

/**
 * `always`: the event is a change every time it happens although the status stays (money after
 * the sale: each capture is one, with its own timeline entry and webhook).
 */
type Rule = readonly [from: readonly ApplicationStatus[], to: ApplicationStatus | 'same', outcome: Outcome | 'same', webhook: WebhookEventType | null, always?: 'always'];

const ALL = APPLICATION_STATUSES;
const FINAL = FINAL_APPLICATION_STATUSES;
/** Statuses before the customer has signed anything. */
const BEFORE_SIGNING = ['SUBMITTED', 'PENDING', 'APPROVED'] as const satisfies readonly ApplicationStatus[];
/** Reports of the state an application is already in change nothing (pollers repeat them). */
/* @__NO_SIDE_EFFECTS__ */
function unchanged(...from: ApplicationStatus[]): Rule {
  return [from, 'same', 'same', null];
}

const RULES: Readonly<Record<LifecycleEvent, readonly Rule[]>> = {
  identified: [unchanged(...ALL)],
  submitted: [[['CREATED'], 'SUBMITTED', 'apply_continue', 'application.submitted'], unchanged('SUBMITTED')],
  'decision.approved': [[['SUBMITTED', 'PENDING'], 'APPROVED', 'apply_approved', 'application.approved'], unchanged('APPROVED', 'SIGNING', 'SIGNED')],
  'decision.pending': [
    [['SUBMITTED', 'APPROVED'], 'PENDING', 'apply_continue', 'application.pending'],
    [['SIGNING'], 'SIGNED', 'apply_continue', 'application.signed'],
    unchanged('PENDING', 'SIGNED'),
  ],
  'decision.declined': [
    [BEFORE_SIGNING, 'DECLINED', 'apply_denied', 'application.declined'],
    [['SIGNING', 'SIGNED'], 'DECLINED', 'client_sign_success_denied', 'application.declined'],
    unchanged('DECLINED'),
  ],
  'decision.cancelled': [
    [[...BEFORE_SIGNING, 'SIGNING'], 'CANCELLED', 'apply_cancelled', 'application.cancelled'],
    [['SIGNED'], 'CANCELLED', 'client_sign_success_cancelled', 'application.cancelled'],
    unchanged('CANCELLED'),
  ],
  'decision.granted': [
    [BEFORE_SIGNING, 'COMPLETED', 'apply_approved', 'application.completed'],
    [['SIGNING', 'SIGNED'], 'COMPLETED', 'client_sign_success_approved', 'application.completed'],
    unchanged('COMPLETED'),
  ],
  'signing.started': [
    [['SUBMITTED'], 'SIGNING', 'apply_continue', 'application.signing'],
    [['APPROVED'], 'SIGNING', 'apply_approved', 'application.signing'],
    // A late report of a signing that has moved on since.
    unchanged('SIGNING', 'SIGNED'),
  ],
  'signing.completed': [[['SIGNING'], 'SIGNED', 'apply_continue', 'application.signed'], unchanged('SIGNED', 'COMPLETED')],
  'signing.declined': [[['SIGNING'], 'same', 'client_sign_failed', 'application.signing_failed']],
  'signing.expired': [[['SIGNING'], 'same', 'client_sign_failed', 'application.signing_failed']],
  'signing.aborted': [[['SIGNING'], 'FAILED', 'client_sign_failed', 'application.failed'], unchanged('FAILED')],
  'customer.left': [
    [['CREATED'], 'CANCELLED', 'apply_cancelled', 'application.cancelled'],
    [['APPROVED', 'SIGNING'], 'FAILED', 'client_sign_failed', 'application.failed'],
    // At the lender: it decides, and the merchant hears of it by webhook.
    unchanged('SUBMITTED', 'PENDING', 'SIGNED'),
    unchanged(...FINAL),
  ],
  'merchant.cancelled': [
    [['CREATED', ...BEFORE_SIGNING, 'SIGNING'], 'CANCELLED', 'apply_cancelled', 'application.cancelled'],
    [['SIGNED'], 'CANCELLED', 'client_sign_success_cancelled', 'application.cancelled'],
    unchanged('CANCELLED'),
  ],
  'operator.cancelled': [
    [['CREATED', ...BEFORE_SIGNING, 'SIGNING'], 'CANCELLED', 'apply_cancelled', 'application.cancelled'],
    [['SIGNED'], 'CANCELLED', 'client_sign_success_cancelled', 'application.cancelled'],
    unchanged('CANCELLED'),
  ],
  expired: [
    [['CREATED', 'SUBMITTED', 'PENDING'], 'CANCELLED', 'apply_cancelled', 'application.cancelled'],
    [['APPROVED', 'SIGNING'], 'FAILED', 'client_sign_failed', 'application.failed'],
    unchanged(...FINAL),
  ],
  // After the sale: the status stays COMPLETED, its settlement (domain/settlement.ts) moves on.
  'payment.captured': [[['COMPLETED'], 'same', 'same', 'payment.captured', 'always']],
  // A withdrawn credit's money still settles: the open amount cancelled, a refund of the captured.
  'payment.refunded': [[['COMPLETED', 'WITHDRAWN'], 'same', 'same', 'payment.refunded', 'always']],
  'payment.cancelled': [[['COMPLETED', 'WITHDRAWN'], 'same', 'same', 'payment.cancelled', 'always']],
  // A lease is delivered once it is signed: GRENKE contracts it after the delivery (ADR 29).
  'payment.operation_failed': [[['SIGNED', 'COMPLETED', 'WITHDRAWN'], 'same', 'same', 'payment.operation_failed', 'always']],
  'lease.delivery_confirmed': [[['SIGNED', 'COMPLETED'], 'same', 'same', 'lease.delivery_confirmed', 'always']],
  // Within the withdrawal period of a concluded agreement (domain/after-decision.ts): final.
  'customer.withdrew': [[['SIGNED', 'COMPLETED'], 'WITHDRAWN', 'same', 'application.withdrawn'], unchanged('WITHDRAWN')],
  // The one way out of a decline: the lender's new decision after a review by a person.
  'review.changed': [[['DECLINED'], 'APPROVED', 'apply_approved', 'application.approved'], unchanged('APPROVED')],
};

const key = (from: ApplicationStatus, event: LifecycleEvent) => `${from} ${event}`;

/** Every allowed pair, in table order. (Pure: a bundle that only reads STATUS_INFO leaves it out.) */
export const LIFECYCLE_TABLE: readonly LifecycleTransition[] = /* @__PURE__ */ LIFECYCLE_EVENTS.flatMap((event) =>
  RULES[event].flatMap(([from, to, outcome, webhook, always]) =>
    from.map((status) => {
      const next = to === 'same' ? status : to;
      return {
        from: status,
        event,
        to: next,
        // 'same' is only ever used with the outcome the status already carries (resolved at run time).
        outcome: outcome === 'same' ? null : outcome,
        merchantStatus: STATUS_INFO[next].merchant,
        webhook,
        always: always === 'always',
      } satisfies LifecycleTransition;
    }),
  ),
);

const BY_PAIR = /* @__PURE__ */ new Map(/* @__PURE__ */ LIFECYCLE_TABLE.map((row) => [key(row.from, row.event), row]));

/**
 * What `event` does to an application in `status` with `outcome`, or null when the pair is not
 * allowed. A row that keeps the outcome answers the current one; `changed` is false when
 * nothing would change (no timeline entry with a status, no webhook).
 */
export function nextState(
  status: ApplicationStatus,
  outcome: Outcome | null,
  event: LifecycleEvent,
): (LifecycleTransition & { changed: boolean }) | null {
  const row = BY_PAIR.get(key(status, event));
  if (!row) return null;
  const next = row.webhook === null || row.outcome === null ? outcome : row.outcome;
  return { ...row, outcome: next, changed: row.webhook !== null && (row.always || row.to !== status || next !== outcome) };
}

/** Whether `event` may happen to an application in `status`. */
export const isAllowed = (status: ApplicationStatus, event: LifecycleEvent): boolean => BY_PAIR.has(key(status, event));
