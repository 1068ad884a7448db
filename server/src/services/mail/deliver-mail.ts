/**
 * One attempt to send a kept mail. Whoever sends it holds its lease, so two instances never send
 * it at once; the message and its Message-ID were fixed when it was kept, so an attempt after a
 * crash sends the very same mail. What SMTP cannot give is an answer to "did the last attempt
 * arrive?": an instance that stops after the server took the message and before recording it
 * leaves the mail queued, and the next attempt delivers it again, identical and under the same
 * Message-ID, which receivers use to recognise a repeat (ADR 33). That window is the few
 * milliseconds between the server's 250 and the update below.
 */
import type { FastifyInstance } from 'fastify';
import { repositories } from '../../db/repositories';
import type { MailRecord, MailSummary } from '../../db/repositories/mail-outbox';
import { recordMailSent } from '../evidence';

/**
 * How long one attempt may hold a mail before another instance may take it over (its sender
 * died). Longer than an attempt takes: connecting, the greeting and each answer are bounded by
 * the transport's timeout (seconds).
 */
export const MAIL_LEASE_MS = 120_000;
/**
 * How often a mail the server does not take is tried before it fails (with the job's backoff,
 * about six hours): support sees it failed and may try it again.
 */
export const MAX_MAIL_ATTEMPTS = 12;

/**
 * The mail is sent, and, when it is about an application, its evidence says so (ADR 32): both in
 * one transaction. The entry names the Message-ID, the digest and the attachments' digests, never
 * the address. Should the entry fail, the mail is still recorded as sent (it was), rather than
 * left to go to the customer again at every attempt.
 */
async function markSent(app: FastifyInstance, mail: MailRecord): Promise<void> {
  try {
    await markSentWithEvidence(app, mail);
  } catch (error) {
    // The server has the mail: left queued, it would go again at every attempt. Recorded as sent,
    // and the missing entry said loudly (the mail's row keeps its Message-ID and digest).
    await app.repos.mailOutbox.markSent(mail.id);
    app.log.error({ mailId: mail.id, kind: mail.kind, reason: error instanceof Error ? error.name : 'unknown' }, 'mail sent, but its evidence was not recorded');
  }
}

async function markSentWithEvidence(app: FastifyInstance, mail: MailRecord): Promise<void> {
  await app.db.transaction(async (tx) => {
    await repositories(tx).mailOutbox.markSent(mail.id);
    if (mail.applicationId === null) return;
    await recordMailSent(tx, mail.applicationId, {
      messageId: mail.messageId,
      digest: mail.digest,
      template: mail.kind,
      language: mail.language,
      attachments: mail.attachments.map(({ filename, sha256 }) => ({ filename, sha256 })),
    });
  });
}

/**
 * Tries a queued mail, unless someone else is trying it now, and records the answer. Answers the
 * mail as it is afterwards: sent, failed, or still queued (tried again by its job).
 */
export async function deliverMail(app: FastifyInstance, mailId: string): Promise<MailSummary | null> {
  const mail = await app.repos.mailOutbox.claim(mailId, MAIL_LEASE_MS);
  if (!mail) return app.repos.mailOutbox.summary(mailId);
  const log = { mailId: mail.id, kind: mail.kind, attempt: mail.attempts };
  if (mail.recipient === null || mail.message === null) {
    await app.repos.mailOutbox.markFailed(mail.id, 'ERASED');
    return app.repos.mailOutbox.summary(mailId);
  }
  const outcome = await app.mailer.send(mail.recipient, Buffer.from(mail.message, 'latin1'));
  if (outcome.ok) {
    await markSent(app, mail);
    app.metrics.mailDelivery('sent');
    app.log.info(log, 'mail sent');
  } else if (outcome.permanent || mail.attempts >= MAX_MAIL_ATTEMPTS) {
    await app.repos.mailOutbox.markFailed(mail.id, outcome.code);
    app.metrics.mailDelivery('failed');
    app.log.warn({ ...log, code: outcome.code, permanent: outcome.permanent }, 'mail failed');
  } else {
    await app.repos.mailOutbox.release(mail.id, outcome.code);
    app.metrics.mailDelivery('deferred');
    app.log.warn({ ...log, code: outcome.code }, 'mail not taken: tried again later');
  }
  return app.repos.mailOutbox.summary(mailId);
}
