/**
 * Keeps an application's status fresh from its lender: the background poller and provider
 * callbacks call this, never a customer's poll. The lender's answer is stored and its meaning
 * applied through the lifecycle table; an answer the table refuses (the application was closed
 * meanwhile, e.g. cancelled by the merchant) is logged and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { isFinalStatus } from '@portal/domain';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import { STATUS_POLL_QUEUE } from './queues';
import type { Reading } from '../lenders/types';
import { applyEvents, TransitionRefused } from './apply-event';
import { recordLenderSignature } from './evidence';

/** Stores a lender's reading and applies what it means, in one transaction. */
export async function applyReading(app: FastifyInstance, applicationId: string, reading: Reading, tx?: Queryable): Promise<void> {
  const run = async (q: Queryable) => {
    const before = await repositories(q).applications.findById(applicationId);
    await repositories(q).providerApplications.updateStatus(applicationId, reading.providerStatus, reading.customerUrl, reading.data);
    app.changes.publish(q, `app:${applicationId}`);
    const { application: after } = await applyEvents(app, applicationId, reading.events, { tx: q, detail: { providerStatus: reading.providerStatus } });
    // Signed on the lender's own page: the evidence chain records it with the move on (ADR 32).
    if (before) await recordLenderSignature(q, before, after, reading);
  };
  try {
    await (tx ? run(tx) : app.db.transaction(run));
  } catch (error) {
    // Logged where it was refused; the lender's word is kept for operators, nothing else changes.
    if (!(error instanceof TransitionRefused)) throw error;
    if (!tx) await app.repos.providerApplications.updateStatus(applicationId, reading.providerStatus, reading.customerUrl, reading.data);
  }
}

/** Asks the lender for the application's current state and applies it. Answers whether to keep polling. */
export async function refreshFromLender(app: FastifyInstance, applicationId: string): Promise<boolean> {
  const application = await app.repos.applications.findById(applicationId);
  const provider = await app.repos.providerApplications.find(applicationId);
  if (!application || !provider?.externalId || provider.submissionState !== 'SUBMITTED' || isFinalStatus(application.status)) return false;
  const result = await app.lenders.for(application, provider).readStatus(application, provider);
  // Unreachable now: ask again later.
  if (!result.ok) return true;
  await applyReading(app, applicationId, result.value);
  const after = await app.repos.applications.findById(applicationId);
  return result.value.keepPolling && !!after && !isFinalStatus(after.status);
}

/** Seconds before the next poll: often at first (decisions usually come in seconds), rarely later. */
export function pollDelaySeconds(attempt: number): number {
  if (attempt < 20) return 2;
  if (attempt < 50) return 15;
  if (attempt < 150) return 120;
  return 900;
}
/** A week of polling at most: past that, the merchant hears from the lender directly. */
export const MAX_POLL_ATTEMPTS = 800;

export async function schedulePoll(app: FastifyInstance, applicationId: string, attempt = 0, tx?: Queryable): Promise<void> {
  await app.jobs.send(
    STATUS_POLL_QUEUE,
    { applicationId, attempt },
    { startAfter: pollDelaySeconds(attempt), singletonKey: `${applicationId}:${attempt}`, ...(tx ? { transaction: tx } : {}) },
  );
}
