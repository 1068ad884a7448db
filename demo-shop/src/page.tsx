import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FAVICON_PATH } from '@portal/domain';

/**
 * A page of the shop, rendered on the server: React escapes every value, and no script runs in
 * the browser (the portal's Content-Security-Policy covers the shop's pages too).
 */
export function shopPage(title: string, lang: string, stylesheet: string, body: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="icon" href={FAVICON_PATH} type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheet} />
      </head>
      <body>{body}</body>
    </html>,
  )}`;
}
