/**
 * The mails sent about one application, for support (issue 31): kind, language, state, attempts,
 * the last failure's code, when it went, its Message-ID and digest, and what was attached. Never
 * the recipient or the words: support answers "did the customer get it?" without reading it.
 */
import type { BackOfficeMail, BackOfficeMails } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { MailSummary } from '../../db/repositories/mail-outbox';
import { findApplication } from './application-detail';

export function mailView(mail: MailSummary): BackOfficeMail {
  return {
    id: mail.id,
    kind: mail.kind,
    language: mail.language,
    state: mail.state,
    attempts: mail.attempts,
    lastError: mail.lastError,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    failedAt: mail.failedAt?.toISOString() ?? null,
    messageId: mail.messageId,
    digest: mail.digest,
    size: mail.size,
    attachments: mail.attachments,
    erased: mail.recipient === null,
  };
}

export async function applicationMails(app: FastifyInstance, reference: string): Promise<BackOfficeMails> {
  const application = await findApplication(app, reference);
  const mails = await app.repos.mailOutbox.listForApplication(application.id);
  return { mails: mails.map(mailView) };
}
