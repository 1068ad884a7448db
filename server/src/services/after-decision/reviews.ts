/**
 * A review by a person of a declined consumer credit (CCD2 Art. 18(8); GDPR Art. 22(3); issue 32,
 * item 2): the customer asks (an explanation, their own view, a new assessment), gets a reference
 * and a receipt by mail; the request reaches the lender through its flow (Resurs publishes no API
 * for it: its staff's mailbox and the back office's queue); the lender's answer (upheld or
 * changed, with the main factors) is recorded once, shown on the customer's page and mailed. A
 * changed decision reopens the application only through the lifecycle's `review.changed`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  type Language,
  REVIEW_ANSWER_DAYS,
  REVIEW_ATTACHMENT_MAX_BYTES,
  type ReviewOutcome,
  type ReviewRequestBody,
  type ReviewView,
  validationKey,
} from '@portal/domain';
import type { Queryable } from '../../db/db';
import { repositories } from '../../db/repositories';
import type { ReviewRecord } from '../../db/repositories/after-decision';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { ApiError } from '../../lib/errors';
import { SANDBOX_LENDER_DELAY_SECONDS, SANDBOX_LENDER_QUEUE } from '../../sandbox-mode/sandbox-lender';
import { applyEvent } from '../apply-event';
import { appendEvidence } from '../evidence';
import { queueMail } from '../mail';
import { isConsumerCredit, languageOf, lenderNameOf, myApplicationsUrl, newReference, quotable } from './common';

const DAY_MS = 24 * 60 * 60 * 1000;

export function reviewView(review: ReviewRecord): ReviewView {
  return {
    reference: review.reference,
    status: review.status,
    wants: review.wants,
    createdAt: review.createdAt.toISOString(),
    sentToLenderAt: review.sentToLenderAt?.toISOString() ?? null,
    ...(review.status === 'answered' && review.outcome && review.answeredAt
      ? { answer: { outcome: review.outcome, factors: review.factors, explanation: review.explanation ?? '', answeredAt: review.answeredAt.toISOString() } }
      : {}),
  };
}

/** Whether this application's customer may ask for a review now: a consumer's declined credit without one. */
export const reviewable = (application: ApplicationRecord, existing: ReviewRecord | null): boolean =>
  isConsumerCredit(application) && application.status === 'DECLINED' && existing === null;

/** The document's bytes, checked: base64 of at most the limit, and what its type says it is. */
function attachmentOf(body: ReviewRequestBody): { name: string; type: string; bytes: Buffer; sha256: string } | null {
  if (!body.attachment) return null;
  const bytes = Buffer.from(body.attachment.contentBase64, 'base64');
  const tooLarge = bytes.length > REVIEW_ATTACHMENT_MAX_BYTES;
  const magic: Record<string, (b: Buffer) => boolean> = {
    'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
    'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
    'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  };
  if (bytes.length === 0 || tooLarge || !magic[body.attachment.contentType]?.(bytes)) {
    throw ApiError.badRequest({ attachment: { key: validationKey(tooLarge ? 'attachmentTooLarge' : 'attachmentType') } });
  }
  // Only the last part of a path, and nothing a header could misread.
  const name = body.attachment.filename.split(/[\\/]/).pop()?.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 100) || 'document';
  return { name, type: body.attachment.contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The customer asks for a review of their declined application: kept with its reference, the
 * receipt mailed, the lender told, the evidence recorded, in one transaction. A second request
 * answers 409 with the first one's state on the customer's page.
 */
export async function requestReview(
  app: FastifyInstance,
  application: ApplicationRecord,
  body: ReviewRequestBody,
  context: { language: Language; sessionId: string },
): Promise<ReviewView> {
  const existing = await app.repos.afterDecision.reviewOf(application.id);
  if (!reviewable(application, existing)) throw ApiError.conflict('REVIEW_NOT_POSSIBLE');
  const attachment = attachmentOf(body);
  const view = body.view?.trim() ? body.view.trim() : null;
  const customer = await app.repos.customers.findByApplicationId(application.id);
  const merchant = await app.repos.merchants.findById(application.merchantId);
  const desk = app.config.lenderDesk.RESURS;

  const review = await app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    const kept = await repos.afterDecision.insertReview({
      applicationId: application.id,
      reference: newReference('R'),
      wants: [...new Set(body.wants)],
      view,
      attachment,
      dueAt: new Date(Date.now() + REVIEW_ANSWER_DAYS * DAY_MS),
    });
    if (!kept) throw ApiError.conflict('REVIEW_NOT_POSSIBLE');
    await appendEvidence(tx, application.id, {
      kind: 'review.requested',
      sessionId: context.sessionId,
      data: {
        reference: kept.reference,
        wants: kept.wants,
        viewSha256: view === null ? null : createHash('sha256').update(view).digest('hex'),
        attachment: attachment ? { name: attachment.name, type: attachment.type, sha256: attachment.sha256 } : null,
      },
    });
    if (customer?.email) {
      await queueMail(app, tx, {
        applicationId: application.id,
        to: customer.email,
        language: context.language,
        template: {
          name: 'review-receipt',
          params: {
            lenderName: lenderNameOf(application),
            merchantName: merchant?.name ?? application.merchantId,
            reference: kept.reference,
            receivedAt: kept.createdAt,
            country: application.countryCode,
            myApplicationsUrl: myApplicationsUrl(app),
            wants: kept.wants,
            view: quotable(view),
            hasAttachment: attachment !== null,
          },
        },
      });
    }
    // To the lender's staff: its mailbox (with the document) and the back office's queue.
    if (desk.mailbox) {
      await queueMail(app, tx, {
        applicationId: application.id,
        to: desk.mailbox,
        language: languageOf(application),
        template: {
          name: 'review-request-to-lender',
          params: {
            reference: kept.reference,
            applicationReference: application.reference,
            merchantName: merchant?.name ?? application.merchantId,
            wants: kept.wants,
            view: quotable(view),
            hasAttachment: attachment !== null,
            receivedAt: kept.createdAt,
            country: application.countryCode,
            backOfficeUrl: `${app.config.publicUrl}/back-office/`,
          },
        },
        ...(attachment ? { attachments: [{ filename: attachment.name, contentType: attachment.type, content: attachment.bytes }] } : {}),
      });
    }
    await repos.afterDecision.markReviewSent(kept.id, desk.mailbox ? 'mail' : 'back-office');
    // The sandbox's lender desk answers it (sandbox-mode/sandbox-lender.ts).
    if (app.config.sandbox) await app.jobs.send(SANDBOX_LENDER_QUEUE, { reviewId: kept.id }, { transaction: tx, startAfter: SANDBOX_LENDER_DELAY_SECONDS });
    return (await repos.afterDecision.reviewById(kept.id)) ?? kept;
  });
  app.log.info({ reference: application.reference, review: review.reference }, 'review requested');
  return reviewView(review);
}

export interface ReviewAnswer {
  outcome: ReviewOutcome;
  factors: readonly string[];
  explanation: string;
  /** Who recorded it: an operator's id, or the sandbox's lender. */
  answeredBy: string;
}

/** What the caller records with it, in the same transaction (the back office's audit entry). */
export type AlsoInTransaction = (tx: Queryable) => Promise<void>;

/**
 * Records the lender's answer to a review, once: the customer's page shows it and a mail says it;
 * a changed decision approves the application again (`review.changed`); signing it needs a new
 * booking at the lender, not built (ADR 38). Answers false when it was answered already.
 */
export async function answerReview(app: FastifyInstance, reviewId: string, answer: ReviewAnswer, also?: AlsoInTransaction): Promise<boolean> {
  const review = await app.repos.afterDecision.reviewById(reviewId);
  if (!review) throw ApiError.notFound();
  const application = await app.repos.applications.findById(review.applicationId);
  if (!application) throw ApiError.notFound();
  const customer = await app.repos.customers.findByApplicationId(application.id);
  const answered = await app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    if (!(await repos.afterDecision.answerReview(reviewId, answer))) return false;
    await also?.(tx);
    await appendEvidence(tx, application.id, {
      kind: 'review.answered',
      data: { reference: review.reference, outcome: answer.outcome, factors: [...answer.factors], explanationSha256: createHash('sha256').update(answer.explanation).digest('hex') },
    });
    if (answer.outcome === 'changed') await applyEvent(app, application.id, 'review.changed', { tx, detail: { review: review.reference } });
    if (customer?.email) {
      await queueMail(app, tx, {
        applicationId: application.id,
        to: customer.email,
        language: languageOf(application),
        template: {
          name: 'review-answer',
          params: {
            lenderName: lenderNameOf(application),
            reference: review.reference,
            outcome: answer.outcome,
            // The lender's words as typed by its staff, masked as the customer's are.
            factors: answer.factors.map((factor) => quotable(factor)),
            explanation: quotable(answer.explanation),
            country: application.countryCode,
            myApplicationsUrl: myApplicationsUrl(app),
          },
        },
      });
    }
    return true;
  });
  if (answered) app.log.info({ reference: application.reference, review: review.reference, outcome: answer.outcome }, 'review answered');
  return answered;
}
