/**
 * What every provider adapter returns: a result, never a thrown vendor error. Routes and
 * services map failures to the spec's error catalogue in one place (services/provider-errors.ts).
 */
import type { Currency, DocumentLink, ErrorCode } from '@portal/domain';

export type ProviderName = 'resurs-v1' | 'resurs-v2' | 'grenke' | 'signing' | 'bankid' | 'registry';

/**
 * The catalogue codes (spec section 8) an adapter can recognise in a provider's answer. Each
 * adapter names, in one place, which of its provider's answers means which; services map the
 * codes to HTTP statuses in services/provider-errors.ts.
 */
export const PROVIDER_CATALOGUE_CODES = [
  /** A 2xx that should carry the payment (or leasing request) and does not, or not readably. */
  'PAYMENT_RESPONSE_MISSING',
  /** The lender will not go on because of the customer's other accounts: the customer must call it. */
  'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND',
  /** A signed document or contract was refused because not every signature is in. */
  'ALL_CONTRACTS_MUST_BE_SIGNED',
  /** The lender refused the customer's identification (government ID). */
  'INVALID_IDENTIFICATION_CODE',
  /** The payment is already final at the provider: debited or captured, contracted, annulled, closed. */
  'PAYMENT_STATUS_FINAL',
] as const satisfies readonly ErrorCode[];
export type ProviderCatalogueCode = (typeof PROVIDER_CATALOGUE_CODES)[number];

/**
 * What a refusal means for a signing, where the adapter can tell (the signing codes of spec
 * section 8): the lender has no valid signature (INVALID_SIGNATURE_STATUS), or there is nothing
 * approved to sign (NOT_APPROVED). services/provider-errors.ts turns it into the code.
 */
export type SigningRefusal = 'NOT_APPROVED' | 'INVALID_SIGNATURE_STATUS';

export type ProviderFailure =
  /**
   * Unreachable, timed out or answered 5xx: WEB_SERVICE_DOWN. `circuit-open`: not even tried,
   * because the provider's circuit is open (providers/health.ts). `not-configured`: not even
   * tried, because this portal has no account with the provider (there, or at all); its products
   * are not offered, so only an application from before the account was removed gets here.
   */
  | { kind: 'unavailable'; reason: 'timeout' | 'network' | 'server-error' | 'circuit-open' | 'not-configured'; status?: number }
  /** 429: TOO_MANY_REQUESTS. */
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  /**
   * Any other 4xx, or an answer we could not read: the provider refused the request. `code` is
   * the provider's own word (for logs and tests, never shown); `catalogue` and `signing` say
   * what it means, when the adapter recognises it; without them it is a REQUEST_ERROR.
   */
  | { kind: 'refused'; status: number; code?: string; catalogue?: ProviderCatalogueCode; signing?: SigningRefusal }
  /**
   * The provider answered, but not in its published shape: a field we need is missing or of
   * another type, an enum value we do not know. The provider's fault (or a change on its side),
   * never the customer's: logged as an error naming the provider, the call and the field, counted,
   * and shown to the customer as the lender being unavailable. `field` is a path such as
   * `content[0].legalLinks`, never a value.
   */
  | { kind: 'unreadable'; status: number; field: string };

/** A refusal refined with what it means in the catalogue. */
export type ProviderRefusal = Extract<ProviderFailure, { kind: 'refused' }>;

export type ProviderResult<T> = { ok: true; value: T } | { ok: false; failure: ProviderFailure };

export const ok = <T>(value: T): ProviderResult<T> => ({ ok: true, value });

/**
 * Where a zod check of a provider's answer failed, as one path (`content[0].type`), for an
 * `unreadable` failure: the first problem's path, and no value.
 */
export function unreadableField(issues: readonly { path: readonly PropertyKey[] }[]): string {
  const path = issues[0]?.path ?? [];
  const text = path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
  return text === '' ? '(the whole answer)' : text;
}
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
  /** For an unreadable answer: which field could not be read (a path, never a value). */
  field?: string | undefined;
  /** For a failed call: the provider's id of it (Resurs' traceId, GRENKE's CorrelationId), to quote to its support. */
  trace?: string | undefined;
}

export interface InteractionRecorder {
  record(interaction: Interaction): Promise<void>;
}

/**
 * What a provider's calls pass through before they leave (providers/health.ts): a guarded
 * provider's open circuit answers at once, without calling, as `circuit-open`.
 */
export interface CallGuard {
  run<T>(operation: string, call: () => Promise<ProviderResult<T>>): Promise<ProviderResult<T>>;
}

/**
 * One order line of a money operation after the sale (capture, refund, cancel): what the lender
 * is told was delivered, returned or dropped. Amounts include VAT, in the application's currency.
 */
export interface MoneyLine {
  /** The merchant's article reference (its SKU), or the portal's for an amount without lines. */
  reference: string;
  description: string;
  quantity: number;
  unitAmountIncludingVat: number;
  /** VAT in percent, as the country's (e.g. 25). */
  vatPercent: number;
}

/** What a money operation covers: everything still open for it, or these lines. */
export type MoneyScope = { kind: 'all' } | { kind: 'lines'; lines: MoneyLine[] };

/**
 * A payment's money at the lender, as it reads it after an operation: what it authorized, and of
 * that what was captured (paid out to the merchant), refunded (paid back to the customer) and
 * cancelled (never to be captured). Amounts include VAT.
 */
export interface PaymentMoney {
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
}

/**
 * A money operation as the portal sends it: `operationId` is the portal's own id of it, passed
 * to the lender where its API takes an id of the caller's (so a retry after a crash is
 * recognised, not done twice), and used to find the operation in the lender's log otherwise.
 */
export interface MoneyOperation {
  operationId: string;
  scope: MoneyScope;
}
