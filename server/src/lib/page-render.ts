import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  type CountryCode,
  countryFromParam,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  PAGE_DATA_ID,
  type PageData,
  pageLanguage,
  SPA_BASE,
} from '@portal/domain';

/**
 * Pages rendered on the server (ADR 26). The page's markup comes with the HTML, and the app's
 * JavaScript is asked for only once the page has painted, by this one inline script (allowed by
 * its hash in the Content-Security-Policy, plugins/security.ts): the page's content shows after
 * the HTML and the stylesheet alone, then the app takes it over where it stands (hydration). A
 * tab opened in the background, or a browser that does not report paints, loads the app at once;
 * one that reports none within 3 seconds loads it then.
 */
export const LOADER = [
  '(function(){var d=document.currentScript.dataset,done=false;',
  'function load(){if(done)return;done=true;',
  "JSON.parse(d.preload||'[]').forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);});",
  "var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=d.entry;document.head.appendChild(s);}",
  "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];",
  "if(document.visibilityState!=='visible'||types.indexOf('paint')<0){load();return;}",
  "new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load,0);}}).observe({type:'paint',buffered:true});",
  'setTimeout(load,3000);})();',
].join('');

/** The loader's source in the form Content-Security-Policy's script-src names it. */
export const LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

/** src/entry-server.tsx of the web app. */
type Render = (
  url: string,
  data: PageData,
  options: { chosen: Language | null; signal: AbortSignal },
) => Promise<{ markup: string; title: string | null } | { redirect: string }>;

/** Where a rendered page may send the customer on to: the app's own pages, nothing else. */
const isOwnPage = (location: string) => location.startsWith(`${SPA_BASE}/`) && !location.startsWith('//') && !/[\\\s]/.test(location);

/**
 * The web build's renderer (`<root>/.ssr/entry-server.js`), imported on first use; null when the
 * build has none (an older build), and once a new build has replaced the one imported: a module is
 * imported once per process (its parts import each other by their plain file names), so until the
 * server restarts its pages go unrendered rather than rendered by the old app (`onReplaced` is
 * told once).
 */
export function webRenderer(root: string, onReplaced: () => void): () => Promise<Render | null> {
  const file = join(root, '.ssr', 'entry-server.js');
  let loaded: { mtime: number; render: Promise<Render | null> } | null = null;
  let replaced = false;
  return () => {
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return Promise.resolve(null);
    }
    loaded ??= {
      mtime,
      render: import(pathToFileURL(file).href).then((module: { render?: unknown }) => (typeof module.render === 'function' ? (module.render as Render) : null)),
    };
    if (loaded.mtime === mtime) return loaded.render;
    if (!replaced) onReplaced();
    replaced = true;
    return Promise.resolve(null);
  };
}

/** What the page at an address asks the API for first (plugins/spa.ts reads it from the route). */
export interface PageRequests {
  /** The answer that names the application, and with it the page's language; null: none. */
  application: string | null;
  /** Whether that answer is the page's data too (the error pages only take its language). */
  applicationIsData: boolean;
  /** The other answers the page shows. */
  data: string[];
  /** The groups of texts the page loads (its namespaces). */
  texts: string[];
}

/** The language chosen in the app's menu, from its cookie (LANGUAGE_COOKIE); null when none is. */
function chosenLanguage(cookieHeader: string | undefined): Language | null {
  const value = cookieHeader ? fastifyCookie.parse(cookieHeader)[LANGUAGE_COOKIE] : undefined;
  return isLanguage(value) ? value : null;
}

/** What the request says of its page's language: the menu's choice (cookie) and the address's country. */
export function requestLanguageClues(request: FastifyRequest): { chosen: Language | null; countryParam: CountryCode | null } {
  const query = request.query as Record<string, unknown>;
  return {
    chosen: chosenLanguage(request.headers.cookie),
    countryParam: countryFromParam(typeof query.countryCode === 'string' ? query.countryCode : null),
  };
}

function countryOf(answer: unknown): CountryCode | null {
  const first = (answer as { loanApplications?: { customer?: { countryCode?: unknown } }[] } | undefined)?.loanApplications?.[0];
  return countryFromParam(typeof first?.customer?.countryCode === 'string' ? first.customer.countryCode : null);
}

/** Render time allowed before the page goes without its markup, as before. */
const RENDER_TIMEOUT_MS = 2_000;

/**
 * Asks the API, as the app would from this browser (its cookie, address and language), for what
 * the page shows, and renders the page from the answers. Answers the page data and markup, with
 * the cookies the API set on the way; any failure rejects, and the caller sends the page
 * unrendered. So does data that takes longer than `deadlineMs` (a slow lender or registry): the
 * browser then shows its spinner while it asks itself, rather than a blank page meanwhile. A page
 * that sends the customer on (an application past its step) answers where to.
 */
export async function renderPage(
  app: FastifyInstance,
  request: FastifyRequest,
  render: Render,
  url: string,
  requests: PageRequests,
  deadlineMs: number,
): Promise<{ data: PageData; markup: string; title: string | null; cookies: string[] } | { redirect: string; cookies: string[] }> {
  const deadline = AbortSignal.timeout(deadlineMs);
  const late = new Promise<never>((_, reject) => {
    deadline.addEventListener('abort', () => reject(new Error(`The page's data took longer than ${deadlineMs} ms`)), { once: true });
  });
  late.catch(() => undefined);
  // By name: the last answer's cookie is the one the browser keeps.
  const cookies = new Map<string, string>();
  const ask = async (path: string, language: Language): Promise<unknown> => {
    const answer = await Promise.race([
      late,
      app.inject({
        method: 'GET',
        url: path,
        remoteAddress: request.ip,
        headers: {
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
          'x-requested-with': 'XMLHttpRequest',
          'accept-language': language,
        },
      }),
    ]);
    const set = answer.headers['set-cookie'];
    for (const cookie of set === undefined ? [] : Array.isArray(set) ? set : [set]) cookies.set(cookie.split('=', 1)[0] ?? '', cookie);
    return answer.statusCode >= 200 && answer.statusCode < 300 ? answer.json() : undefined;
  };

  const clues = requestLanguageClues(request);
  let language = pageLanguage(clues);
  const answers: Record<string, unknown> = {};
  if (requests.application) {
    let application = await ask(requests.application, language);
    const named = pageLanguage({ ...clues, applicationCountry: countryOf(application) });
    // The answer carries texts in the language it was asked in (the consents): asked again in the page's.
    if (named !== language && requests.applicationIsData) application = await ask(requests.application, named);
    language = named;
    if (requests.applicationIsData && application !== undefined) {
      answers[requests.application] = application;
      // Validating a reference answers the session's applications, which the header shows.
      answers[API.applications.url()] = application;
    }
  }
  for (const [path, answer] of await Promise.all(requests.data.map(async (path) => [path, await ask(path, language)] as const))) {
    if (answer !== undefined) answers[path] = answer;
  }
  const data: PageData = { path: url.split('?')[0] ?? url, language, texts: requests.texts, answers };
  const rendered = await render(url, data, { chosen: clues.chosen, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
  if ('redirect' in rendered) {
    if (!isOwnPage(rendered.redirect)) throw new Error('The page sent the customer outside the app');
    return { redirect: rendered.redirect, cookies: [...cookies.values()] };
  }
  return { data, markup: rendered.markup, title: rendered.title, cookies: [...cookies.values()] };
}

/** A value for a double-quoted HTML attribute. */
export const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the rendered page: the markup in the root element, its data beside it (`<` escaped,
 * so nothing in it can close the script element), `<html lang>` and the title set, and in place of
 * the app's module scripts the loader, with the app's entry and what the page will load next.
 */
export function renderedIndex(
  html: string,
  rendered: { data: PageData; markup: string; title: string | null },
  entry: string,
  preload: string[],
): string {
  const json = JSON.stringify(rendered.data).replace(/</g, '\\u003c');
  const title = rendered.title?.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${rendered.data.language}"`)
    .replace(/<title>[^<]*<\/title>/, (kept) => (title ? `<title>${title}</title>` : kept))
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.markup}</div>`)
    .replace(
      '</body>',
      () =>
        `  <script type="application/json" id="${PAGE_DATA_ID}">${json}</script>\n` +
        `    <script data-entry="${escapeAttribute(entry)}" data-preload="${escapeAttribute(JSON.stringify(preload))}">${LOADER}</script>\n  </body>`,
    );
}
