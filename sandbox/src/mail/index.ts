/**
 * The sandbox mailbox (issue 31): an SMTP server in this process that takes every mail the portal
 * sends, and pages under /sandbox/mail/ that show each as the customer would see it (README.md).
 * The portal reaches it only over SMTP, as it would reach a real mail server: its host hears the
 * server's address through `onListening`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, type Language, languageFromAcceptLanguage } from '@portal/domain';
import { attachmentPath, htmlPath, listPage, messagePage, messagePath, notFoundPage, PREFIX } from './pages';
import { startSmtpServer } from './smtp';
import { mailStore } from './store';
import { MAILBOX_CSS } from './styles';

export interface MailboxOptions {
  /** Called once the SMTP server listens, with its `smtp://127.0.0.1:<port>`. */
  onListening?: (smtpUrl: string) => void;
}

/**
 * The message's own markup runs in a frame that may do nothing but open its links in a new tab,
 * as webmail does: no script (`sandbox`), nothing fetched (its images would tell the sender it
 * was read), only its inline styles, framed by the mailbox page and nobody else.
 */
const MESSAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox";

/** Links open in a new tab (the portal's pages may not be framed); the rest is the message as sent. */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head[^>]*>/i.exec(html);
  return head ? `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}` : `${base}${html}`;
}

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

function languageOf(request: FastifyRequest): Language {
  const { lang } = request.query as { lang?: unknown };
  return isLanguage(lang) ? lang : languageFromAcceptLanguage(request.headers['accept-language']);
}

/** RFC 6266: an ASCII name for old clients, the real one in UTF-8 beside it. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export default async function mailbox(app: FastifyInstance, options: MailboxOptions) {
  const store = mailStore();
  const smtp = await startSmtpServer(store, (message) =>
    app.log.info({ sandboxMail: message.id, size: message.size, attachments: message.attachments.length }, 'sandbox mailbox: mail received'),
  );
  app.addHook('onClose', async () => smtp.close());
  options.onListening?.(smtp.url);

  app.get(`${PREFIX}/mailbox.css`, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(MAILBOX_CSS),
  );
  app.get(PREFIX, (request, reply) => reply.redirect(`${PREFIX}/${request.url.slice(PREFIX.length)}`, 302));
  app.get(`${PREFIX}/`, (request, reply) => sendHtml(reply, listPage(languageOf(request), store.list())));

  app.get<{ Params: { id: string } }>(`${PREFIX}/messages/:id`, (request, reply) => {
    const message = store.find(request.params.id);
    const lang = languageOf(request);
    if (!message) return sendHtml(reply, notFoundPage(lang, messagePath(request.params.id)), 404);
    return sendHtml(reply, messagePage(lang, message));
  });

  app.get<{ Params: { id: string } }>(`${PREFIX}/messages/:id/html`, (request, reply) => {
    const message = store.find(request.params.id);
    if (!message || message.html === null) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    // A sandboxed frame has an opaque origin: asking it to be origin-keyed only earns a warning.
    reply.removeHeader('Origin-Agent-Cluster');
    return reply
      .header('Content-Security-Policy', MESSAGE_CSP)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(withLinksInNewTab(message.html));
  });

  app.get<{ Params: { id: string; index: string } }>(`${PREFIX}/messages/:id/attachments/:index`, (request, reply) => {
    const message = store.find(request.params.id);
    const attachment = /^\d{1,3}$/.test(request.params.index) ? message?.attachments[Number(request.params.index)] : undefined;
    if (!attachment) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('Content-Disposition', contentDisposition(attachment.filename))
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .type(attachment.contentType)
      .send(attachment.content);
  });

  // Control (tests, demos): what arrived, without the bodies; and an empty mailbox.
  app.get('/sandbox/control/mail', () =>
    store.list().map((message) => ({
      id: message.id,
      receivedAt: message.receivedAt.toISOString(),
      envelopeTo: message.envelopeTo,
      subject: message.subject,
      messageId: message.messageId,
      language: message.language,
      size: message.size,
      sha256: message.sha256,
      attachments: message.attachments.map(({ filename, contentType, size, sha256 }, index) => ({ filename, contentType, size, sha256, url: attachmentPath(message.id, index) })),
      page: messagePath(message.id),
      html: message.html === null ? null : htmlPath(message.id),
    })),
  );
  app.delete('/sandbox/control/mail', (_request, reply) => {
    store.clear();
    return reply.status(204).send();
  });
}
