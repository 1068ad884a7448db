/**
 * Where the portal's mail goes: an SMTP server (`SMTP_URL`, smtp:// with STARTTLS when the server
 * offers it, or smtps://), through nodemailer, one connection per message. The outbox composes
 * each message itself (queue-mail.ts), so what goes over the wire is exactly what it kept and
 * digested; the transport only carries it and reads the answer.
 *
 * Nothing here logs: the server's answers name the address ("550 5.1.1 <kari@…>: unknown"), so
 * only their code is kept (`failureCode`). In sandbox mode without SMTP_URL the mail goes to the
 * sandbox's own SMTP server, whose port is known once it listens (`useSmtpUrl`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTransport, type Transporter } from 'nodemailer';
import { senderOf, smtpUrlProblem } from './settings';

export interface MailSettings {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; null: the sandbox's server once it listens, else nowhere (mails wait, queued). */
  smtpUrl: string | null;
  /** The sender, `Name <address>` or an address: the From header and the envelope's sender. */
  from: string;
  /** How long connecting, the greeting and each answer may take before the attempt counts as unanswered. */
  timeoutMs: number;
}

/** What an attempt came to: accepted by the server, or refused for good, or not (yet). */
export type SendOutcome = { ok: true } | { ok: false; code: string; permanent: boolean };

export interface Mailer {
  /** The From header. */
  readonly from: string;
  /** The envelope's sender, and the domain of the Message-IDs the portal makes. */
  readonly fromAddress: string;
  readonly messageIdDomain: string;
  /** Whether there is a server to send to now. */
  configured(): boolean;
  /** Hands a composed message to the server for `to`. Never throws for what the server or the network does. */
  send(to: string, raw: Buffer): Promise<SendOutcome>;
  /** The sandbox's own server, once it listens: used when no SMTP_URL is configured. */
  useSmtpUrl(url: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Nodemailer's error, as far as the outbox reads it. */
interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  permanent?: unknown;
}

/**
 * Why an attempt failed, without the server's words: the SMTP reply code and its enhanced status
 * code (RFC 3463) when the server answered (`550 5.1.1`), nodemailer's code when the connection
 * failed (`ECONNECTION`, `ETIMEDOUT`, …).
 */
export function failureCode(error: unknown): { code: string; permanent: boolean } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const kind = typeof e.code === 'string' && /^[A-Z_]{2,30}$/.test(e.code) ? e.code : 'UNKNOWN';
  // The portal's own set-up (credentials, TLS) refused: not the customer's mail that failed. It
  // waits, queued, until someone puts it right (support sees the code).
  const ours = OUR_SETUP.has(kind);
  if (typeof e.responseCode === 'number') {
    const enhanced = typeof e.response === 'string' ? /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})\b/.exec(e.response)?.[1] : undefined;
    const reply = enhanced ? `${e.responseCode} ${enhanced}` : String(e.responseCode);
    // RFC 5321: 5yz is a permanent refusal, 4yz a transient one (503 only says the session was out of step).
    const permanent = typeof e.permanent === 'boolean' ? e.permanent : e.responseCode >= 500 && e.responseCode !== 503;
    return { code: ours ? `${kind} ${reply}` : reply, permanent: permanent && !ours };
  }
  return { code: kind, permanent: false };
}

const OUR_SETUP = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2', 'ETLS', 'EREQUIRETLS', 'ECONFIG']);

function checkSmtpUrl(url: string): string {
  const problem = smtpUrlProblem(url);
  if (problem) throw new Error(`SMTP_URL: ${problem}`);
  return url;
}

export default fp(
  async function mailer(app: FastifyInstance, settings: MailSettings) {
    const sender = senderOf(settings.from);
    if (!sender) throw new Error('MAIL_FROM must hold one address (config.ts checks it at start)');
    let url = settings.smtpUrl === null ? null : checkSmtpUrl(settings.smtpUrl);
    let transport: Transporter | null = null;
    const transportFor = (target: string): Transporter =>
      (transport ??= createTransport({
        url: target,
        connectionTimeout: settings.timeoutMs,
        greetingTimeout: settings.timeoutMs,
        socketTimeout: settings.timeoutMs,
        logger: false,
        debug: false,
        // The outbox sends composed messages only: nothing is read from files or addresses.
        disableFileAccess: true,
        disableUrlAccess: true,
      }));

    app.decorate('mailer', {
      from: settings.from,
      fromAddress: sender.address,
      messageIdDomain: sender.domain,
      configured: () => url !== null,
      async send(to, raw) {
        if (url === null) return { ok: false, code: 'NOT_CONFIGURED', permanent: false };
        try {
          await transportFor(url).sendMail({ envelope: { from: sender.address, to: [to] }, raw });
          return { ok: true };
        } catch (error) {
          return { ok: false, ...failureCode(error) };
        }
      },
      useSmtpUrl(next) {
        if (settings.smtpUrl !== null) return;
        url = checkSmtpUrl(next);
        transport?.close();
        transport = null;
      },
    } satisfies Mailer);

    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mailer' },
);
