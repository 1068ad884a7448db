/**
 * What every provider adapter returns: a result, never a thrown vendor error. Routes and
 * services map failures to the spec's error catalogue in one place (services/provider-errors.ts).
 */
import type { Currency, DocumentLink } from '@portal/domain';

export type ProviderName = 'resurs-v1' | 'resurs-v2' | 'grenke' | 'signing' | 'bankid' | 'registry';

export type ProviderFailure =
  /** Unreachable, timed out or answered 5xx: WEB_SERVICE_DOWN. */
  | { kind: 'unavailable'; reason: 'timeout' | 'network' | 'server-error'; status?: number }
  /** 429: TOO_MANY_REQUESTS. */
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  /** Any other 4xx, or an answer we could not read: the provider refused the request. */
  | { kind: 'refused'; status: number; code?: string };

export type ProviderResult<T> = { ok: true; value: T } | { ok: false; failure: ProviderFailure };

export const ok = <T>(value: T): ProviderResult<T> => ({ ok: true, value });
export const fail = <T = never>(failure: ProviderFailure): ProviderResult<T> => ({ ok: false, failure });

/** Who a call is for: interactions are recorded against the application. */
export interface CallContext {
  applicationId?: string | undefined;
}

/** The loan terms shown to the customer, from the provider's pricing (never from the merchant). */
export interface LoanPricing {
  currency: Currency;
  loanAmount: number;
  loanPeriod: number;
  /** Total cost of credit over the period. */
  cost: number;
  /** Nominal yearly interest rate in percent, e.g. 12.95. */
  interestRate: number;
  /** Effective yearly rate (APR) in percent, shown in the SECCI. */
  effectiveInterestRate: number;
  totalMonthlyPayment: number;
  secciLinks: DocumentLink[];
  generalTermsLinks: DocumentLink[];
}

/** One line of the provider interaction log: no bodies, no personal data. */
export interface Interaction {
  provider: ProviderName;
  operation: string;
  applicationId?: string | undefined;
  httpStatus?: number | undefined;
  outcome: 'ok' | ProviderFailure['kind'];
  durationMs: number;
}

export interface InteractionRecorder {
  record(interaction: Interaction): Promise<void>;
}
