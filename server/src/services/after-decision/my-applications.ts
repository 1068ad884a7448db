/**
 * The customer's own page (issue 32, item 1): every application made with the identified person's
 * national ID, newest first, with the documents they were given, a decline's reasons and the way
 * to a review by a person, and the withdrawal while it is open. Found by the keyed hash (ADR 12),
 * so nobody sees another person's application.
 */
import type { FastifyInstance } from 'fastify';
import {
  API,
  type ApplicationStatus,
  DEBT_ADVICE,
  type DecisionDataCategory,
  EXPIRING_STATUSES,
  type MyApplication,
  type MyApplicationsAnswer,
  pagePath,
  PAGES,
} from '@portal/domain';
import type { SessionIdentity } from '../../types';
import { creditAgencies, creditAgencyFor } from '../credit-agencies';
import { isConsumerCredit, lenderNameOf } from './common';
import { reviewable, reviewView } from './reviews';
import { deadlineOf, withdrawalView } from './withdrawals';

/** As many as a person plausibly has; the page lists them all. */
const MOST = 100;

const STATUS_WORD: Readonly<Record<ApplicationStatus, MyApplication['status']>> = {
  CREATED: 'open',
  SUBMITTED: 'with_lender',
  PENDING: 'with_lender',
  APPROVED: 'approved',
  SIGNING: 'approved',
  SIGNED: 'signed',
  COMPLETED: 'completed',
  DECLINED: 'declined',
  CANCELLED: 'cancelled',
  FAILED: 'failed',
  WITHDRAWN: 'withdrawn',
};

/**
 * The kinds of data a consumer lender's assessment uses, per country (CCD2 Art. 19(6)): the
 * application's own answers, the identity, and the credit reference agency's report with its
 * payment remarks, income as taxed and existing credit; in Norway also the debt register
 * (gjeldsinformasjonsloven). The lender's to confirm before going live (README, go-live list).
 */
const DECISION_DATA: Readonly<Record<'SE' | 'NO', readonly DecisionDataCategory[]>> = {
  SE: ['application', 'identity', 'credit-report', 'payment-remarks', 'income', 'existing-credit'],
  NO: ['application', 'identity', 'credit-report', 'payment-remarks', 'income', 'existing-credit', 'debt-register'],
};

/** The person's applications as their page shows them. */
export async function myApplications(app: FastifyInstance, identity: SessionIdentity, now = new Date()): Promise<MyApplicationsAnswer> {
  const applications = (await app.repos.applications.listForNationalId(identity.nationalId, MOST)).filter((a) => a.personalDataErasedAt === null);
  const ids = applications.map((a) => a.id);
  const [reviews, withdrawals, concluded] = await Promise.all([
    app.repos.afterDecision.reviewsOf(ids),
    app.repos.afterDecision.withdrawalsOf(ids),
    app.repos.afterDecision.concludedAt(ids),
  ]);
  const merchants = new Map<string, string>();
  for (const a of applications) {
    if (!merchants.has(a.merchantId)) merchants.set(a.merchantId, (await app.repos.merchants.findById(a.merchantId))?.name ?? a.merchantId);
  }
  const agencies = creditAgencies(app.config);
  const entries = await Promise.all(
    applications.map(async (application): Promise<MyApplication> => {
      const review = reviews.get(application.id) ?? null;
      const concludedAt = concluded.get(application.id) ?? null;
      const deadline = await deadlineOf(app, application, concludedAt);
      const secci = isConsumerCredit(application) ? await app.repos.precontractual.find(application.id) : null;
      return {
        reference: application.reference,
        merchantName: merchants.get(application.merchantId) ?? application.merchantId,
        lender: lenderNameOf(application),
        provider: application.provider,
        customerType: application.customerType,
        countryCode: application.countryCode,
        amount: application.loanAmount,
        currency: application.currency,
        createdAt: application.createdAt.toISOString(),
        status: STATUS_WORD[application.status],
        concludedAt: concludedAt?.toISOString() ?? null,
        documents: secci ? [{ kind: 'secci', url: API.myDocument.url({ reference: application.reference, kind: 'secci' }), sha256: secci.pdfSha256 }] : [],
        // Not after a review that changed the decision: the lender's declined payment cannot be
        // signed, and a new booking is not built (ADR 38); the lender's answer says what comes next.
        continueUrl: EXPIRING_STATUSES.includes(application.status) && review?.outcome !== 'changed'
          ? `${pagePath(PAGES.apply.url({ reference: application.reference }))}?countryCode=${application.countryCode}`
          : null,
        ...(application.status === 'DECLINED' && isConsumerCredit(application)
          ? {
              decline: {
                automated: app.config.lenderDesk.RESURS.decisionsAutomated,
                creditAgency: creditAgencyFor(agencies, application),
                dataCategories: [...DECISION_DATA[application.countryCode]],
                debtAdviceUrl: DEBT_ADVICE[application.countryCode].url,
                reviewAvailable: reviewable(application, review),
              },
            }
          : {}),
        ...(review ? { review: reviewView(review) } : {}),
        withdrawal: withdrawalView(application, concludedAt, deadline, withdrawals.get(application.id) ?? null, now),
      };
    }),
  );
  return { person: { firstName: identity.firstName, lastName: identity.lastName }, applications: entries };
}
