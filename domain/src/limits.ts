/** Business constants of spec section 9 and the limits the portal enforces. One place each. */

import type { CountryCode } from './countries';

export const PAYMENT_STATUS_POLL_INTERVAL_MS = 5000;
export const PAYMENT_STATUS_MAX_RETRIES = 15;
/**
 * How often an open apply or sign page asks whether its application turned final behind the
 * customer's back (the shop cancelled it), while the page is visible; and at once when it
 * becomes visible again.
 */
export const APPLICATION_WATCH_INTERVAL_MS = 15_000;

export const FLEX_YOUNG = {
  amountLimit: { NO: 20000, SE: 40000 } as Readonly<Record<CountryCode, number>>,
  minAge: 19,
  minPeriodMonths: 24,
  maxPeriodMonths: 48,
  accountKey: 'student',
} as const;

export const CREDIT_CHECK_MAX_MINUTES = 20;
/**
 * How long a manual review at the lender usually takes, in working days: what the customer is
 * told when the lender puts the application in manual review (FROZEN).
 */
export const MANUAL_REVIEW_WORKING_DAYS = 2;
export const RENEWAL_WINDOW_DAYS = 14;
export const PRODUCT_NAME_MAX_LENGTH = 100;

export const MOCK_DELAY_SECONDS = { min: 0, max: 300, default: 30 } as const;
/**
 * The decisions the business screen's mock panel (sandbox only) can make the simulated GRENKE
 * take: a contract between the client API's mock route and the simulator's control endpoint.
 */
export const GRENKE_MOCK_ACTIONS = ['continue', 'denied', 'cancelled', 'approved'] as const;
export type GrenkeMockAction = (typeof GRENKE_MOCK_ACTIONS)[number];

export const SESSION_IDLE_TIMEOUT_MINUTES = 30;

/** The largest JSON body the API accepts. */
export const REQUEST_BODY_LIMIT_BYTES = 64 * 1024;

export const TEXT_LIMITS = {
  name: 100,
  companyName: 200,
  email: 254,
  phone: 30,
  address: 200,
  postalCode: 10,
  city: 100,
  merchantPaymentReference: 100,
  url: 2000,
  sku: 100,
  itemName: 300,
  items: 100,
} as const;

export const LOAN_LIMITS = {
  minAmount: 1,
  maxAmount: 10_000_000,
  minPeriodMonths: 1,
  maxPeriodMonths: 120,
} as const;

export const UI_TIMINGS = {
  dropdownTypeaheadResetMs: 350,
  tooltipThrottleMs: 16,
} as const;

/**
 * How long a pending decision (Resurs FROZEN or INSPECTION) is reported to the waiting customer
 * as still in progress. Automatic checks settle within seconds; a decision still pending after
 * this goes to manual review, and the customer returns to the merchant (outcome apply_continue).
 */
export const PENDING_DECISION_GRACE_SECONDS = 20;
