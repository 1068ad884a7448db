/**
 * A mail's words as the customer reads them: one plain layout rendered twice, as accessible HTML
 * (the language on `<html>`, a title, a heading, real text in paragraphs and lists, described links, no
 * images, no tables, contrast and size as on the portal's pages) and as the plain-text part that
 * says the same, for clients and readers that show no HTML.
 */
import type { Language } from '@portal/domain';

/** A link (an absolute http(s) address) with words that say where it goes. */
export interface MailLink {
  label: string;
  url: string;
}

/**
 * One block of a mail's body: a paragraph (a plain string), a bulleted list (a real `<ul>`, so a
 * screen reader says how many items there are), a quotation of someone's own words (a
 * `<blockquote>`, its line breaks kept) or a link on a line of its own.
 */
export type MailBlock = string | { list: readonly string[] } | { quote: string } | { link: MailLink };

export interface MailLayout {
  subject: string;
  heading: string;
  /** Paragraphs (and lists, quotations, links) before the action. */
  intro: readonly MailBlock[];
  /** One link the mail is for, shown as its call to action. */
  action?: MailLink;
  /** Paragraphs (and lists, quotations, links) after the action. */
  outro?: readonly MailBlock[];
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
const LIST = 'margin:0 0 16px;padding:0 0 0 24px';
const LIST_ITEM = 'margin:0 0 8px';
const QUOTE = 'margin:0 0 16px;padding:0 0 0 12px;border-left:4px solid #d0d7de';

const checkedLink = (link: MailLink): MailLink => ({ label: link.label, url: checkedUrl(link.url) });

function htmlBlock(block: MailBlock): string {
  if (typeof block === 'string') return `<p style="${PARAGRAPH}">${escapeHtml(block)}</p>`;
  if ('list' in block) {
    if (block.list.length === 0) return '';
    return [`<ul style="${LIST}">`, ...block.list.map((item) => `<li style="${LIST_ITEM}">${escapeHtml(item)}</li>`), '</ul>'].join('\n');
  }
  if ('quote' in block) {
    // Someone's own words: every character escaped, their line breaks kept.
    const lines = block.quote.trim().split(/\r?\n/).map(escapeHtml).join('<br>\n');
    return `<blockquote style="${QUOTE}"><p style="margin:0">${lines}</p></blockquote>`;
  }
  const link = checkedLink(block.link);
  return `<p style="${PARAGRAPH}"><a href="${escapeHtml(link.url)}" style="${LINK}">${escapeHtml(link.label)}</a></p>`;
}

// In the text part a block ends with an empty line; a list's items start with a dash, a
// quotation's lines with "> " as mail clients quote.
function textBlock(block: MailBlock): string[] {
  if (typeof block === 'string') return [block, ''];
  if ('list' in block) return block.list.length === 0 ? [] : [...block.list.map((item) => `- ${item}`), ''];
  if ('quote' in block) return [...block.quote.trim().split(/\r?\n/).map((line) => (line === '' ? '>' : `> ${line}`)), ''];
  const link = checkedLink(block.link);
  return [`${link.label}:`, link.url, ''];
}

export function renderLayout(language: Language, layout: MailLayout): MailContent {
  const action = layout.action && checkedLink(layout.action);
  const paragraphs = (blocks: readonly MailBlock[] = []) => blocks.map(htmlBlock).filter((block) => block !== '').join('\n');
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
    ...layout.intro.flatMap(textBlock),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...(layout.outro ?? []).flatMap(textBlock),
    '--',
    layout.footer,
    '',
  ].join('\n');

  return { subject: layout.subject, text, html: `${html}\n` };
}
