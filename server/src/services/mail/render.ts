/**
 * A mail's words as the customer reads them: one plain layout rendered twice, as accessible HTML
 * (the language on `<html>`, a title, a heading, real text in paragraphs, a described link, no
 * images, no tables, contrast and size as on the portal's pages) and as the plain-text part that
 * says the same, for clients and readers that show no HTML.
 */
import type { Language } from '@portal/domain';

export interface MailLayout {
  subject: string;
  heading: string;
  /** Paragraphs before the action. */
  intro: readonly string[];
  /** One link the mail is for (an absolute http(s) address), with words that say where it goes. */
  action?: { label: string; url: string };
  /** Paragraphs after the action. */
  outro?: readonly string[];
  /** Who sent it and why; small print under a rule. */
  footer: string;
}

/** What a mail says, ready to compose: the subject and its two parts. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

function checkedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('a mail links to http(s) addresses only');
  return parsed.toString();
}

// Inline styles: mail clients drop style sheets. Colours as the portal's (text #1f2328 on white,
// links #0550ae: above 7:1), 16 px text, a readable measure.
const BODY = 'margin:0;padding:0;background:#ffffff;color:#1f2328;font-family:system-ui,-apple-system,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5';
const WRAPPER = 'max-width:36rem;margin:0 auto;padding:24px 16px';
const HEADING = 'font-size:22px;line-height:1.3;margin:0 0 16px;font-weight:700';
const PARAGRAPH = 'margin:0 0 16px';
const LINK = 'color:#0550ae;text-decoration:underline;font-weight:600';
const RULE = 'border:0;border-top:1px solid #d0d7de;margin:24px 0 16px';
const FOOTER = 'margin:0;font-size:14px;color:#57606a';

export function renderLayout(language: Language, layout: MailLayout): MailContent {
  const action = layout.action && { label: layout.action.label, url: checkedUrl(layout.action.url) };
  const paragraphs = (texts: readonly string[] = []) => texts.map((text) => `<p style="${PARAGRAPH}">${escapeHtml(text)}</p>`).join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="ltr">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(layout.subject)}</title>`,
    '</head>',
    `<body style="${BODY}">`,
    // Read as one message by screen readers in webmail, which puts it inside its own page.
    `<div role="article" aria-roledescription="email" aria-label="${escapeHtml(layout.subject)}" lang="${language}" style="${WRAPPER}">`,
    `<h1 style="${HEADING}">${escapeHtml(layout.heading)}</h1>`,
    paragraphs(layout.intro),
    action ? `<p style="${PARAGRAPH}"><a href="${escapeHtml(action.url)}" style="${LINK}">${escapeHtml(action.label)}</a></p>` : '',
    paragraphs(layout.outro),
    `<hr style="${RULE}">`,
    `<p style="${FOOTER}">${escapeHtml(layout.footer)}</p>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');

  const text = [
    layout.heading,
    '',
    ...layout.intro.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...(layout.outro ?? []).flatMap((p) => [p, '']),
    '--',
    layout.footer,
    '',
  ].join('\n');

  return { subject: layout.subject, text, html: `${html}\n` };
}
