/**
 * Support tries a merchant's failed money operation again (issue 30): the lender was down for
 * longer than the job kept trying, or refused it for a reason since put right. Only a failed
 * operation, and only while the application's money still allows it, counting the operations
 * still pending as the merchant API does: a capture that failed while the rest was cancelled
 * meanwhile is not sent. The operation is pending again, with its attempts from 0, and its job
 * is queued in the transaction that writes the audit entry; the job sends it like any other, and
 * the merchant hears `payment.*` or `payment.operation_failed` as for its own operations. The
 * lenders' adapters find an operation already at the lender by its id before sending it, so a
 * retry never moves the money twice.
 */
import type { FastifyInstance } from 'fastify';
import { type ErrorCode, isFinalStatus, moneyRefusal } from '@portal/domain';
import { repositories } from '../../db/repositories';
import type { ApplicationRecord } from '../../db/repositories/applications';
import type { MoneyOperationRecord } from '../../db/repositories/money';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../lib/errors';
import { expectedMoney } from '../money-operations';
import { MONEY_OPERATION_QUEUE } from '../queues';
import type { Actor } from './actor';
import { findApplication } from './application-detail';

/** Why the application's money no longer allows the operation, in the catalogue's terms; null when it does. */
async function refusalOf(q: Queryable, application: ApplicationRecord, operation: MoneyOperationRecord): Promise<ErrorCode | null> {
  const repos = repositories(q);
  const others = (await repos.money.listForApplication(application.id)).filter((other) => other.id !== operation.id);
  if (operation.kind === 'confirm-delivery') {
    if (application.status !== 'SIGNED' && application.status !== 'COMPLETED') return isFinalStatus(application.status) ? 'PAYMENT_STATUS_FINAL' : 'APPLICATION_NOT_APPROVED';
    const confirming = others.some((other) => other.kind === 'confirm-delivery' && other.state !== 'failed');
    return (await repos.money.ofApplication(application.id)).deliveryConfirmedAt || confirming ? 'PAYMENT_STATUS_FINAL' : null;
  }
  if (application.status !== 'COMPLETED') return isFinalStatus(application.status) ? 'PAYMENT_STATUS_FINAL' : 'APPLICATION_NOT_APPROVED';
  const { money } = await repos.money.ofApplication(application.id);
  if (!money) return 'APPLICATION_NOT_APPROVED';
  const expected = expectedMoney(money, others.filter((other) => other.state === 'pending'));
  const refusal = moneyRefusal(operation.kind, expected, operation.amount);
  if (refusal === 'nothing-open' || refusal === 'nothing-captured') return 'PAYMENT_STATUS_FINAL';
  // Part is still open, or refundable, but less than the operation moves: it no longer fits either.
  return refusal ? 'REQUEST_ERROR' : null;
}

export async function retryMoneyOperation(app: FastifyInstance, actor: Actor, reference: string, operationId: string, reason: string): Promise<ApplicationRecord> {
  const found = await findApplication(app, reference);
  const retried = await app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    // Under the application's lock, as the merchant's operations are checked: what is checked here still holds when it is queued.
    const application = await repos.applications.lockById(found.id);
    if (!application) throw ApiError.notFound();
    const operation = await repos.money.find(operationId);
    if (!operation || operation.applicationId !== application.id) throw ApiError.notFound('REQUEST_ERROR');
    if (operation.state !== 'failed') throw ApiError.conflict();
    const refusal = await refusalOf(tx, application, operation);
    if (refusal) throw ApiError.conflict(refusal);
    const pending = await repos.money.retry(operation.id);
    if (!pending) throw ApiError.conflict();
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'money_operation.retried',
      targetType: 'application',
      targetId: application.reference,
      reason,
      detail: { operationId: operation.id, kind: operation.kind, amount: operation.amount, failure: operation.failureCode, attempts: operation.attempts },
    });
    await app.jobs.send(MONEY_OPERATION_QUEUE, { operationId: operation.id }, { transaction: tx, singletonKey: operation.id });
    return { application, operation: pending };
  });
  app.log.info({ reference: retried.application.reference, operationId: retried.operation.id, kind: retried.operation.kind }, 'money operation retried by support');
  return retried.application;
}
