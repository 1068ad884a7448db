/**
 * Support cancels an application that is not final (the customer asked on the phone, a shop
 * cannot reach its own cancel): through the lifecycle table (`operator.cancelled`), after the
 * lender has withdrawn it, as a merchant's cancel does. The audit entry is written with the
 * transition; a lender that says the application is final there refuses the cancel.
 */
import type { FastifyInstance } from 'fastify';
import { isFinalStatus } from '@portal/domain';
import { repositories } from '../../db/repositories';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { ApiError } from '../../lib/errors';
import { applyEvent } from '../apply-event';
import { apiErrorFor } from '../provider-errors';
import { refreshFromLender } from '../refresh-status';
import type { Actor } from './actor';
import { findApplication } from './application-detail';

export async function cancelByOperator(app: FastifyInstance, actor: Actor, reference: string, reason: string): Promise<ApplicationRecord> {
  const application = await findApplication(app, reference);
  if (isFinalStatus(application.status)) throw new ApiError(409, 'PAYMENT_STATUS_FINAL');

  const provider = await app.repos.providerApplications.find(application.id);
  if (provider?.submissionState === 'SUBMITTED') {
    const result = await app.lenders.for(application, provider).cancel(application, provider);
    if (!result.ok) {
      await refreshFromLender(app, application.id);
      throw apiErrorFor(result.failure);
    }
  }
  return app.db.transaction(async (tx) => {
    const { application: cancelled } = await applyEvent(app, application.id, 'operator.cancelled', { tx, detail: { by: 'operator' } });
    await repositories(tx).auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'application.cancelled',
      targetType: 'application',
      targetId: application.reference,
      reason,
    });
    return cancelled;
  });
}
