/**
 * The sandbox mailbox's messages, in memory and bounded: the newest MAX_MESSAGES, and no more
 * than MAX_BYTES of raw messages in all; the oldest go first. A restart empties it (the portal's
 * outbox keeps what it sent).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Attachment, ParsedMail } from 'mailparser';

export const MAX_MESSAGES = 200;
export const MAX_BYTES = 64 * 1024 * 1024;

export interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  content: Buffer;
}

export interface StoredMessage {
  /** The mailbox's own id (in its URLs). */
  id: string;
  receivedAt: Date;
  /** The envelope, as the SMTP client gave it. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The headers as the customer's mail program shows them. */
  from: string;
  to: string;
  subject: string;
  date: Date | null;
  messageId: string | null;
  /** Content-Language, when the sender said it. */
  language: string | null;
  html: string | null;
  text: string | null;
  attachments: StoredAttachment[];
  /** The whole message's size and SHA-256 as it arrived. */
  size: number;
  sha256: string;
}

const addresses = (value: ParsedMail['to']): string => (value === undefined ? '' : (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', '));

const header = (parsed: ParsedMail, name: string): string | null => {
  const value = parsed.headers.get(name);
  return typeof value === 'string' ? value : null;
};

const attachmentOf = (attachment: Attachment, index: number): StoredAttachment => ({
  filename: attachment.filename ?? `attachment-${index + 1}`,
  contentType: attachment.contentType,
  size: attachment.size,
  sha256: createHash('sha256').update(attachment.content).digest('hex'),
  content: attachment.content,
});

export function mailStore() {
  const messages: StoredMessage[] = [];
  let bytes = 0;
  return {
    add(raw: Buffer, parsed: ParsedMail, envelope: { from: string; to: string[] }): StoredMessage {
      const message: StoredMessage = {
        id: randomUUID(),
        receivedAt: new Date(),
        envelopeFrom: envelope.from,
        envelopeTo: envelope.to,
        from: parsed.from?.text ?? '',
        to: addresses(parsed.to),
        subject: parsed.subject ?? '',
        date: parsed.date ?? null,
        messageId: parsed.messageId ?? null,
        language: header(parsed, 'content-language'),
        html: typeof parsed.html === 'string' ? parsed.html : null,
        text: parsed.text ?? null,
        attachments: parsed.attachments.map(attachmentOf),
        size: raw.byteLength,
        sha256: createHash('sha256').update(raw).digest('hex'),
      };
      messages.unshift(message);
      bytes += message.size;
      while (messages.length > MAX_MESSAGES || (bytes > MAX_BYTES && messages.length > 1)) {
        const oldest = messages.pop();
        if (oldest) bytes -= oldest.size;
      }
      return message;
    },
    /** Newest first. */
    list: (): readonly StoredMessage[] => messages,
    find: (id: string): StoredMessage | null => messages.find((message) => message.id === id) ?? null,
    clear(): void {
      messages.length = 0;
      bytes = 0;
    },
  };
}

export type MailStore = ReturnType<typeof mailStore>;
