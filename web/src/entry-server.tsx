/**
 * The customer app rendered on the server (ADR 26): the portal's server imports this module's
 * build (`<web dist>/.ssr/entry-server.js`) and renders a page into the markup it sends, from the
 * API answers it asked for that page. The browser then takes the markup over (main.tsx), so the
 * page's content shows before any of the app's JavaScript has loaded.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { type Language, type PageData, SPA_BASE } from '@portal/domain';
import { App } from '@/app/app';
import { renderedTitle } from '@/components/layout/use-page-focus';
import { activateLanguage, setRenderedChoice } from '@/lib/i18n';

// The texts' language is the app's one active language: pages are rendered one at a time.
let queue: Promise<unknown> = Promise.resolve();

export interface RenderOptions {
  /** The language the person chose in the menu (its cookie), which the page's own hooks read. */
  chosen?: Language | null;
  signal?: AbortSignal;
}

export type Rendered =
  | {
      markup: string;
      /** The document title the page will have ("<heading> – <site>"), in its language. */
      title: string | null;
    }
  /** The page sends the customer on (an application past this step): the address, under the app's base. */
  | { redirect: string };

/**
 * The markup and title of the page at `url` (path and query under the app's base), rendered in
 * `data.language` with `data.answers` as the data; rejects when any part of the page failed to
 * render (the server then sends the page without markup, as before).
 */
export function render(url: string, data: PageData, { chosen = null, signal }: RenderOptions = {}): Promise<Rendered> {
  const rendering = queue.then(() => renderNow(url, data, chosen, signal));
  queue = rendering.catch(() => undefined);
  return rendering;
}

async function renderNow(url: string, data: PageData, chosen: Language | null, signal?: AbortSignal): Promise<Rendered> {
  signal?.throwIfAborted();
  setRenderedChoice(chosen);
  await activateLanguage(data.language);
  const errors: unknown[] = [];
  const ssrContext: { redirectTo?: string } = {};
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App pageData={data} ssrPath={url} ssrContext={ssrContext} />
    </StrictMode>,
    // Every part inline, in place: the browser may run no script of React's (the CSP allows none).
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length) throw new AggregateError(errors, 'The page did not render');
  // As the router's `<Redirect>` does: `~` leaves the base, anything else is under it.
  const to = ssrContext.redirectTo;
  if (to !== undefined) return { redirect: to.startsWith('~') ? to.slice(1) : `${SPA_BASE}${to}` };
  // A part React would finish in the browser with a script of its own: not allowed to run there.
  if (html.includes('<script')) throw new Error('The page rendered with a script in it');
  return { markup: html, title: renderedTitle(html) };
}
