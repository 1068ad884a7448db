/**
 * Every mail reaches its SMTP server even when the server was down when the mail was kept, or the
 * instance that kept it stopped before sending it: the mail is kept with this job in one
 * transaction, and the job sends it (services/mail/deliver-mail.ts), trying again with backoff
 * while the server does not take it. A job that runs while another instance is sending the same
 * mail finds it held, and tries again later.
 */
import type { FastifyInstance } from 'fastify';
import { deliverMail, MAX_MAIL_ATTEMPTS } from '../services/mail/deliver-mail';
import { MAIL_DELIVERY_QUEUE } from '../services/queues';

export function registerMailDelivery(app: FastifyInstance): void {
  app.jobs.register<{ mailId: string }>({
    name: MAIL_DELIVERY_QUEUE,
    pollingIntervalSeconds: 2,
    batchSize: 5,
    // The mail counts its own attempts and fails itself after MAX_MAIL_ATTEMPTS; the queue's
    // retries only have to outlast them.
    retryLimit: MAX_MAIL_ATTEMPTS + 5,
    retryDelaySeconds: 5,
    async handler({ mailId }) {
      const mail = await deliverMail(app, mailId);
      // Still queued: the server did not take it, or another instance holds it now. Tried again.
      if (mail?.state === 'queued') throw new Error('mail still queued');
    },
  });
}
