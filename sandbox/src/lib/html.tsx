import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FAVICON_PATH } from '@portal/domain';

/**
 * Server-rendered pages (demo shop, sandbox look-alikes of outside parties) are React elements
 * turned into HTML on the server: every value is escaped, and no script runs in the browser.
 */
export function renderPage(options: {
  title: string;
  lang: string;
  stylesheet: string;
  body: ReactNode;
  bodyClass?: string;
}): string {
  const html = renderToStaticMarkup(
    <html lang={options.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{options.title}</title>
        <link rel="icon" href={FAVICON_PATH} type="image/svg+xml" />
        <link rel="stylesheet" href={options.stylesheet} />
      </head>
      <body className={options.bodyClass}>{options.body}</body>
    </html>,
  );
  return `<!doctype html>${html}`;
}
