/**
 * Sending a mail (issue 31): `queueMail` composes it and keeps it in the outbox, with its delivery
 * job, inside the caller's transaction. It exists exactly when what it is about was committed: a
 * transaction that rolls back sends nothing, and one that commits loses nothing to a restart
 * (the job finds it). Once committed, it is tried at once; the job tries again while the server
 * does not take it. `mailStatus` answers what became of it (for the evidence of what was sent,
 * and for a step that waits until it went).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import { EMAIL_PATTERN, type Language } from '@portal/domain';
import type { Queryable } from '../../db/db';
import { repositories } from '../../db/repositories';
import type { MailAttachmentRecord, MailState } from '../../db/repositories/mail-outbox';
import { MAIL_DELIVERY_QUEUE } from '../queues';
import { deliverMail } from './deliver-mail';
import type { MailContent } from './render';
import { type MailTemplate, renderTemplate } from './templates';

export interface MailAttachment {
  /** As the customer sees it, e.g. `SECCI.pdf`. */
  filename: string;
  contentType: string;
  content: Uint8Array;
}

interface MailBase {
  /** The application it is about (its retention erases the mail's personal data); null for none. */
  applicationId: string | null;
  /** The customer's address. */
  to: string;
  /** The customer's language: the words of a template, and the message's Content-Language. */
  language: Language;
  attachments?: readonly MailAttachment[];
}

/** A template of templates.ts, or words made by the caller (`kind` names them for the back office). */
export type OutgoingMail = MailBase & ({ template: MailTemplate } | ({ kind: string } & MailContent));

export interface MailStatus {
  state: MailState;
  /** The Message-ID header the mail carries, made by the portal before the first attempt. */
  messageId: string;
  sentAt: Date | null;
  /** SHA-256 (hex) of the whole message's bytes, as sent on every attempt. */
  digest: string;
  attempts: number;
  /** Why the last attempt failed: an SMTP reply code (`550 5.1.1`) or a connection's (`ECONNECTION`). */
  lastError: string | null;
}

/** One address, nothing a header could read as two (no separators, no display name). */
const ADDRESS = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+$/;
const KIND = /^[a-z][a-z0-9-]{1,49}$/;

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The digits of a number with whatever a writer puts between them. */
const spaced = (digits: string) => new RegExp(digits.split('').join(String.raw`[\s.+-]?`));

/** A mail never carries a national ID: the applicant's is looked for in every part. */
async function refuseNationalId(tx: Queryable, applicationId: string | null, content: MailContent): Promise<void> {
  if (!applicationId) return;
  const nationalId = (await repositories(tx).customers.findByApplicationId(applicationId))?.nationalId;
  if (!nationalId) return;
  // Swedish numbers are stored with their century; a mail could show the 10-digit form.
  const forms = [nationalId, ...(nationalId.length === 12 ? [nationalId.slice(2)] : [])].map(spaced);
  const parts = [content.subject, content.text, content.html];
  if (parts.some((part) => forms.some((form) => form.test(part)))) throw new Error('a mail must not carry a national ID');
}

/** The whole message, composed once: every attempt sends these bytes. */
async function compose(app: FastifyInstance, mail: OutgoingMail, content: MailContent, messageId: string): Promise<Buffer> {
  const composer = new MailComposer({
    from: app.mailer.from,
    to: mail.to,
    subject: content.subject,
    messageId,
    text: content.text,
    html: content.html,
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content),
    })),
    headers: {
      'Content-Language': mail.language,
      // RFC 3834: automatic, so out-of-office answers are not sent back.
      'Auto-Submitted': 'auto-generated',
    },
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const built = await composer.compile().build();
  // SMTP carries lines ending in CRLF only, and nodemailer's transport rewrites a bare LF (a text
  // part's own line breaks) as it sends: done here, the kept bytes and their digest are the sent ones.
  return Buffer.from(built.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
}

/**
 * Keeps `mail`, composed, in the outbox inside `tx` (the caller's transaction), with its delivery
 * job; answers its id. Once `tx` commits, the mail is tried at once.
 */
export async function queueMail(app: FastifyInstance, tx: Queryable, mail: OutgoingMail): Promise<string> {
  if (!ADDRESS.test(mail.to) || !EMAIL_PATTERN.test(mail.to)) throw new Error('a mail goes to one valid address');
  const content = 'template' in mail ? renderTemplate(mail.language, mail.template) : mail;
  const kind = 'template' in mail ? mail.template.name : mail.kind;
  if (!KIND.test(kind)) throw new Error('a mail kind is a short lower-case name');
  await refuseNationalId(tx, mail.applicationId, content);

  const messageId = `<${randomUUID()}@${app.mailer.messageIdDomain}>`;
  const raw = await compose(app, mail, content, messageId);
  const attachments: MailAttachmentRecord[] = (mail.attachments ?? []).map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.content.byteLength,
    sha256: sha256(attachment.content),
  }));
  const id = await repositories(tx).mailOutbox.insert({
    applicationId: mail.applicationId,
    kind,
    language: mail.language,
    recipient: mail.to,
    subject: content.subject,
    // Byte for byte (latin1 maps each byte to one character and back).
    message: raw.toString('latin1'),
    messageId,
    digest: sha256(raw),
    size: raw.byteLength,
    attachments,
  });
  await app.jobs.send(MAIL_DELIVERY_QUEUE, { mailId: id }, { transaction: tx, singletonKey: id });
  tx.afterCommit(() => {
    deliverMail(app, id).catch((error: unknown) => {
      // The job tries again. The error is not logged: a driver's message could quote the row.
      app.log.warn({ mailId: id, reason: error instanceof Error ? error.name : 'unknown' }, 'mail not tried at once: its job tries it');
    });
  });
  return id;
}

/** What became of a mail; null when there is none with that id. */
export async function mailStatus(app: FastifyInstance, id: string): Promise<MailStatus | null> {
  const mail = await app.repos.mailOutbox.summary(id);
  if (!mail) return null;
  return { state: mail.state, messageId: mail.messageId, sentAt: mail.sentAt, digest: mail.digest, attempts: mail.attempts, lastError: mail.lastError };
}
