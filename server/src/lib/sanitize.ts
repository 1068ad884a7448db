/**
 * HTML the portal shows from data (consent texts) is sanitised on the server before it is
 * served: a few inline tags, links with the schemes http, https, ftp, mailto and tel only
 * (spec section 9). The web app then renders it as is, so no sanitiser ships to the browser.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'em', 'i', 'br', 'p', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'ftp', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links to documents open in a new tab, safely.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
};

export function sanitizeHtmlText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
