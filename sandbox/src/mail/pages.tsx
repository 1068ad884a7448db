/**
 * The sandbox mailbox's pages: every message that arrived, newest first, and one message as the
 * customer's mail program shows it: its headers, its HTML part in a sandboxed frame (its own
 * address, with a policy of its own: no script, nothing loaded from anywhere), its plain-text
 * part, and its attachments to download. Server-rendered, no script.
 */
import type { ReactNode } from 'react';
import { type Language, LANGUAGES } from '@portal/domain';
import { renderPage } from '../lib/html';
import { MAX_MESSAGES, type StoredMessage } from './store';
import { fill, MAILBOX_TEXTS, type MailboxTexts } from './texts';

export const PREFIX = '/sandbox/mail';
export const STYLESHEET_PATH = `${PREFIX}/mailbox.css`;
export const messagePath = (id: string) => `${PREFIX}/messages/${encodeURIComponent(id)}`;
export const htmlPath = (id: string) => `${messagePath(id)}/html`;
export const attachmentPath = (id: string, index: number) => `${messagePath(id)}/attachments/${index}`;

const LOCALE: Readonly<Record<Language, string>> = { en: 'en-GB', sv: 'sv-SE', nb: 'nb-NO' };
const LANGUAGE_NAME: Readonly<Record<Language, string>> = { en: 'English', sv: 'Svenska', nb: 'Norsk' };

const withLang = (path: string) => (lang: Language) => `${path}?lang=${lang}`;

function formatDate(lang: Language, date: Date | null): string {
  return date ? new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium', timeStyle: 'medium' }).format(date) : '–';
}

export function formatSize(lang: Language, bytes: number): string {
  const format = (value: number, unit: 'byte' | 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(LOCALE[lang], { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return format(bytes, 'byte');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'kilobyte');
  return format(bytes / (1024 * 1024), 'megabyte');
}

function page(options: { title: string; lang: Language; href: (lang: Language) => string; children: ReactNode }): string {
  const t = MAILBOX_TEXTS[options.lang];
  return renderPage({
    title: `${options.title} – ${t.title}`,
    lang: options.lang,
    stylesheet: STYLESHEET_PATH,
    body: (
      <>
        <header className="bar">
          <p>{t.title}</p>
          <nav aria-label={t.language}>
            <ul>
              {LANGUAGES.map((code) => (
                <li key={code}>
                  <a href={options.href(code)} lang={code} hrefLang={code} aria-current={code === options.lang ? 'true' : undefined}>
                    {LANGUAGE_NAME[code]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main>
          <p className="notice">{fill(t.notice, { n: MAX_MESSAGES })}</p>
          {options.children}
        </main>
      </>
    ),
  });
}

const subjectOf = (t: MailboxTexts, message: StoredMessage) => message.subject || t.noSubject;

export function listPage(lang: Language, messages: readonly StoredMessage[]): string {
  const t = MAILBOX_TEXTS[lang];
  return page({
    title: t.messages,
    lang,
    href: withLang(`${PREFIX}/`),
    children: (
      <>
        <h1>{t.title}</h1>
        {messages.length === 0 ? (
          <p>{t.empty}</p>
        ) : (
          <section aria-labelledby="messages-title">
            <h2 id="messages-title">{t.messages}</h2>
            <ol className="messages">
              {messages.map((message) => (
                <li key={message.id} data-testid="message">
                  <a href={withLang(messagePath(message.id))(lang)}>{subjectOf(t, message)}</a>
                  <p className="meta">
                    {t.to}: {message.to || message.envelopeTo.join(', ')} · {t.received}: {formatDate(lang, message.receivedAt)} · {t.attachments}:{' '}
                    {message.attachments.length === 0 ? t.none : fill(t.attachmentCount, { n: message.attachments.length })}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        )}
      </>
    ),
  });
}

export function messagePage(lang: Language, message: StoredMessage): string {
  const t = MAILBOX_TEXTS[lang];
  const subject = subjectOf(t, message);
  return page({
    title: subject,
    lang,
    href: withLang(messagePath(message.id)),
    children: (
      <>
        <p>
          <a href={withLang(`${PREFIX}/`)(lang)}>{t.all}</a>
        </p>
        <h1>{subject}</h1>
        <dl className="headers">
          <dt>{t.from}</dt>
          <dd>{message.from}</dd>
          <dt>{t.to}</dt>
          <dd data-testid="to">{message.to}</dd>
          <dt>{t.date}</dt>
          <dd>{formatDate(lang, message.date)}</dd>
          <dt>{t.mailLanguage}</dt>
          <dd data-testid="mail-language">{message.language ?? '–'}</dd>
          <dt>{t.messageId}</dt>
          <dd className="mono" data-testid="message-id">
            {message.messageId ?? '–'}
          </dd>
        </dl>

        <h2>{t.attachments}</h2>
        {message.attachments.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul className="attachments">
            {message.attachments.map((attachment, index) => (
              <li key={attachment.sha256 + String(index)}>
                <a href={attachmentPath(message.id, index)} download={attachment.filename} data-testid="attachment">
                  {fill(t.download, { filename: attachment.filename, size: formatSize(lang, attachment.size) })}
                </a>
              </li>
            ))}
          </ul>
        )}

        <h2>{t.htmlPart}</h2>
        {message.html === null ? (
          <p>{t.noHtml}</p>
        ) : (
          // Its own address and policy: the message's markup runs nothing and loads nothing; its links open in a new tab.
          <iframe className="message" src={htmlPath(message.id)} sandbox="allow-popups allow-popups-to-escape-sandbox" title={fill(t.htmlFrame, { subject })} referrerPolicy="no-referrer" />
        )}

        <h2>{t.textPart}</h2>
        {message.text === null ? (
          <p>{t.noText}</p>
        ) : (
          <pre className="text" lang={message.language ?? undefined} data-testid="text-part">
            {message.text}
          </pre>
        )}
      </>
    ),
  });
}

export function notFoundPage(lang: Language, path: string): string {
  const t = MAILBOX_TEXTS[lang];
  return page({
    title: t.notFoundTitle,
    lang,
    href: withLang(path),
    children: (
      <>
        <h1>{t.notFoundTitle}</h1>
        <p>{t.notFound}</p>
        <p>
          <a href={withLang(`${PREFIX}/`)(lang)}>{t.all}</a>
        </p>
      </>
    ),
  });
}
