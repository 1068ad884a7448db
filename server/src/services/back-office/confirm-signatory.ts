/**
 * Support confirms the person who took a company's application while the registry could not
 * settle whether they may sign alone (ADR 28), after checking the company's signing rules
 * themselves. Only such a person can be confirmed; the confirmation is a timeline entry (no
 * status changes: the application was never sent on) written with its audit entry. Refusing
 * them is the cancel (`cancel-by-operator.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { isFinalStatus } from '@portal/domain';
import { repositories } from '../../db/repositories';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { ApiError } from '../../lib/errors';
import { awaitsLender, SIGNING_RIGHT_CONFIRMED_EVENT } from '../company-access';
import type { Actor } from './actor';
import { findApplication } from './application-detail';

export async function confirmSignatory(app: FastifyInstance, actor: Actor, reference: string, reason: string): Promise<ApplicationRecord> {
  const application = await findApplication(app, reference);
  return app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    // Under the row's lock, so two operators confirming at once write one confirmation.
    const locked = await repos.applications.lockById(application.id);
    if (!locked || isFinalStatus(locked.status)) throw new ApiError(409, 'PAYMENT_STATUS_FINAL');
    if (!awaitsLender(await repos.events.listForApplication(application.id))) throw ApiError.conflict('REQUEST_ERROR');
    await repos.events.append(application.id, { type: SIGNING_RIGHT_CONFIRMED_EVENT, detail: { by: 'operator' } });
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'application.signatory_confirmed',
      targetType: 'application',
      targetId: application.reference,
      reason,
    });
    return locked;
  });
}
