import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API, BACK_OFFICE_BASE, FAVICON_PATH, type Language, PAGES, pageLanguage, SPA_BASE } from '@portal/domain';
import { ApiError } from '../lib/errors';
import { escapeAttribute, type PageRequests, renderedIndex, renderPage, requestLanguageClues, webRenderer } from '../lib/page-render';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** web/page-routes.ts writes these beside the Vite manifest. */
interface PageRoute {
  page: string | null;
  path?: string;
  module: string;
  namespaces: string[];
}
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The pages that show an application and load the session's applications first. */
const FLOW_PAGES = new Set(['formApply', 'formKeyFacts', 'formSign', 'formSignFail', 'paymentLoading', 'paymentLoadingFor', 'payment', 'paymentFail', 'declined']);
/** The pages that read the person's own applications first (issue 32): the decline page and the customer's own pages. */
const OWN_PAGES = new Set(['declined', 'myApplications', 'myReview', 'myWithdrawal']);

/** Path parameters when `path` matches `pattern` (`:name` segments), else null. */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i] ?? '';
    const value = got[i] ?? '';
    if (segment.startsWith(':')) {
      if (!value) return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) return null;
  }
  return params;
}

/**
 * The pages rendered on the server (ADR 26): where customers wait (the key facts, while their
 * SECCI is mailed, issue 31), the decline page and the customer's own page (issue 32; PRODUCT.md §7
 * holds them to the same first paint), and the error pages.
 */
const RENDERED_PAGES = new Set(['apply', 'formKeyFacts', 'formSign', 'paymentLoading', 'paymentLoadingFor', 'declined', 'myApplications']);

/** What a route will load: its code and texts beyond the app's entry, and the data it asks for first. */
interface Visit {
  code: string[];
  /** The texts the page loads in a language. */
  texts: (language: Language) => string[];
  data: string[];
  /** Set for a page the server renders: what to ask the API for, and the app's own scripts. */
  rendered: (PageRequests & { entry: string; preload: string[] }) | null;
}

/**
 * What a route will load, named in the page it is sent in: the page's code and texts (module
 * preloads) and the data it asks for first (fetch preloads), so the browser fetches them while it
 * loads the app instead of one after another (first paint, issue 16). Built from the Vite
 * manifest and web/page-routes.ts's route list; without them (an old build) the page goes as it is.
 */
function pageVisits(root: string): (path: string) => Visit | null {
  const read = <T>(file: string): T | null => {
    try {
      return JSON.parse(readFileSync(join(root, '.vite', file), 'utf8')) as T;
    } catch {
      return null;
    }
  };
  const manifest = read<Record<string, ManifestChunk>>('manifest.json');
  const routes = read<PageRoute[]>('page-routes.json');
  if (!manifest || !routes) return () => null;
  const closure = (keys: string[], into = new Set<string>()) => {
    const visit = (key: string) => {
      if (into.has(key) || !manifest[key]) return;
      into.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return into;
  };
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const entry = closure(entryKeys);
  const pages = PAGES as unknown as Record<string, { pattern: string }>;
  const table = routes.map((route) => ({ ...route, pattern: route.path ?? pages[route.page ?? '']?.pattern ?? '' })).filter((route) => route.pattern);
  const asset = (key: string) => `${SPA_BASE}/${manifest[key]?.file ?? ''}`;

  return (path) => {
    let route: (typeof table)[number] | undefined;
    let params: Record<string, string> | null = null;
    for (const candidate of table) {
      params = matchPattern(candidate.pattern, path);
      if (params) {
        route = candidate;
        break;
      }
    }
    if (!route || !params) return null;
    const code = [...closure([route.module])].filter((key) => !entry.has(key)).map(asset);
    const namespaces = ['base', ...route.namespaces];
    const texts = (language: Language) => namespaces.map((group) => `virtual:messages/${language}/${group}`).filter((key) => manifest[key]).map(asset);
    const validate = route.page === 'apply' && params.reference ? API.validate.url({ reference: params.reference }) : null;
    const data = [API.features.url()];
    if (validate) data.push(validate);
    if (route.page && FLOW_PAGES.has(route.page)) data.push(API.applications.url());
    const own = route.page && OWN_PAGES.has(route.page) ? [API.myApplications.url()] : [];
    data.push(...own);
    // The sign page of a consumer's credit shows nothing of the signature until it knows the SECCI
    // was mailed (issue 31); a company's lease answers 404 there, which the page does not ask.
    const precontractual = route.page === 'formSign' || route.page === 'formKeyFacts' ? [API.precontractual.url()] : [];
    if (route.page === 'paymentLoadingFor' && params.merchantId && params.merchantPaymentReference) {
      data.push(`${API.paymentStatus.url()}?${new URLSearchParams({ merchantId: params.merchantId, merchantPaymentReference: params.merchantPaymentReference })}`);
    }
    const renderedHere = route.page === null || RENDERED_PAGES.has(route.page);
    return {
      code,
      texts,
      data,
      rendered: renderedHere
        ? {
            application: validate ?? API.applications.url(),
            applicationIsData: route.page !== null,
            // Not the payment status: the waiting page polls it from the browser, each call counted.
            data: [API.features.url(), ...precontractual, ...own],
            texts: route.namespaces,
            entry: asset(entryKeys[0] ?? ''),
            preload: [...[...entry].filter((key) => !entryKeys.includes(key)).map(asset), ...code],
          }
        : null,
    };
  };
}

/** The preloads of a page the server does not render, its texts in `language`. */
function preloadLinks(visit: Visit, language: Language): string[] {
  return [
    ...[...visit.code, ...visit.texts(language)].map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    // As the app's fetch asks (same-origin credentials, CORS mode), so it takes these answers.
    ...visit.data.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`),
  ];
}

/**
 * A built single-page app under `prefix`: hashed assets cached for a year, everything else that
 * is not a file gets index.html (history fallback), so deep links load the app. `exclude` is a
 * folder of the build that is not served here.
 */
async function serveSpa(app: FastifyInstance, root: string, prefix: string, exclude?: string) {
  const indexFile = join(root, 'index.html');

  app.get(prefix, (_request, reply) => reply.redirect(`${prefix}/`, 301));

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      // Not the build's own folders (`.vite`, `.ssr`: its manifest and the app's server build, ADR 26).
      allowedPath: (pathName: string) => !pathName.split('/').some((segment) => segment.startsWith('.')) && !(exclude && pathName.startsWith(`/${exclude}/`)),
      setHeaders(reply, sent) {
        // The compressed copy is what is sent; its rules are those of the file it copies.
        const path = sent.replace(/\.(br|gz)$/, '');
        // Hashed assets never change; index.html must be checked each time so a release shows at once.
        if (path.startsWith(join(root, 'assets'))) reply.header('Cache-Control', IMMUTABLE);
        else if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
        else reply.header('Cache-Control', 'public, max-age=3600');
      },
    });

    // index.html and what its routes load, read again when a new build replaces them. Only the
    // customers' app names what its routes load and is rendered on the server (the console is not).
    const customers = prefix === SPA_BASE;
    const renderer = customers
      ? webRenderer(root, () => app.log.warn('the web build changed under the running server: its pages go unrendered until it restarts'))
      : null;
    let built: { mtime: number; html: string; visits: ReturnType<typeof pageVisits> } | null = null;
    const current = () => {
      const mtime = statSync(indexFile).mtimeMs;
      if (built?.mtime !== mtime) built = { mtime, html: readFileSync(indexFile, 'utf8'), visits: customers ? pageVisits(root) : () => null };
      return built;
    };

    /** Compressed as the files are (preCompressed): the page at once, in the form the browser takes. */
    const sendPage = (request: FastifyRequest, reply: FastifyReply, page: string, cacheControl: string) => {
      const accepted = request.headers['accept-encoding'] ?? '';
      reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (/\bbr\b/.test(accepted)) {
        return reply.header('Content-Encoding', 'br').send(brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
      }
      if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(page));
      return reply.send(page);
    };

    /**
     * The page rendered on the server (ADR 26), or its step's address when it sends the customer
     * on; null when it goes out unrendered (no renderer, rendering off, or a failure, logged).
     */
    const sendRendered = async (request: FastifyRequest, reply: FastifyReply, html: string, visit: Visit, requests: NonNullable<Visit['rendered']>) => {
      if (!renderer || app.config.pageDataDeadlineMs <= 0) return null;
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      const render = await renderer();
      if (!render) {
        app.metrics.pageRender('unavailable', seconds());
        return null;
      }
      try {
        const rendered = await renderPage(app, request, render, request.url, requests, app.config.pageDataDeadlineMs);
        for (const cookie of rendered.cookies) void reply.header('set-cookie', cookie);
        app.metrics.pageRender('rendered', seconds());
        // Where the app would go at once: the browser goes there without loading this page.
        if ('redirect' in rendered) return reply.header('Cache-Control', 'no-store').redirect(rendered.redirect, 302);
        const page = renderedIndex(html, rendered, requests.entry, [...requests.preload, ...visit.texts(rendered.data.language)]);
        // The page holds the person's data: never kept by the browser or anything on the way.
        return sendPage(request, reply, page, 'no-store');
      } catch (error) {
        app.metrics.pageRender('failed', seconds());
        request.log.warn({ err: error }, 'page not rendered on the server; sent for the browser to render');
        return null;
      }
    };

    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!existsSync(indexFile)) {
        throw new ApiError(503, 'UNKNOWN', undefined, 'The web app is not built: run npm start or npm run build.');
      }
      const { html, visits } = current();
      const path = (request.url.split('?')[0] ?? '').slice(prefix.length) || '/';
      const visit = visits(path);
      if (!visit) return reply.sendFile('index.html', root);
      if (visit.rendered && request.method === 'GET') {
        const sent = await sendRendered(request, reply, html, visit, visit.rendered);
        if (sent) return sent;
      }
      // The texts of the language the app starts in (a tab's own choice may still change it).
      const language = pageLanguage(requestLanguageClues(request));
      const page = html.replace('</head>', () => `    ${preloadLinks(visit, language).join('\n    ')}\n  </head>`);
      return sendPage(request, reply, page, 'no-cache');
    };

    scope.get('/', { prefixTrailingSlash: 'slash' }, (request, reply) => sendIndex(request, reply));

    scope.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path);
      if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile) return sendIndex(request, reply);
      throw new ApiError(404, 'REQUEST_ERROR');
    });
  }, { prefix });
}

/**
 * The customers' SPA under /loan-subscription/, and the back office's console, a bundle of its
 * own, under /back-office/ (ADR 11). The console's build sits in the customer build's folder
 * (`back-office/`), which the customer app's address does not serve.
 */
export default async function spa(app: FastifyInstance) {
  const consoleFolder = app.config.backOffice.distDir;
  const nested = consoleFolder.startsWith(`${app.config.webDistDir}/`) ? consoleFolder.slice(app.config.webDistDir.length + 1) : undefined;
  await serveSpa(app, app.config.webDistDir, SPA_BASE, nested);
  await serveSpa(app, consoleFolder, BACK_OFFICE_BASE);
  // Where browsers look for an icon when a page names none.
  app.get('/favicon.ico', (_request, reply) => reply.redirect(FAVICON_PATH, 301));
}
