/**
 * The merchant cancels an application (its order was cancelled): idempotent, refused once the
 * application is final in another way. An application already at the lender is withdrawn there
 * first, so the lender never grants what the shop no longer sells; the customer's open screen
 * sees the cancellation at its next status check.
 */
import type { FastifyInstance } from 'fastify';
import { isFinalStatus } from '@portal/domain';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { Merchant } from '../db/repositories/merchants';
import { ApiError } from '../lib/errors';
import { applyEvent } from './apply-event';
import { apiErrorFor } from './provider-errors';
import { refreshFromLender } from './refresh-status';

/** Withdraws the application at its lender; a failure is logged (the lender's own time limit ends it). */
export async function withdrawAtLender(app: FastifyInstance, application: ApplicationRecord): Promise<void> {
  const provider = await app.repos.providerApplications.find(application.id);
  if (!provider || provider.submissionState !== 'SUBMITTED') return;
  const result = await app.lenders.for(application, provider).cancel(application, provider);
  if (!result.ok) app.log.warn({ applicationId: application.id, failure: result.failure.kind }, 'could not withdraw the application at the lender');
}

export async function cancelByMerchant(app: FastifyInstance, merchant: Merchant, merchantPaymentReference: string): Promise<ApplicationRecord> {
  const application = await app.repos.applications.findByMerchantReference(merchant.id, merchantPaymentReference);
  if (!application) throw ApiError.notFound();
  if (application.status === 'CANCELLED') return application;
  if (isFinalStatus(application.status)) throw new ApiError(409, 'PAYMENT_STATUS_FINAL');

  const provider = await app.repos.providerApplications.find(application.id);
  if (provider?.submissionState === 'SUBMITTED') {
    const result = await app.lenders.for(application, provider).cancel(application, provider);
    if (!result.ok) {
      // The lender says it is final there (granted meanwhile): take its word, refuse the cancel.
      await refreshFromLender(app, application.id);
      throw apiErrorFor(result.failure);
    }
  }
  const { application: cancelled } = await applyEvent(app, application.id, 'merchant.cancelled');
  return cancelled;
}
