/**
 * Support sends a failed mail again (issue 31): the server refused it (an address put right
 * since, a mailbox that was full) or did not take it for longer than the job kept trying. The
 * very same message goes, under its Message-ID: queued afresh with its attempts from 0, its job
 * queued in the transaction that writes the audit entry. Only a failed mail whose personal data
 * is still there; anything else is refused with 409 and left as it was.
 */
import type { FastifyInstance } from 'fastify';
import { repositories } from '../../db/repositories';
import { ApiError } from '../../lib/errors';
import { MAIL_DELIVERY_QUEUE } from '../queues';
import type { Actor } from './actor';
import { findApplication } from './application-detail';

export async function retryMail(app: FastifyInstance, actor: Actor, reference: string, mailId: string, reason: string): Promise<void> {
  const application = await findApplication(app, reference);
  const retried = await app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    const mail = await repos.mailOutbox.summary(mailId);
    if (!mail || mail.applicationId !== application.id) throw ApiError.notFound('REQUEST_ERROR');
    const queued = await repos.mailOutbox.retry(mail.id);
    if (!queued) throw ApiError.conflict();
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'mail.retried',
      targetType: 'application',
      targetId: application.reference,
      reason,
      detail: { mailId: mail.id, kind: mail.kind, messageId: mail.messageId, failure: mail.lastError, attempts: mail.attempts },
    });
    await app.jobs.send(MAIL_DELIVERY_QUEUE, { mailId: mail.id }, { transaction: tx, singletonKey: mail.id });
    return mail;
  });
  app.log.info({ reference: application.reference, mailId: retried.id, kind: retried.kind }, 'mail retried by support');
}
