/** The error catalogue of spec section 8, plus UNKNOWN. Every 4xx/5xx body carries one. */
export const ERROR_CODES = [
  'APPLICATION_NOT_FOUND',
  'APPLICATION_NOT_APPROVED',
  'APPLICATION_ALREADY_COMPLETE',
  'PAYMENT_RESPONSE_MISSING',
  'INVALID_CREDENTIALS',
  'REQUEST_ERROR',
  'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND',
  'ALL_CONTRACTS_MUST_BE_SIGNED',
  'INVALID_IDENTIFICATION_CODE',
  'WEB_SERVICE_DOWN',
  'TOO_MANY_REQUESTS',
  'PAYMENT_STATUS_FINAL',
  /**
   * A company's application that the registry could not settle for this person (ADR 28): the
   * lender checks who may sign before anything goes on. Not in spec section 8.
   */
  'SIGNATORY_NOT_CONFIRMED',
  /**
   * A consumer goes to the signature before the pre-contractual information (the SECCI) was sent
   * to them (issue 31, CCD2 Art. 10(1)): the key facts step comes first. Not in spec section 8.
   */
  'PRECONTRACTUAL_INFORMATION_PENDING',
  /**
   * After the decision (issue 32): a review asked of an application that is not a consumer's
   * decline, or asked twice; a withdrawal where there is no right to it, or after its period.
   * Not in spec section 8.
   */
  'REVIEW_NOT_POSSIBLE',
  'WITHDRAWAL_NOT_POSSIBLE',
  'UNKNOWN',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Signing failure codes shown on the signing failure page. */
export const SIGNING_ERROR_CODES = {
  GENERIC: 10000,
  NOT_APPROVED: 10001,
  INVALID_SIGNATURE_STATUS: 10002,
  SERVICE_UNAVAILABLE: 10003,
} as const;
export type SigningErrorCode = (typeof SIGNING_ERROR_CODES)[keyof typeof SIGNING_ERROR_CODES];

/** Error codes shown in the info colour rather than as an error (spec section 8). */
export const INFO_ERROR_CODES: readonly ErrorCode[] = ['UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND'];

/** The body of every error answer (PRODUCT section 3). */
export interface ApiErrorBody {
  status: number;
  errorCode: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.errorCode === 'string' && typeof v.message === 'string';
}
