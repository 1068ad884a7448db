/**
 * The lender's staff's queue after the decision (issue 32, item 5): review requests of declined
 * consumers waiting for a person's answer, and withdrawals waiting to be handled at the lender
 * (Resurs publishes no API for either). Support sees both with their deadlines, opens the
 * customer's own words and document for a stated reason, records the lender's answer and marks a
 * withdrawal handled. The answer and the handling are the after-decision services' own (evidence,
 * the customer's mail, `review.changed`); here each is audited with the operator's reason.
 */
import type { FastifyInstance } from 'fastify';
import type { AfterDecisionQueue, QueueReview, QueueWithdrawal, ReviewAnswerBody, ReviewContent } from '@portal/domain';
import type { ReviewRecord, WithdrawalRecord } from '../../db/repositories/after-decision';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { ApiError } from '../../lib/errors';
import { repositories } from '../../db/repositories';
import { answerReview } from '../after-decision/reviews';
import { completeWithdrawal } from '../after-decision/withdrawals';
import type { Actor } from './actor';
import { findApplication } from './application-detail';
import { reviewFields, withdrawalFields } from './after-decision-views';

/** Each list shows this many at most: more open at once would be a backlog to raise, not to scroll. */
export const QUEUE_LIMIT = 200;

interface Placed {
  applicationReference: string;
  merchantId: string;
  merchantName: string;
  countryCode: ApplicationRecord['countryCode'];
}

/** Each record's application, shop and country, in one read. */
async function placesOf(app: FastifyInstance, applicationIds: readonly string[]): Promise<Map<string, Placed>> {
  const found = await app.repos.afterDecision.placesOf([...new Set(applicationIds)]);
  return new Map(
    [...found].map(([id, place]) => [id, { applicationReference: place.reference, merchantId: place.merchantId, merchantName: place.merchantName, countryCode: place.countryCode }]),
  );
}

function queueReview(review: ReviewRecord, place: Placed, now: Date): QueueReview {
  return { ...reviewFields(review, now), ...place };
}

function queueWithdrawal(withdrawal: WithdrawalRecord, place: Placed): QueueWithdrawal {
  return { ...withdrawalFields(withdrawal), ...place };
}

/** Open review requests, the soonest due first, and open withdrawals, the oldest first. */
export async function afterDecisionQueue(app: FastifyInstance, now = new Date()): Promise<AfterDecisionQueue> {
  const reviews = await app.repos.afterDecision.openReviews(QUEUE_LIMIT);
  const withdrawals = await app.repos.afterDecision.openWithdrawals(QUEUE_LIMIT);
  const places = await placesOf(app, [...reviews, ...withdrawals].map((record) => record.applicationId));
  const placed = <T extends { applicationId: string }>(records: T[]) =>
    records.flatMap((record) => {
      const place = places.get(record.applicationId);
      return place ? [{ record, place }] : [];
    });
  return {
    reviews: placed(reviews).map(({ record, place }) => queueReview(record, place, now)),
    withdrawals: placed(withdrawals).map(({ record, place }) => queueWithdrawal(record, place)),
    limit: QUEUE_LIMIT,
  };
}

async function reviewOfApplication(app: FastifyInstance, reference: string): Promise<{ application: ApplicationRecord; review: ReviewRecord }> {
  const application = await findApplication(app, reference);
  const review = await app.repos.afterDecision.reviewOf(application.id);
  if (!review) throw ApiError.notFound('REQUEST_ERROR');
  return { application, review };
}

/**
 * The customer's own words and document, opened for one operator for a stated reason: the
 * reason is in the audit log before they leave the server.
 */
export async function reviewContent(app: FastifyInstance, actor: Actor, reference: string, reason: string): Promise<ReviewContent> {
  const { application, review } = await reviewOfApplication(app, reference);
  const content = await app.repos.afterDecision.reviewContent(review.id);
  if (!content) throw ApiError.notFound('REQUEST_ERROR');
  await app.repos.auditLog.append({
    operatorSubject: actor.subject,
    operatorName: actor.name,
    action: 'review.content_viewed',
    targetType: 'application',
    targetId: application.reference,
    reason,
    detail: { review: review.reference, view: content.view !== null, attachment: content.attachment !== null },
  });
  return {
    reference: review.reference,
    view: content.view,
    // Null also when retention erased it with the rest of the customer's data.
    attachment:
      review.attachment && content.attachment
        ? { name: review.attachment.name, type: review.attachment.type, sha256: review.attachment.sha256, contentBase64: content.attachment.toString('base64') }
        : null,
  };
}

/**
 * The lender's answer, recorded once under the operator's id (a second answer is refused with
 * 409: the customer has been told the first), audited in the same transaction.
 */
export async function answerReviewAsOperator(app: FastifyInstance, actor: Actor, reference: string, body: ReviewAnswerBody): Promise<void> {
  const { application, review } = await reviewOfApplication(app, reference);
  const answered = await answerReview(
    app,
    review.id,
    { outcome: body.outcome, factors: body.factors, explanation: body.explanation, answeredBy: actor.subject },
    // Audited in the transaction that records the answer: neither exists without the other.
    (tx) =>
      repositories(tx).auditLog.append({
        operatorSubject: actor.subject,
        operatorName: actor.name,
        action: 'review.answered',
        targetType: 'application',
        targetId: application.reference,
        reason: body.reason,
        detail: { review: review.reference, outcome: body.outcome, factors: body.factors.length },
      }),
  );
  if (!answered) throw ApiError.conflict();
}

/** The withdrawal handled at the lender (the repayment arranged), once, audited with it. */
export async function handleWithdrawalAsOperator(app: FastifyInstance, actor: Actor, reference: string, note: string | null, reason: string): Promise<void> {
  const application = await findApplication(app, reference);
  const withdrawal = await app.repos.afterDecision.withdrawalOf(application.id);
  if (!withdrawal) throw ApiError.notFound('REQUEST_ERROR');
  const handled = await completeWithdrawal(app, withdrawal.id, actor.subject, note, (tx) =>
    repositories(tx).auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'withdrawal.handled',
      targetType: 'application',
      targetId: application.reference,
      reason,
      detail: { withdrawal: withdrawal.reference, note: note !== null },
    }),
  );
  if (!handled) throw ApiError.conflict();
}
