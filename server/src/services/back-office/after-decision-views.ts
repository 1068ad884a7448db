/**
 * A review request and a withdrawal as the lender's staff see them (issue 32): in the queue, open,
 * with their application's place; on the application's page, open or done. Never the customer's
 * own words or document: those are opened in the queue, for a reason; staff's words with any
 * long run of digits masked (a national ID is shown only when revealed for a reason).
 */
import type { ApplicationReview, ApplicationWithdrawal } from '@portal/domain';
import type { ReviewRecord, WithdrawalRecord } from '../../db/repositories/after-decision';
import { quotable } from '../after-decision/common';

type ReviewFields = Omit<ApplicationReview, 'answer'>;
type WithdrawalFields = Omit<ApplicationWithdrawal, 'handledAt' | 'handledBy' | 'note'>;

export function reviewFields(review: ReviewRecord, now: Date): ReviewFields {
  return {
    reference: review.reference,
    status: review.status,
    wants: review.wants,
    createdAt: review.createdAt.toISOString(),
    dueAt: review.dueAt.toISOString(),
    overdue: review.status !== 'answered' && review.dueAt.getTime() < now.getTime(),
    attachment: review.attachment ? { name: review.attachment.name, type: review.attachment.type } : null,
  };
}

export function withdrawalFields(withdrawal: WithdrawalRecord): WithdrawalFields {
  return {
    reference: withdrawal.reference,
    receivedAt: withdrawal.receivedAt.toISOString(),
    deadline: withdrawal.deadline.toISOString(),
    state: withdrawal.state,
    lenderAction: withdrawal.lenderAction,
  };
}

export function applicationReview(review: ReviewRecord, now: Date): ApplicationReview {
  return {
    ...reviewFields(review, now),
    answer:
      review.status === 'answered' && review.outcome && review.answeredAt
        ? {
            outcome: review.outcome,
            // Staff's words as the customer's mail quotes them: a national ID typed in them is not shown unrevealed.
            factors: review.factors.map((factor) => quotable(factor)),
            explanation: quotable(review.explanation) ?? '',
            answeredAt: review.answeredAt.toISOString(),
            answeredBy: review.answeredBy,
          }
        : null,
  };
}

export function applicationWithdrawal(withdrawal: WithdrawalRecord): ApplicationWithdrawal {
  return { ...withdrawalFields(withdrawal), handledAt: withdrawal.handledAt?.toISOString() ?? null, handledBy: withdrawal.handledBy, note: quotable(withdrawal.note) };
}
