/**
 * The sandbox's SMTP server: it takes every message for any address, on 127.0.0.1 only, and keeps
 * it in the mailbox (store.ts). No TLS and no login: nothing leaves this process. A message over
 * MAX_MESSAGE_BYTES is refused with 552, as a real server refuses one over its SIZE.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { MailStore, StoredMessage } from './store';

export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

async function read(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

export interface SandboxSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for the portal's mailer. */
  url: string;
  close(): Promise<void>;
}

export async function startSmtpServer(store: MailStore, onMessage?: (message: StoredMessage) => void): Promise<SandboxSmtpServer> {
  const server = new SMTPServer({
    banner: 'Sandbox mailbox: nothing is delivered further',
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      read(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message exceeds the fixed maximum message size'), { responseCode: 552 }));
            return;
          }
          const parsed = await simpleParser(raw);
          const { mailFrom, rcptTo } = session.envelope;
          const message = store.add(raw, parsed, { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) });
          onMessage?.(message);
          callback(null, `Kept as ${message.id}`);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error('unreadable message')));
    },
  });
  // A client that goes away mid-message is no fault of the sandbox's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the sandbox SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
