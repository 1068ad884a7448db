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

/**
 * How long a BankID identification may take: a callback later than this is refused, and a
 * session that holds nothing but identifications started (no one identified yet) is deleted then
 * rather than after the 30 idle minutes of a customer's session.
 */
export const IDENTIFICATION_MAX_MINUTES = 15;

/** One limit: at most `points` requests per `windowSeconds` (a fixed window) per key. */
export interface RateLimit {
  points: number;
  windowSeconds: number;
}

/**
 * The customer is told to try again in 15 minutes (ERRORS.TOO_MANY_REQUESTS in every
 * language), so every limit a customer can meet counts over 15 minutes.
 */
const CUSTOMER_WINDOW_SECONDS = 15 * 60;

/**
 * Rate limits on everything a stranger can make the portal spend on (PRODUCT section 8; ADR 15):
 * BankID and dummy-login starts, submits, signing, the merchant API and the status poll. Counted
 * in the database, so every instance shares them; over a limit the answer is 429
 * TOO_MANY_REQUESTS with Retry-After. A deployment (or a test suite that runs every journey
 * from one address) may set other points through RATE_LIMITS (server/src/config.ts).
 */
export const RATE_LIMITS = {
  /**
   * BankID starts and dummy logins from one address (IPv6: its /64). An office, a household or a
   * mobile carrier's shared address (CGNAT) carries many customers, each of whom starts once or
   * twice, three times after a cancel: 60 is about a start every 15 seconds, all quarter-hour.
   * Bounds what one client can make the portal keep: at most 60 sessions per quarter hour.
   */
  identificationPerIp: { points: 60, windowSeconds: CUSTOMER_WINDOW_SECONDS },
  /**
   * Starts for one application (its reference), from anywhere. Its customer identifies once,
   * again after a cancel, a failed BankID app or in a second tab: 10 leaves room for all of it.
   */
  identificationPerApplication: { points: 10, windowSeconds: CUSTOMER_WINDOW_SECONDS },
  /**
   * Submits of one application. Submitting is idempotent (a second submit never makes a second
   * lender application), but each may call the lender: a customer submits once, again after
   * fixing a field or when the lender was down; 10 is several honest retries.
   */
  submitPerApplication: { points: 10, windowSeconds: CUSTOMER_WINDOW_SECONDS },
  /** Submits from one session: twice the application's, for a customer with a second application. */
  submitPerSession: { points: 20, windowSeconds: CUSTOMER_WINDOW_SECONDS },
  /**
   * Signing starts (a Resurs signing session, GRENKE's signing order and each refresh of its
   * signatories' statuses from the signing service). The business signing page asks every 3
   * seconds for up to two minutes while GRENKE decides (40 asks), and again when the customer
   * checks once more: 200 is five such rounds.
   */
  signingPerApplication: { points: 200, windowSeconds: CUSTOMER_WINDOW_SECONDS },
  /** Signing calls from one session: twice the application's, as for submits. */
  signingPerSession: { points: 400, windowSeconds: CUSTOMER_WINDOW_SECONDS },
  /**
   * Merchant API calls per API key, per minute (a shop reads the headers, not a text). A large
   * shop's peak is a few applications a second with a status read or two each; 1,200 a minute
   * (20 a second) is several times that. Beyond it, a loop rather than a shop.
   */
  merchantApiPerKey: { points: 1200, windowSeconds: 60 },
  /**
   * Merchant API calls with a wrong or missing key, per address: a shop with a bad key sees its
   * 401s first, then 429. Only failures count and only failures are refused: a key that
   * verifies is served whatever its address sent before, since a shop on a shared egress (a
   * cloud NAT, a hosted shop platform) must not be shut out by another tenant there (ADR 15).
   */
  merchantAuthFailuresPerIp: { points: 30, windowSeconds: CUSTOMER_WINDOW_SECONDS },
  /**
   * Merchant API calls with a wrong key, per the key's visible prefix (its marker and first eight
   * characters, as the back office lists keys): a guess at one merchant's key spread over many
   * addresses. A shop still sending a revoked key from its servers fails under its prefix too:
   * 30, as per address. Never refuses the key with that prefix that verifies.
   */
  merchantAuthFailuresPerKeyPrefix: { points: 30, windowSeconds: CUSTOMER_WINDOW_SECONDS },
  /**
   * Payment status polls per session. The waiting screen asks every 5 seconds, 15 times a
   * visit (180 a quarter hour if it never stopped); 900 is one a second, five times that, for
   * several tabs and reloads. Counted in memory first (ADR 15): the poll stays a memory read.
   */
  pollPerSession: { points: 900, windowSeconds: CUSTOMER_WINDOW_SECONDS },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMITS) as RateLimitName[];
