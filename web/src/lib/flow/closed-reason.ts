/**
 * Why an application the customer still has open is closed, read from a final answer of the
 * payment status call: ACCEPTED is approved; for REJECTED the outcome on the shop's return
 * address says what happened (the shop cancelled it, the lender declined it, the signing was
 * closed). Anything else is told as closed, in general words.
 */
import type { Outcome } from '@portal/domain';
import type { PaymentStatusAnswer } from '@/lib/api/get-payment-status';
import { safeRedirectUrl } from '@/lib/flow/safe-url';

export type ClosedReason = 'cancelled' | 'declined' | 'failed' | 'approved' | 'closed';

export interface FinalAnswer {
  reason: ClosedReason;
  /** The shop's return address, with the outcome the shop was told. */
  redirectUrl: string;
}

const BY_OUTCOME: Partial<Record<Outcome, ClosedReason>> = {
  apply_cancelled: 'cancelled',
  apply_denied: 'declined',
  client_sign_success_denied: 'declined',
  client_sign_failed: 'failed',
};

/** The reason, when the answer is final (ACCEPTED or REJECTED with a web address); else null. */
export function finalAnswerOf(answer: PaymentStatusAnswer): FinalAnswer | null {
  if (answer.paymentStatus !== 'ACCEPTED' && answer.paymentStatus !== 'REJECTED') return null;
  const redirectUrl = safeRedirectUrl(answer.redirectUrl);
  if (!redirectUrl) return null;
  if (answer.paymentStatus === 'ACCEPTED') return { reason: 'approved', redirectUrl };
  const outcome = new URL(redirectUrl).searchParams.get('outcome');
  const reason = outcome !== null && Object.hasOwn(BY_OUTCOME, outcome) ? BY_OUTCOME[outcome as Outcome] : undefined;
  return { reason: reason ?? 'closed', redirectUrl };
}
