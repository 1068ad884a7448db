/**
 * Data retention (PRODUCT section 8, ADR 18). The portal passes an application to the lender,
 * which keeps the credit file for as long as anti-money-laundering and bookkeeping law says; the
 * portal keeps the applicant's personal data only while an application may still be asked about:
 * - RETENTION_DAYS_AFTER_FINAL after an application turned final its personal data is erased
 *   (the application, its timeline, provider calls and webhooks stay, with nobody in them);
 * - CONSENT_RETENTION_DAYS after it turned final its consent evidence is deleted, and its evidence
 *   chain (ADR 32) whole, once nothing was added to it for as long;
 * - RETENTION_DAYS_AFTER_FINAL after a subscription's term ended the subscription is deleted
 *   (until then a renewal needs to know whose it is).
 * Run by a scheduled job, in batches; a second run finds nothing to do. The log has counts only.
 */
import type { FastifyInstance } from 'fastify';
import { FINAL_APPLICATION_STATUSES } from '@portal/domain';
import { retentionRepository } from '../db/repositories/retention';

export const RETENTION_QUEUE = 'retention';
const BATCH = 100;
/** Batches per step and run: a backlog is worked off over several runs of bounded length. */
const MAX_BATCHES = 50;

export interface RetentionCounts {
  applicationsErased: number;
  consentEvidenceErased: number;
  evidenceChainsErased: number;
  subscriptionsDeleted: number;
}

async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i += 1) {
    const done = await step();
    total += done;
    if (done < BATCH) break;
  }
  return total;
}

/** One run of every retention rule; answers what it did. */
export async function applyRetention(app: FastifyInstance): Promise<RetentionCounts> {
  const repo = retentionRepository(app.db);
  const { daysAfterFinal, consentDays } = app.config.retention;
  const applicationsErased = await inBatches(async () => {
    const ids = await repo.eraseFinalApplications(FINAL_APPLICATION_STATUSES, daysAfterFinal, BATCH);
    // A status read model on any instance that still holds one of them lets it go.
    for (const id of ids) app.changes.publish(app.db, `app:${id}`);
    return ids.length;
  });
  const consentEvidenceErased = await inBatches(() => repo.eraseConsentEvidence(FINAL_APPLICATION_STATUSES, consentDays, BATCH));
  const evidenceChainsErased = await inBatches(() => repo.eraseEvidenceChains(FINAL_APPLICATION_STATUSES, consentDays, BATCH));
  const subscriptionsDeleted = await inBatches(() => repo.deleteEndedSubscriptions(daysAfterFinal, BATCH));
  const counts = { applicationsErased, consentEvidenceErased, evidenceChainsErased, subscriptionsDeleted };
  app.log.info({ ...counts, daysAfterFinal, consentDays }, 'retention');
  return counts;
}

export function registerRetention(app: FastifyInstance): void {
  app.jobs.register<Record<string, never>>({
    name: RETENTION_QUEUE,
    // Hourly: a day's applications turn due over the day, and each run stays short.
    cron: '17 * * * *',
    pollingIntervalSeconds: 30,
    expireInSeconds: 15 * 60,
    async handler() {
      await applyRetention(app);
    },
  });
}
