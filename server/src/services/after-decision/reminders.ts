/**
 * The reminder of the right of withdrawal (issue 32, item 4; CCD2 Art. 10(1)): where the SECCI
 * reached a consumer less than a day before they were bound (nearly always at a checkout), a mail
 * between one and seven days after the signature reminds them of the right and links to their
 * page. A scheduled job looks every hour; each application's reminder is claimed once (its row in
 * withdrawal_reminders) in the transaction that queues the mail, so two instances, or a run after
 * a restart, never send a second one.
 */
import type { FastifyInstance } from 'fastify';
import {
  WITHDRAWAL_REMINDER_FROM_DAYS,
  WITHDRAWAL_REMINDER_IF_SECCI_WITHIN_HOURS,
  WITHDRAWAL_REMINDER_UNTIL_DAYS,
} from '@portal/domain';
import { repositories } from '../../db/repositories';
import { queueMail } from '../mail';
import { languageOf, lenderNameOf, myApplicationsUrl } from './common';
import { deadlineOf } from './withdrawals';

export const WITHDRAWAL_REMINDER_QUEUE = 'withdrawal-reminders';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const BATCH = 200;

/** Whether the SECCI came too close to the signature for the customer to have read it at leisure. */
export const reminderDue = (concludedAt: Date, secciSentAt: Date | null): boolean =>
  secciSentAt === null || concludedAt.getTime() - secciSentAt.getTime() < WITHDRAWAL_REMINDER_IF_SECCI_WITHIN_HOURS * HOUR_MS;

/** Sends the reminders due at `now`; answers how many were queued. */
export async function sendWithdrawalReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const from = new Date(now.getTime() - WITHDRAWAL_REMINDER_UNTIL_DAYS * DAY_MS);
  const until = new Date(now.getTime() - WITHDRAWAL_REMINDER_FROM_DAYS * DAY_MS);
  let queued = 0;
  // Every candidate is claimed, due or not, so the next look starts after it (a reminder row
  // without a mail: none was needed).
  for (const candidate of await app.repos.afterDecision.reminderCandidates(from, until, BATCH)) {
    const application = await app.repos.applications.findById(candidate.applicationId);
    const customer = application ? await app.repos.customers.findByApplicationId(application.id) : null;
    const deadline = application ? await deadlineOf(app, application, candidate.concludedAt) : null;
    const due = reminderDue(candidate.concludedAt, candidate.secciSentAt) && customer?.email && deadline !== null && deadline.getTime() > now.getTime();
    const merchant = application && due ? await app.repos.merchants.findById(application.merchantId) : null;
    const sent = await app.db.transaction(async (tx) => {
      const repos = repositories(tx);
      if (!(await repos.afterDecision.claimReminder(candidate.applicationId))) return false;
      if (!due || !application || !deadline) return false;
      const mailId = await queueMail(app, tx, {
        applicationId: application.id,
        to: customer?.email as string,
        language: languageOf(application),
        template: {
          name: 'withdrawal-reminder',
          params: {
            lenderName: lenderNameOf(application),
            merchantName: merchant?.name ?? application.merchantId,
            deadline,
            country: application.countryCode,
            myApplicationsUrl: myApplicationsUrl(app),
          },
        },
      });
      await repos.afterDecision.setReminderMail(application.id, mailId);
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) app.log.info({ reminders: queued }, 'withdrawal reminders queued');
  return queued;
}

export function registerWithdrawalReminders(app: FastifyInstance): void {
  app.jobs.register<Record<string, never>>({
    name: WITHDRAWAL_REMINDER_QUEUE,
    cron: '7 * * * *',
    pollingIntervalSeconds: 30,
    async handler() {
      await sendWithdrawalReminders(app);
    },
  });
}
