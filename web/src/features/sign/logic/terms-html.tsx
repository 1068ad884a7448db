/**
 * Resurs' individualised terms arrive as HTML. They are shown as part of the page (read in the
 * same flow as the rest, styled like it, readable at 360 px) without ever handing the HTML to the
 * browser as markup: it is parsed into an inert document (no scripts run, nothing loads), and
 * only an allow-list of text elements is rebuilt as React elements. Everything else is dropped
 * (scripts, styles, forms, media, event handlers, classes) or unwrapped to its text.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Elements kept, with the look they get here (the provider's classes and styles are dropped). */
const KEPT: Readonly<Record<string, string>> = {
  p: '',
  br: '',
  strong: 'font-semibold',
  b: 'font-semibold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  small: 'text-sm',
  sub: '',
  sup: '',
  span: '',
  div: 'space-y-3',
  section: 'space-y-3',
  article: 'space-y-4',
  blockquote: 'border-l-4 border-neutral-300 pl-3',
  ul: 'list-disc space-y-1 pl-6',
  ol: 'list-decimal space-y-1 pl-6',
  li: '',
  dl: 'grid grid-cols-1 gap-x-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-y-1',
  // A label and its value: the value reads first, the label is the quieter line.
  dt: 'text-sm text-neutral-700 sm:text-base',
  dd: 'mb-2 font-medium sm:mb-0',
  table: 'w-full border-collapse text-sm',
  caption: 'py-1 text-left font-semibold',
  thead: '',
  tbody: '',
  tfoot: '',
  tr: 'border-b border-neutral-200',
  th: 'px-2 py-1.5 text-left align-top font-semibold',
  td: 'px-2 py-1.5 align-top',
  hr: 'border-neutral-300',
  a: 'text-link underline underline-offset-2',
  abbr: '',
};

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
/** The look of each heading level inside a document (its title above is an h3 in text-h5). */
const HEADING_CLASSES: Readonly<Record<number, string>> = { 1: 'text-h3', 2: 'text-h4', 3: 'text-h5', 4: 'text-h5 pt-2', 5: 'text-h6 pt-1', 6: 'text-h6' };

/** Dropped with everything inside: they carry no readable text, or act. */
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'img', 'picture', 'video', 'audio', 'source', 'track', 'canvas', 'map', 'head', 'title',
  'meta', 'link', 'base', 'form', 'input', 'button', 'select', 'option', 'textarea', 'dialog',
]);

/** Elements whose text children can only be the whitespace between their parts. */
const STRUCTURE_ONLY = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol', 'dl']);

/** Link schemes allowed (spec section 9); anything else loses its link and keeps its text. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'ftp:', 'mailto:', 'tel:']);

function safeHref(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.href);
    return LINK_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const span = (value: string | null, max: number): number | undefined => {
  const n = value === null ? NaN : Number.parseInt(value, 10);
  return Number.isInteger(n) && n > 1 && n <= max ? n : undefined;
};

export interface TermsHtmlOptions {
  /** The level of the heading the document sits under: its own headings continue below it. */
  parentHeadingLevel: number;
  /** The accessible name of a table's scroll region (a wide table scrolls sideways at 360 px). */
  tableLabel: string;
}

/** The highest heading level used in the document (1 for h1), or null without headings. */
function topHeadingLevel(root: ParentNode): number | null {
  for (const [index, tag] of HEADINGS.entries()) if (root.querySelector(tag)) return index + 1;
  return null;
}

/** The document's HTML as React nodes, keeping only the allow-list. */
export function termsHtmlToReact(html: string, options: TermsHtmlOptions): ReactNode {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const top = topHeadingLevel(document.body) ?? 1;
  // The document's top headings become the level below the page's, the others keep their steps.
  const shift = options.parentHeadingLevel + 1 - top;

  const convert = (node: Node, key: number): ReactNode => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) return null;
    const childNodes = [...element.childNodes];
    const children = (
      STRUCTURE_ONLY.has(tag) ? childNodes.filter((child) => child.nodeType !== Node.TEXT_NODE || child.textContent?.trim()) : childNodes
    ).map(convert);

    const headingIndex = HEADINGS.indexOf(tag);
    if (headingIndex >= 0) {
      const level = Math.min(6, Math.max(1, headingIndex + 1 + shift));
      return createElement(`h${level}`, { key, className: HEADING_CLASSES[level] }, ...children);
    }
    const look = KEPT[tag];
    // Not on the list: its text stays, the element goes.
    if (look === undefined) return children.length > 0 ? createElement(Fragment, { key }, ...children) : null;
    if (tag === 'br' || tag === 'hr') return createElement(tag, { key, className: look || undefined });

    const props: Record<string, unknown> = { key, className: look || undefined };
    if (tag === 'a') {
      const href = safeHref(element.getAttribute('href'));
      if (!href) return createElement(Fragment, { key }, ...children);
      props.href = href;
      // The terms stay open in the portal; a linked document opens beside them.
      props.target = '_blank';
      props.rel = 'noopener noreferrer';
    }
    if (tag === 'th' || tag === 'td') {
      props.colSpan = span(element.getAttribute('colspan'), 50);
      props.rowSpan = span(element.getAttribute('rowspan'), 500);
      if (tag === 'th') {
        const scope = element.getAttribute('scope');
        if (scope === 'row' || scope === 'col' || scope === 'rowgroup' || scope === 'colgroup') props.scope = scope;
      }
    }
    if (tag === 'abbr') {
      const title = element.getAttribute('title');
      if (title) props.title = title;
    }
    const built = createElement(tag, props, ...children);
    if (tag === 'table') {
      // A focusable, named region, so a keyboard user can scroll a table wider than the screen.
      return createElement(
        'div',
        { key, role: 'region', 'aria-label': options.tableLabel, tabIndex: 0, className: cn('overflow-x-auto rounded') },
        built,
      );
    }
    return built;
  };

  return [...document.body.childNodes].map(convert);
}
