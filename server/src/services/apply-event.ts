/**
 * The one way an application's status changes: through the lifecycle table in `domain/`. In one
 * transaction the status and outcome change, the timeline records the event, the webhook to the
 * merchant is written to the outbox and its delivery job queued — so none of them can exist
 * without the others. A pair the table does not allow is refused (TransitionRefused) and
 * logged, never applied; a pair that changes nothing writes nothing and sends nothing.
 */
import type { FastifyInstance } from 'fastify';
import { type ApplicationStatus, type LifecycleEvent, merchantStatusOf, nextState, type WebhookData } from '@portal/domain';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { EventDetail } from '../db/repositories/events';
import { WEBHOOK_QUEUE } from './queues';
import type { WebhookJob } from '../jobs/webhook-delivery';
import { createSubscription } from './renewal';
import { queueDeclineNotice } from './after-decision/decline-notice';

/** An event the lifecycle table does not allow in the application's current status. */
export class TransitionRefused extends Error {
  constructor(
    readonly applicationId: string,
    readonly status: ApplicationStatus,
    readonly event: LifecycleEvent,
  ) {
    super(`lifecycle: ${event} is not allowed in ${status}`);
    this.name = 'TransitionRefused';
  }
}

export interface Applied {
  application: ApplicationRecord;
  changed: boolean;
}

export interface ApplyOptions {
  /** Extra facts for the timeline (never national IDs or contact data). */
  detail?: EventDetail;
  /** Run inside this transaction instead of a new one. */
  tx?: Queryable;
  /** Keep a timeline entry even when nothing changes (e.g. an identification). */
  recordUnchanged?: boolean;
  /** More of the webhook's data (after the sale: the operation and the money), beside the change. */
  webhookData?: Pick<WebhookData, 'operation' | 'money'>;
}

export async function applyEvent(app: FastifyInstance, applicationId: string, event: LifecycleEvent, options: ApplyOptions = {}): Promise<Applied> {
  const run = async (q: Queryable): Promise<Applied> => {
    const repos = repositories(q);
    const current = await repos.applications.lockById(applicationId);
    if (!current) throw new Error(`application ${applicationId} vanished`);
    const next = nextState(current.status, current.outcome, event);
    if (!next) {
      app.log.warn({ applicationId, status: current.status, event }, 'lifecycle: transition refused');
      throw new TransitionRefused(applicationId, current.status, event);
    }
    if (!next.changed) {
      if (options.recordUnchanged) await repos.events.append(applicationId, { type: event, detail: options.detail ?? null });
      return { application: current, changed: false };
    }

    await repos.applications.updateStatus(applicationId, next.to, next.outcome);
    // The agreement is concluded: the withdrawal period and its reminder count from here (issue 32).
    if (next.to === 'SIGNED' || next.to === 'COMPLETED') await repos.afterDecision.markConcluded(applicationId);
    app.changes.publish(q, `app:${applicationId}`);
    q.afterCommit(() => app.metrics.applicationEntered(next.to));
    const entry = await repos.events.append(applicationId, { type: event, status: next.to, outcome: next.outcome, detail: options.detail ?? null });
    const updated: ApplicationRecord = { ...current, status: next.to, outcome: next.outcome };
    if (current.webhookUrl && next.webhook) {
      const merchantStatus = merchantStatusOf(next.to);
      // The body's data as the webhook contract (domain/schemas/webhooks.ts) defines it.
      const data: WebhookData = {
        merchantPaymentReference: current.merchantPaymentReference,
        status: merchantStatus,
        outcome: next.outcome,
        event: { type: entry.type, at: entry.createdAt.toISOString(), status: merchantStatus, outcome: next.outcome, detail: entry.detail },
        ...options.webhookData,
      };
      const { id, sequence } = await repos.webhookEvents.insert(applicationId, current.webhookUrl, { type: next.webhook, data });
      const job: WebhookJob = { eventId: id, applicationId, sequence };
      await app.jobs.send(WEBHOOK_QUEUE, job, { transaction: q });
    }
    // A consumer's decline is mailed to them at once, with the way to a review (issue 32).
    if (next.to === 'DECLINED' && current.status !== 'DECLINED') await queueDeclineNotice(app, q, updated);
    if (next.to === 'COMPLETED' && current.status !== 'COMPLETED') {
      await becomeSubscription(app, q, updated);
      // Granted: a consumer credit's amount is authorized at the lender, for the merchant to capture.
      if (current.provider === 'RESURS') await repos.money.authorize(applicationId, current.loanAmount);
    }
    app.log.info({ applicationId, event, from: current.status, to: next.to, outcome: next.outcome }, 'lifecycle: transition');
    return { application: updated, changed: true };
  };
  return options.tx ? run(options.tx) : app.db.transaction(run);
}

/** A granted application becomes a subscription (its products are what a later renewal lists). */
async function becomeSubscription(app: FastifyInstance, q: Queryable, application: ApplicationRecord): Promise<void> {
  const repos = repositories(q);
  const customer = await repos.customers.findByApplicationId(application.id);
  const pricing = await repos.applications.findPricing<{ totalMonthlyPayment?: number }>(application.id);
  const monthly = pricing?.totalMonthlyPayment ?? Math.round((application.loanAmount / application.loanPeriod) * 100) / 100;
  if (customer) await createSubscription(app, q, application, customer, monthly);
}

/**
 * Applies several events in order (a provider answer may mean more than one, e.g. submitted
 * and then declined). Answers the application as it is afterwards.
 */
export async function applyEvents(app: FastifyInstance, applicationId: string, events: readonly LifecycleEvent[], options: ApplyOptions = {}): Promise<Applied> {
  const run = async (tx: Queryable): Promise<Applied> => {
    let last: Applied | null = null;
    let changed = false;
    for (const event of events) {
      last = await applyEvent(app, applicationId, event, { ...options, tx });
      changed ||= last.changed;
    }
    if (last) return { application: last.application, changed };
    const application = await repositories(tx).applications.findById(applicationId);
    if (!application) throw new Error(`application ${applicationId} vanished`);
    return { application, changed: false };
  };
  return options.tx ? run(options.tx) : app.db.transaction(run);
}
