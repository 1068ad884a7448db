/**
 * What the payment status waiting screen does with each answer (spec sections 4 and 9), as pure
 * functions so the rules are tested without timers: ACCEPTED and REJECTED end the wait and send
 * the customer to `redirectUrl`; FROZEN ends the wait on the spot (a person at the lender
 * decides, and the customer is told so, with the way back to the shop); TASK_REDIRECTION_REQUIRED
 * counts a retry and goes on
 * until the retries reach the maximum ("Unknown error occurred"); any other status ends the wait
 * ("Unknown status code").
 */
import { PAYMENT_STATUS_MAX_RETRIES } from '@portal/domain';
import { ApiRequestError, NetworkError } from '@/lib/api-client';
import type { PaymentStatusAnswer } from '@/lib/api/get-payment-status';
import { safeRedirectUrl } from '@/lib/flow/safe-url';

export const FINAL_PAYMENT_STATUSES = ['ACCEPTED', 'REJECTED'] as const;
export type FinalPaymentStatus = (typeof FINAL_PAYMENT_STATUSES)[number];
export const PENDING_PAYMENT_STATUS = 'TASK_REDIRECTION_REQUIRED';
/** The lender reviews the application by hand: no answer is coming while the customer waits. */
export const MANUAL_REVIEW_PAYMENT_STATUS = 'FROZEN';

/** Why the wait ended without an answer: the two polling failures of spec section 8. */
export type PollFailure = 'UNKNOWN' | 'UNKNOWN_STATUS';

export type PollDecision =
  | { kind: 'redirect'; status: FinalPaymentStatus; redirectUrl: string }
  | { kind: 'review'; redirectUrl: string }
  | { kind: 'wait'; retries: number }
  | { kind: 'fail'; failure: PollFailure; retries: number };

const isFinal = (status: string): status is FinalPaymentStatus => (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);

/** The next step after an answer, given the retries counted so far (they start at 0). */
export function decidePaymentStatus(
  answer: PaymentStatusAnswer,
  retries: number,
  maxRetries: number = PAYMENT_STATUS_MAX_RETRIES,
): PollDecision {
  const status = answer.paymentStatus;
  if (isFinal(status)) {
    const redirectUrl = safeRedirectUrl(answer.redirectUrl);
    return redirectUrl ? { kind: 'redirect', status, redirectUrl } : { kind: 'fail', failure: 'UNKNOWN', retries };
  }
  if (status === MANUAL_REVIEW_PAYMENT_STATUS) {
    const redirectUrl = safeRedirectUrl(answer.redirectUrl);
    return redirectUrl ? { kind: 'review', redirectUrl } : { kind: 'fail', failure: 'UNKNOWN', retries };
  }
  if (status === PENDING_PAYMENT_STATUS) {
    const next = retries + 1;
    return next >= maxRetries ? { kind: 'fail', failure: 'UNKNOWN', retries: next } : { kind: 'wait', retries: next };
  }
  return { kind: 'fail', failure: 'UNKNOWN_STATUS', retries };
}

/**
 * A failed call worth repeating on the next tick: the server could not be reached, was busy
 * (429) or failed (5xx). Other answers (401, 403, 404) are final and have pages of their own.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiRequestError && (error.status >= 500 || error.status === 429);
}
