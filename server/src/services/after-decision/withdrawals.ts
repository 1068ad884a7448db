/**
 * The withdrawal from a concluded consumer credit agreement (CCD2 Art. 26; Directive 2023/2673,
 * new Art. 11a of the Consumer Rights Directive; issue 32, item 3): open for 14 days after the
 * agreement was concluded, or the shop's longer full-refund return period (Art. 26(3)); two steps
 * on the customer's page, then in one transaction the portal records it (WITHDRAWN, final), mails
 * the acknowledgement with its date and time, tells the lender (Resurs publishes no withdrawal
 * call: what was not yet paid to the shop is cancelled through the money operations, and the
 * lender's staff get the rest in their mailbox and the back office's queue) and the shop
 * (`application.withdrawn`), which arranges the return of the goods.
 */
import type { FastifyInstance } from 'fastify';
import { type Language, openAmount, withdrawalDeadline, type WithdrawalView } from '@portal/domain';
import { repositories } from '../../db/repositories';
import type { WithdrawalRecord } from '../../db/repositories/after-decision';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { ApiError } from '../../lib/errors';
import { applyEvent } from '../apply-event';
import { appendEvidence } from '../evidence';
import { queueMail } from '../mail';
import { requestMoneyOperation } from '../money-operations';
import { isConsumerCredit, languageOf, lenderNameOf, myApplicationsUrl, newReference } from './common';
import type { AlsoInTransaction } from './reviews';

const WITHDRAWABLE = new Set(['SIGNED', 'COMPLETED']);

/** When the period ends for this application, or null where there is no such right or nothing was concluded. */
export async function deadlineOf(app: FastifyInstance, application: ApplicationRecord, concludedAt: Date | null): Promise<Date | null> {
  if (!isConsumerCredit(application) || concludedAt === null) return null;
  return withdrawalDeadline(concludedAt, application.countryCode, await app.repos.afterDecision.returnPeriodDays(application.merchantId));
}

/** What the customer's page says of the withdrawal, at `now`. */
export function withdrawalView(
  application: ApplicationRecord,
  concludedAt: Date | null,
  deadline: Date | null,
  withdrawal: WithdrawalRecord | null,
  now: Date,
): WithdrawalView {
  const base = { deadline: deadline?.toISOString() ?? null, withdrawnAt: withdrawal?.receivedAt.toISOString() ?? null, reference: withdrawal?.reference ?? null };
  if (withdrawal) return { ...base, available: false, unavailableBecause: 'withdrawn' };
  if (!isConsumerCredit(application)) return { ...base, available: false, ...(application.customerType === 'LEGAL' ? { unavailableBecause: 'business' as const } : {}) };
  if (concludedAt === null || deadline === null || !WITHDRAWABLE.has(application.status)) return { ...base, available: false, unavailableBecause: 'not_concluded' };
  if (now.getTime() > deadline.getTime()) return { ...base, available: false, unavailableBecause: 'period_over' };
  return { ...base, available: true };
}

/**
 * The customer confirmed the withdrawal (the second step). In time when the portal receives it
 * before the deadline (the server's clock, Art. 26(1): "dispatched before"). Answers the page's view.
 */
export async function withdraw(app: FastifyInstance, application: ApplicationRecord, context: { language: Language; sessionId: string }): Promise<WithdrawalView> {
  const concludedAt = (await app.repos.afterDecision.concludedAt([application.id])).get(application.id) ?? null;
  const deadline = await deadlineOf(app, application, concludedAt);
  const now = new Date();
  const before = withdrawalView(application, concludedAt, deadline, await app.repos.afterDecision.withdrawalOf(application.id), now);
  if (before.unavailableBecause === 'withdrawn') return before;
  if (!before.available || deadline === null) throw new ApiError(409, 'WITHDRAWAL_NOT_POSSIBLE');
  const customer = await app.repos.customers.findByApplicationId(application.id);
  const merchant = await app.repos.merchants.findById(application.merchantId);
  const lenderDesk = app.config.lenderDesk.RESURS.mailbox;

  // What was not yet paid to the shop is cancelled at the lender first, as the shop would cancel it.
  const { money } = await app.repos.money.ofApplication(application.id);
  const cancelled = money && application.status === 'COMPLETED' && openAmount(money) > 0 && merchant
    ? await requestMoneyOperation(app, merchant, application.merchantPaymentReference, 'cancel', {}, `withdrawal-${application.id}`).catch((error: unknown) => {
        app.log.warn({ reference: application.reference, err: error }, 'withdrawal: the open amount could not be cancelled; the lender handles it');
        return null;
      })
    : null;

  const kept = await app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    const withdrawal = await repos.afterDecision.insertWithdrawal({ applicationId: application.id, reference: newReference('W'), deadline });
    if (!withdrawal) return null;
    await applyEvent(app, application.id, 'customer.withdrew', { tx, detail: { withdrawal: withdrawal.reference } });
    await appendEvidence(tx, application.id, {
      kind: 'withdrawal.received',
      sessionId: context.sessionId,
      data: { reference: withdrawal.reference, receivedAt: withdrawal.receivedAt.toISOString(), deadline: deadline.toISOString() },
    });
    if (customer?.email) {
      await queueMail(app, tx, {
        applicationId: application.id,
        to: customer.email,
        language: context.language,
        template: {
          name: 'withdrawal-acknowledgement',
          params: {
            lenderName: lenderNameOf(application),
            merchantName: merchant?.name ?? application.merchantId,
            reference: withdrawal.reference,
            receivedAt: withdrawal.receivedAt,
            creditAmount: application.loanAmount,
            currency: application.currency,
            country: application.countryCode,
            myApplicationsUrl: myApplicationsUrl(app),
          },
        },
      });
    }
    if (lenderDesk) {
      const provider = await repos.providerApplications.find(application.id);
      await queueMail(app, tx, {
        applicationId: application.id,
        to: lenderDesk,
        language: languageOf(application),
        template: {
          name: 'withdrawal-to-lender',
          params: {
            reference: withdrawal.reference,
            applicationReference: application.reference,
            lenderReference: provider?.externalId ?? null,
            merchantName: merchant?.name ?? application.merchantId,
            receivedAt: withdrawal.receivedAt,
            country: application.countryCode,
            backOfficeUrl: `${app.config.publicUrl}/back-office/`,
          },
        },
      });
    }
    const lenderAction = cancelled?.body.operation.state === 'done' ? 'open-amount-cancelled' : null;
    await repos.afterDecision.setWithdrawalState(withdrawal.id, 'lender_queue', lenderAction);
    return withdrawal;
  });
  const withdrawal = kept ?? (await app.repos.afterDecision.withdrawalOf(application.id));
  app.log.info({ reference: application.reference, withdrawal: withdrawal?.reference }, 'agreement withdrawn');
  return withdrawalView(application, concludedAt, deadline, withdrawal, now);
}

/**
 * The lender's staff recorded the withdrawal as handled (the repayment arranged), in the back
 * office: kept once, with the evidence. Answers false when it was handled already.
 */
export async function completeWithdrawal(app: FastifyInstance, withdrawalId: string, handledBy: string, note: string | null, also?: AlsoInTransaction): Promise<boolean> {
  const withdrawal = await app.repos.afterDecision.withdrawalById(withdrawalId);
  if (!withdrawal) throw ApiError.notFound();
  return app.db.transaction(async (tx) => {
    if (!(await repositories(tx).afterDecision.completeWithdrawal(withdrawalId, handledBy, note))) return false;
    await also?.(tx);
    await appendEvidence(tx, withdrawal.applicationId, { kind: 'withdrawal.handled', data: { reference: withdrawal.reference } });
    return true;
  });
}
