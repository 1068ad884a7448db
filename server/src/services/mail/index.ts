/**
 * E-mail (issue 31): what other parts of the portal use to send a mail and to learn what became
 * of it. README.md beside this file says how it works.
 */
export { type MailAttachment, type MailStatus, mailStatus, type OutgoingMail, queueMail } from './queue-mail';
export type { MailContent } from './render';
export type { MailTemplate, MailTemplateName } from './templates';
