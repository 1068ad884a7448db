/**
 * A real SMTP server for the mail tests (smtp-server, as a mail provider's would be): it keeps
 * what it was given, byte for byte, and answers as told — take it, refuse an address for good
 * (550 5.1.1), not now (421), or never answer the greeting (a server that hangs).
 */
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './helpers';

export interface Received {
  raw: Buffer;
  sha256: string;
  envelopeTo: string[];
  parsed: ParsedMail;
}

export type SmtpMode = 'accept' | 'busy' | 'hang';

export interface TestSmtp {
  url: string;
  port: number;
  received: Received[];
  /** Connections that reached the greeting (whatever came of them). */
  connections: number;
  mode: SmtpMode;
  /** Whether addresses starting with UNKNOWN_PREFIX are refused (550 5.1.1); true at first. */
  refuseUnknown: boolean;
  close(): Promise<void>;
}

/** Addresses this server refuses for good, as a provider refuses an unknown mailbox. */
export const UNKNOWN_PREFIX = 'nobody-here';

export async function startSmtp(mode: SmtpMode = 'accept', port?: number): Promise<TestSmtp> {
  const sockets = new Set<Socket>();
  const smtp: TestSmtp = { url: '', port: 0, received: [], connections: 0, mode, refuseUnknown: true, close: async () => undefined };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      smtp.connections += 1;
      if (smtp.mode === 'hang') return; // never greets
      if (smtp.mode === 'busy') return callback(Object.assign(new Error('4.3.2 Service not available, try again later'), { responseCode: 421 }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (smtp.refuseUnknown && address.address.startsWith(UNKNOWN_PREFIX)) {
        return callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown in virtual mailbox table`), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            smtp.received.push({ raw, sha256: createHash('sha256').update(raw).digest('hex'), envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
            callback(null, 'Queued');
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error('unreadable')),
        );
      });
    },
  });
  server.on('error', () => undefined);
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  smtp.port = listenPort;
  smtp.url = `smtp://127.0.0.1:${listenPort}`;
  smtp.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return smtp;
}

/** Every log line the app wrote, for tests that look for what must not be there. */
export function logLines(): { lines: string[]; write(line: string): void } {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line) };
}
