/**
 * How provider statuses become the portal's status and the outcome told to the merchant, in one
 * place per provider; and how the portal keeps them fresh: provider callbacks and a background
 * poller (stored jobs), never one provider call per customer poll.
 */
import type { FastifyInstance } from 'fastify';
import type { LeasingState, Outcome } from '@portal/domain';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import { isFinal as isFinalGrenkeState, isGrenkeState, leasingStateOf } from '../providers/grenke/states';
import type { ResursV1Status } from '../providers/resurs-v1/types';
import type { ResursV2Payment, ResursV2Status } from '../providers/resurs-v2/types';
import { createSubscription } from './renewal';
import { findProviderApplication, type ProviderApplication, updateProviderStatus } from './submission';
import { transition, type Transition } from './transitions';

export const STATUS_POLL_QUEUE = 'provider-status-poll';
export const RESURS_V2_CALLBACK_QUEUE = 'resurs-v2-callback';

type Step = Pick<Transition, 'status' | 'outcome'>;

// ---------------------------------------------------------------------------------------------
// Resurs Merchant API 2.0. The customer identifies and signs on Resurs' task page, so a payment
// decided after the task is a signed one (client_sign_*).

export function resursV2Step(payment: Pick<ResursV2Payment, 'status' | 'rejectedReason'>, taskDone: boolean): Step {
  const status: ResursV2Status = payment.status;
  switch (status) {
    case 'TASK_REDIRECTION_REQUIRED':
      return { status: 'SUBMITTED', outcome: null };
    case 'INSPECTION':
    case 'SUPPLEMENTING_REQUIRED':
    case 'FROZEN':
      return { status: 'PENDING', outcome: 'apply_continue' };
    case 'ACCEPTED':
      return { status: 'COMPLETED', outcome: 'client_sign_success_approved' };
    case 'REJECTED':
      if (payment.rejectedReason === 'ABORTED_BY_CUSTOMER') return { status: 'FAILED', outcome: 'client_sign_failed' };
      return { status: 'DECLINED', outcome: taskDone ? 'client_sign_success_denied' : 'apply_denied' };
  }
}

// ---------------------------------------------------------------------------------------------
// Resurs version 1: booked first (credit decision), then signed, then booked as signed.

export function resursV1BookedStep(status: ResursV1Status): Step {
  switch (status) {
    case 'DENIED':
      return { status: 'DECLINED', outcome: 'apply_denied' };
    case 'SIGNING':
      return { status: 'APPROVED', outcome: 'apply_approved' };
    case 'FROZEN':
      return { status: 'PENDING', outcome: 'apply_continue' };
    case 'BOOKED':
    case 'FINALIZED':
      return { status: 'COMPLETED', outcome: 'apply_approved' };
  }
}

export function resursV1SignedStep(status: ResursV1Status): Step {
  switch (status) {
    case 'BOOKED':
    case 'FINALIZED':
      return { status: 'COMPLETED', outcome: 'client_sign_success_approved' };
    case 'FROZEN':
      return { status: 'PENDING', outcome: 'apply_continue' };
    case 'DENIED':
      return { status: 'DECLINED', outcome: 'client_sign_success_denied' };
    case 'SIGNING':
      return { status: 'APPROVED', outcome: 'client_sign_failed' };
  }
}

// ---------------------------------------------------------------------------------------------
// GRENKE leasing: decided before signing (apply_*), then signed through the signing service.

export function grenkeStep(state: LeasingState, signed: boolean): Step {
  switch (state) {
    case 'PENDING':
      return { status: 'SUBMITTED', outcome: 'apply_continue' };
    case 'MISSING_INFO':
      return { status: 'PENDING', outcome: 'apply_continue' };
    case 'APPROVED':
      return { status: 'APPROVED', outcome: 'apply_approved' };
    case 'DECLINED':
      return { status: 'DECLINED', outcome: signed ? 'client_sign_success_denied' : 'apply_denied' };
    case 'CANCELLED':
      return { status: 'CANCELLED', outcome: signed ? 'client_sign_success_cancelled' : 'apply_cancelled' };
    case 'CONTRACTED':
      return { status: 'COMPLETED', outcome: 'client_sign_success_approved' };
  }
}


/**
 * Moves the application to a step (no change is no event), and makes a subscription of it when
 * it completes approved.
 */
export async function applyStep(
  app: FastifyInstance,
  application: ApplicationRecord,
  step: Step,
  event: string,
  detail: Record<string, string | number | boolean | null> = {},
  tx?: Queryable,
): Promise<ApplicationRecord> {
  const run = async (q: Queryable) => {
    const { application: updated, changed } = await transition(app, application.id, { ...step, event, detail }, q);
    if (changed && updated.status === 'COMPLETED' && updated.outcome === 'client_sign_success_approved') {
      const customer = await repositories(q).customers.findByApplicationId(application.id);
      const [row] = await q.query<{ pricing: { totalMonthlyPayment?: number } | null }>('SELECT pricing FROM applications WHERE id = $1', [application.id]);
      const monthly = row?.pricing?.totalMonthlyPayment ?? Math.round((application.loanAmount / application.loanPeriod) * 100) / 100;
      if (customer?.nationalId) await createSubscription(app, q, updated, customer.nationalId, monthly);
    }
    return updated;
  };
  return tx ? run(tx) : app.db.transaction(run);
}

/**
 * The customer leaves for the merchant (log out, back to the shop). Leaving unsigned after an
 * approval is a failed signing for the merchant, told by webhook as well as in the return URL.
 */
export async function leaveApplication(app: FastifyInstance, application: ApplicationRecord): Promise<ApplicationRecord> {
  if (application.status !== 'APPROVED' && application.status !== 'SIGNING') return application;
  return applyStep(app, application, { status: application.status, outcome: 'client_sign_failed' }, 'customer.left');
}

// ---------------------------------------------------------------------------------------------
// Keeping statuses fresh

/** Asks the provider for the application's current status and applies it. Answers whether to keep polling. */
export async function refreshFromProvider(app: FastifyInstance, applicationId: string): Promise<boolean> {
  const application = await app.repos.applications.findById(applicationId);
  const provider = await findProviderApplication(app.db, applicationId);
  if (!application || !provider?.externalId || provider.submissionState !== 'SUBMITTED') return false;
  const context = { applicationId };

  if (provider.provider === 'RESURS_V2') {
    const result = await app.providers.resursV2.getPayment(provider.externalId, context);
    if (!result.ok) return true;
    const payment = result.value;
    const taskDone = payment.status !== 'TASK_REDIRECTION_REQUIRED' || provider.data.taskDone === true;
    await app.db.transaction(async (tx) => {
      await updateProviderStatus(app, tx, applicationId, payment.status, payment.customerUrl, { taskDone });
      await applyStep(app, application, resursV2Step(payment, taskDone), 'provider.status', { provider: 'RESURS_V2', providerStatus: payment.status }, tx);
    });
    return !['ACCEPTED', 'REJECTED'].includes(payment.status);
  }

  if (provider.provider === 'RESURS_V1') {
    // Only a signed, frozen payment is followed: before signing the customer drives the flow.
    if (provider.data.signed !== true) return false;
    const result = await app.providers.resursV1.getPayment(provider.externalId, context);
    if (!result.ok) return true;
    const booking = result.value;
    await app.db.transaction(async (tx) => {
      await updateProviderStatus(app, tx, applicationId, booking.status, booking.signingUrl);
      await applyStep(app, application, resursV1SignedStep(booking.status), 'provider.status', { provider: 'RESURS_V1', providerStatus: booking.status }, tx);
    });
    return booking.status === 'FROZEN';
  }

  const result = await app.providers.grenke.getRequest(provider.externalId, context);
  if (!result.ok) return true;
  const request = result.value;
  if (!isGrenkeState(request.state)) return true;
  const signed = provider.data.signed === true;
  await app.db.transaction(async (tx) => {
    await updateProviderStatus(app, tx, applicationId, request.state, null);
    // Once signing has started, GRENKE's approval no longer moves the portal's status back.
    const state = leasingStateOf(request.state);
    if (state === 'APPROVED' && ['SIGNING', 'COMPLETED'].includes(application.status)) return;
    await applyStep(app, application, grenkeStep(state, signed), 'provider.status', { provider: 'GRENKE', providerStatus: request.state }, tx);
  });
  // Keep following until final; an approval waits for signing, which the customer drives.
  return !isFinalGrenkeState(request.state) && leasingStateOf(request.state) !== 'APPROVED';
}

/** Seconds before the next poll: often at first (decisions usually come in seconds), rarely later. */
export function pollDelaySeconds(attempt: number): number {
  if (attempt < 20) return 2;
  if (attempt < 50) return 15;
  if (attempt < 150) return 120;
  return 900;
}
/** A week of polling at most: past that, the merchant hears from the lender directly. */
const MAX_POLL_ATTEMPTS = 800;

export async function schedulePoll(app: FastifyInstance, applicationId: string, attempt = 0, tx?: Queryable): Promise<void> {
  await app.jobs.send(
    STATUS_POLL_QUEUE,
    { applicationId, attempt },
    { startAfter: pollDelaySeconds(attempt), singletonKey: `${applicationId}:${attempt}`, ...(tx ? { transaction: tx } : {}) },
  );
}

export function registerLifecycleJobs(app: FastifyInstance): void {
  app.jobs.register<{ applicationId: string; attempt: number }>({
    name: STATUS_POLL_QUEUE,
    pollingIntervalSeconds: 1,
    batchSize: 5,
    async handler({ applicationId, attempt }) {
      const again = await refreshFromProvider(app, applicationId);
      if (again && attempt + 1 < MAX_POLL_ATTEMPTS) await schedulePoll(app, applicationId, attempt + 1);
    },
  });
  app.jobs.register<{ applicationId: string }>({
    name: RESURS_V2_CALLBACK_QUEUE,
    pollingIntervalSeconds: 1,
    async handler({ applicationId }) {
      // A callback is a hint: the payment is read again from Resurs before anything changes.
      await refreshFromProvider(app, applicationId);
    },
  });
}

/** For screens: the provider row with the application, or null before submission. */
export async function providerStateOf(app: FastifyInstance, applicationId: string): Promise<ProviderApplication | null> {
  return findProviderApplication(app.db, applicationId);
}

export type { Outcome };
