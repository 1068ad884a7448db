/**
 * One application for support: its summary and its whole timeline — every lifecycle transition,
 * every provider call with its outcome and duration, every webhook delivery attempt with its
 * answer and latency — in the order they happened; and its money after the sale with the
 * merchant's operations on it, as the merchant API shows them, with their attempts; and the
 * customer's review request and withdrawal, open or done.
 */
import { type ApplicationDetail, isFinalStatus, type TimelineEntry } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApplicationRecord } from '../../db/repositories/applications';
import type { EventRecord } from '../../db/repositories/events';
import { ApiError } from '../../lib/errors';
import type { Actor } from './actor';
import { awaitsLender } from '../company-access';
import { moneyView, operationView } from '../money-operations';
import { applicationReview, applicationWithdrawal } from './after-decision-views';
import { summaryOf } from './application-views';

export async function findApplication(app: FastifyInstance, reference: string): Promise<ApplicationRecord> {
  const application = await app.repos.applications.findByReference(reference);
  if (!application) throw ApiError.notFound();
  return application;
}

export async function detailOf(app: FastifyInstance, application: ApplicationRecord): Promise<ApplicationDetail> {
  const [customer, merchant, provider, events, calls, webhookEvents, attempts, money, operations, review, withdrawal] = [
    await app.repos.customers.findByApplicationId(application.id),
    await app.repos.merchants.findById(application.merchantId),
    await app.repos.providerApplications.find(application.id),
    await app.repos.events.listForApplication(application.id),
    await app.repos.providerInteractions.listForApplication(application.id),
    await app.repos.webhookEvents.listForApplication(application.id),
    await app.repos.webhookAttempts.listForApplication(application.id),
    await app.repos.money.ofApplication(application.id),
    await app.repos.money.listForApplication(application.id),
    await app.repos.afterDecision.reviewOf(application.id),
    await app.repos.afterDecision.withdrawalOf(application.id),
  ];
  const timeline: TimelineEntry[] = [
    ...events.map((event): TimelineEntry => ({
      kind: 'lifecycle',
      at: event.createdAt.toISOString(),
      event: event.type,
      status: event.status,
      outcome: event.outcome,
      detail: event.detail,
    })),
    ...calls.map((call): TimelineEntry => ({
      kind: 'provider',
      at: call.at.toISOString(),
      provider: call.provider,
      operation: call.operation,
      httpStatus: call.httpStatus,
      outcome: call.outcome,
      durationMs: call.durationMs,
    })),
    ...attempts.map((attempt): TimelineEntry => ({
      kind: 'webhook',
      at: attempt.attemptedAt.toISOString(),
      eventId: attempt.eventId,
      type: attempt.type,
      httpStatus: attempt.httpStatus === 0 ? null : attempt.httpStatus,
      latencyMs: attempt.latencyMs,
      trigger: attempt.trigger,
      error: attempt.error,
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

  return {
    application: summaryOf(application, customer, merchant?.name ?? application.merchantId),
    final: isFinalStatus(application.status),
    personalDataErasedAt: application.personalDataErasedAt ? application.personalDataErasedAt.toISOString() : null,
    callbackUrl: application.callbackUrl,
    webhookUrl: application.webhookUrl,
    lenderAccount: provider?.account ?? null,
    signatoryCheck: signatoryCheckOf(events),
    money: moneyView(application, money.money),
    deliveryConfirmedAt: money.deliveryConfirmedAt?.toISOString() ?? null,
    moneyOperations: operations.map((operation) => ({ ...operationView(operation), attempts: operation.attempts })),
    afterDecision: {
      review: review ? applicationReview(review, new Date()) : null,
      withdrawal: withdrawal ? applicationWithdrawal(withdrawal) : null,
    },
    timeline,
    webhookEvents: webhookEvents.map((event) => ({
      id: event.id,
      sequence: event.sequence,
      type: typeof event.payload.type === 'string' ? event.payload.type : 'application.updated',
      url: event.url,
      createdAt: event.createdAt.toISOString(),
      attempts: event.attempts,
      lastStatus: event.lastStatus,
      deliveredAt: event.deliveredAt ? event.deliveredAt.toISOString() : null,
    })),
  };
}

/** What the registry could not settle for the person waiting to sign for the company (ADR 28), from their identification's entry. */
function signatoryCheckOf(events: readonly EventRecord[]): ApplicationDetail['signatoryCheck'] {
  if (!awaitsLender(events)) return null;
  const identified = events.findLast((event) => event.type === 'customer.identified')?.detail;
  return { register: String(identified?.register ?? ''), unsettled: String(identified?.unsettled ?? '') };
}

/** The console refreshes an open application every few seconds: one view entry per operator per this many minutes. */
const VIEW_AUDIT_MINUTES = 10;

export async function applicationDetail(app: FastifyInstance, actor: Actor, reference: string): Promise<ApplicationDetail> {
  const application = await findApplication(app, reference);
  const target = { type: 'application', id: application.reference };
  const logged = await app.repos.auditLog.hasRecent(actor.subject, 'application.viewed', target, VIEW_AUDIT_MINUTES);
  if (!logged) await app.repos.auditLog.append({
    operatorSubject: actor.subject,
    operatorName: actor.name,
    action: 'application.viewed',
    targetType: target.type,
    targetId: target.id,
  });
  return detailOf(app, application);
}
