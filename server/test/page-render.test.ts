import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrivateApplication, LANGUAGE_COOKIE, MERCHANT_API, PAGE_DATA_ID } from '@portal/domain';
import { createTestApp, FIXTURE_WEB_DIST, merchantAuth, nextReference, type TestApp } from './helpers';
import { loginAndValidate, startConsumer } from './flow-helpers';

/**
 * The server's part in rendering pages (ADR 26): what it asks its API for, in which language, what
 * it puts in the page and with which headers, and that a page it cannot render still goes out.
 * The web app's real renderer needs the web build (the end-to-end tests, e2e/server-rendering.spec.ts,
 * use it); here a build folder with a renderer that writes out what it was given stands in for it.
 */
function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  cpSync(FIXTURE_WEB_DIST, root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html>\n<html lang="nb">\n  <head>\n    <title>fixture</title>\n' +
      '    <script type="module" crossorigin src="/loan-subscription/assets/index-1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/loan-subscription/assets/shell-1.js">\n' +
      '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  mkdirSync(join(root, '.vite'));
  const chunk = (file: string, imports: string[] = []) => ({ file, imports });
  writeFileSync(
    join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { ...chunk('assets/index-1.js', ['_shell']), isEntry: true },
      _shell: chunk('assets/shell-1.js'),
      'src/app/pages/apply.tsx': chunk('assets/apply-1.js', ['_shell']),
      'src/app/pages/identify.tsx': chunk('assets/identify-1.js', ['_shell']),
      'src/app/pages/error-page.tsx': chunk('assets/error-page-1.js', ['_shell']),
      'src/app/pages/my-applications.tsx': chunk('assets/my-applications-1.js', ['_shell']),
      'virtual:messages/nb/base': chunk('assets/base-nb.js'),
      'virtual:messages/sv/base': chunk('assets/base-sv.js'),
      'virtual:messages/en/base': chunk('assets/base-en.js'),
      'virtual:messages/sv/apply': chunk('assets/apply-sv.js'),
    }),
  );
  writeFileSync(
    join(root, '.vite', 'page-routes.json'),
    JSON.stringify([
      { page: 'index', module: 'src/app/pages/identify.tsx', namespaces: ['index'] },
      { page: null, path: '/500', module: 'src/app/pages/error-page.tsx', namespaces: [] },
      // Before the apply route, whose `/:reference` it would match too (as the build lists them).
      { page: 'myApplications', module: 'src/app/pages/my-applications.tsx', namespaces: ['my', 'my-list'] },
      { page: 'apply', module: 'src/app/pages/apply.tsx', namespaces: ['apply'] },
    ]),
  );
  mkdirSync(join(root, '.ssr'));
  writeFileSync(
    join(root, '.ssr', 'entry-server.js'),
    `export async function render(url, data) {
      if (url.includes('render=fail')) throw new Error('the page did not render');
      if (url.includes('go=on')) return { redirect: '/loan-subscription/form/sign' };
      if (url.includes('go=away')) return { redirect: 'https://elsewhere.example/' };
      const applications = data.answers['/api/loan-application'];
      const greeting = data.language + ' ' + (applications ? applications.person.firstName : 'nobody');
      return { markup: '<main><h1>' + greeting + '</h1><p>' + Object.keys(data.answers).sort().join(' ') + '</p></main>', title: greeting + ' & <co>' };
    }\n`,
  );
  return root;
}

const pageData = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`, 's').exec(html)?.[1] ?? 'null') as {
  language: string;
  texts: string[];
  answers: Record<string, unknown>;
} | null;

describe('pages rendered on the server', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite', { WEB_DIST_DIR: webBuild(), LOG_LEVEL: 'warn' }, undefined, { write: (line) => void logLines.push(line) });
  });
  afterAll(async () => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('the apply page: rendered from the API answers of the customer’s session, kept by nobody, the app loaded after the paint', async () => {
    const customer = await startConsumer(t, '18087248794', 2, 'http://localhost:3000');
    const page = await get(`/loan-subscription/${customer.reference}?countryCode=NO`, customer.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="nb"');
    expect(page.body).toContain('<div id="root"><main><h1>nb Kari</h1>');
    // The page's title, escaped, in place of the build's.
    expect(page.body).toContain('<title>nb Kari &amp; &lt;co></title>');
    expect(page.body).not.toContain('<title>fixture</title>');
    const data = pageData(page.body);
    expect(Object.keys(data?.answers ?? {}).sort()).toEqual(['/api/loan-application', '/api/loan-application/features', `/api/loan-application/validate/${customer.reference}`]);
    expect(data?.texts).toEqual(['apply']);
    // The app's scripts are not in the page: the one inline script loads them, allowed by its hash.
    expect(page.body).not.toContain('<script type="module"');
    expect(page.body).not.toContain('rel="modulepreload"');
    const inline = [...page.body.matchAll(/<script data-entry="([^"]*)" data-preload="([^"]*)">(.*?)<\/script>/gs)];
    expect(inline).toHaveLength(1);
    const [, entry, preload, loader] = inline[0] ?? [];
    expect(entry).toBe('/loan-subscription/assets/index-1.js');
    expect(JSON.parse((preload ?? '').replace(/&quot;/g, '"'))).toEqual(['/loan-subscription/assets/shell-1.js', '/loan-subscription/assets/apply-1.js', '/loan-subscription/assets/base-nb.js']);
    const hash = createHash('sha256').update(loader ?? '').digest('base64');
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    // Every script element is the data or the loader.
    expect(page.body.match(/<script/g)).toHaveLength(2);
  });

  it('the customer’s own page (issue 32): rendered with the person’s own applications', async () => {
    const customer = await startConsumer(t, '18087248794', 2, 'http://localhost:3000');
    const page = await get('/loan-subscription/my-applications?countryCode=NO', customer.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"><main><h1>nb Kari</h1>');
    const data = pageData(page.body);
    expect(Object.keys(data?.answers ?? {}).sort()).toEqual(['/api/loan-application', '/api/loan-application/features', '/api/loan-application/my-applications']);
    expect(data?.texts).toEqual(['my', 'my-list']);
    // Nobody identified: rendered without them (the app then asks, and offers BankID).
    const anonymous = pageData((await get('/loan-subscription/my-applications')).body);
    expect(Object.keys(anonymous?.answers ?? {})).toEqual(['/api/loan-application/features']);
  });

  it('the page is in the language menu’s choice, else the address’s country, else the application’s', async () => {
    const anna = await startConsumer(t, '198305147715', 2, 'http://localhost:3000');
    const lang = async (url: string, cookie: string) => /<html lang="(\w+)"/.exec((await get(url, cookie)).body)?.[1];
    expect(await lang(`/loan-subscription/${anna.reference}`, anna.cookie)).toBe('sv');
    expect(await lang(`/loan-subscription/${anna.reference}?countryCode=NO`, anna.cookie)).toBe('nb');
    expect(await lang(`/loan-subscription/${anna.reference}?countryCode=NO`, `${anna.cookie}; ${LANGUAGE_COOKIE}=en`)).toBe('en');
    // A language the portal does not have is no choice.
    expect(await lang(`/loan-subscription/${anna.reference}`, `${anna.cookie}; ${LANGUAGE_COOKIE}=de`)).toBe('sv');
    // The error pages take the language from the session's application, without showing it.
    const error = await get('/loan-subscription/500', anna.cookie);
    expect(error.body).toContain('<main><h1>sv nobody</h1><p>/api/loan-application/features</p>');
    expect(await lang('/loan-subscription/500', '')).toBe('nb');
  });

  it('the texts the consents are written in follow the page’s language, also when the application names it', async () => {
    const anna = await startConsumer(t, '198305147715', 2, 'http://localhost:3000');
    const page = await get(`/loan-subscription/${anna.reference}`, anna.cookie);
    const validate = pageData(page.body)?.answers[`/api/loan-application/validate/${anna.reference}`] as { consents: { text: string }[] };
    const english = await get(`/loan-subscription/${anna.reference}`, `${anna.cookie}; ${LANGUAGE_COOKIE}=en`);
    const inEnglish = pageData(english.body)?.answers[`/api/loan-application/validate/${anna.reference}`] as { consents: { text: string }[] };
    expect(validate.consents[0]?.text).not.toBe(inEnglish.consents[0]?.text);
    expect(pageData(english.body)?.language).toBe('en');
  });

  it('nothing in the data can end its script element', async () => {
    const merchantPaymentReference = nextReference();
    const created = await t.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: merchantAuth,
      payload: buildPrivateApplication('18087248794', {
        merchantPaymentReference,
        items: [{ sku: 'X-1', name: 'Cable </script><script>alert(1)</script>', quantity: 1, unitPrice: 15000 }],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = created.json<{ reference: string }>();
    const cookie = await loginAndValidate(t, reference);
    const page = await get(`/loan-subscription/${reference}`, cookie);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body.match(/<script/g)).toHaveLength(2);
    const items = (pageData(page.body)?.answers['/api/loan-application'] as { loanApplications: { items: { name: string }[] }[] }).loanApplications[0]?.items;
    expect(items?.[0]?.name).toBe('Cable </script><script>alert(1)</script>');
  });

  it('a page that could not be rendered goes out for the browser to render, and a page the server does not render is as before', async () => {
    const customer = await startConsumer(t, '18087248794', 2, 'http://localhost:3000');
    const failed = await get(`/loan-subscription/${customer.reference}?render=fail`, customer.cookie);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).toContain('<script type="module" crossorigin src="/loan-subscription/assets/index-1.js">');
    expect(failed.body).not.toContain(PAGE_DATA_ID);
    expect(failed.headers['cache-control']).toBe('no-cache');

    const identify = await get('/loan-subscription/?countryCode=SE');
    expect(identify.body).toContain('<div id="root"></div>');
    expect(identify.body).toContain('<link rel="modulepreload" crossorigin href="/loan-subscription/assets/base-sv.js">');
    // The language menu's choice names the texts to preload there too.
    const chosen = await get('/loan-subscription/?countryCode=SE', `${LANGUAGE_COOKIE}=en`);
    expect(chosen.body).toContain('href="/loan-subscription/assets/base-en.js"');
  });

  it('a page that sends the customer on answers with the address; never one outside the app', async () => {
    const customer = await startConsumer(t, '18087248794', 2, 'http://localhost:3000');
    const on = await get(`/loan-subscription/${customer.reference}?go=on`, customer.cookie);
    expect(on.statusCode).toBe(302);
    expect(on.headers.location).toBe('/loan-subscription/form/sign');
    expect(on.headers['cache-control']).toBe('no-store');
    const away = await get(`/loan-subscription/${customer.reference}?go=away`, customer.cookie);
    expect(away.statusCode).toBe(200);
    expect(away.body).toContain('<div id="root"></div>');
  });

  it('without a session the apply page is rendered without the application (the app then asks, and sends the customer to identify)', async () => {
    const page = await get('/loan-subscription/no-such-reference');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<main><h1>nb nobody</h1><p>/api/loan-application/features</p>');
  });

  it('the operator sees the renders in the metrics, and a failed one in the log', async () => {
    const count = async (outcome: string) => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(new RegExp(`^portal_page_render_duration_seconds_count\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(body)?.[1] ?? Number.NaN);
    };
    const before = { rendered: await count('rendered'), failed: await count('failed') };
    await get('/loan-subscription/500');
    await get('/loan-subscription/500?render=fail');
    expect(await count('rendered')).toBe(before.rendered + 1);
    expect(await count('failed')).toBe(before.failed + 1);
    expect(logLines.some((line) => line.includes('page not rendered on the server'))).toBe(true);

  });

  it('a build replaced under the running server: its pages go out unrendered, and the log says why, once', async () => {
    const ownBuild = webBuild();
    const lines: string[] = [];
    const own = await createTestApp('pglite', { WEB_DIST_DIR: ownBuild, LOG_LEVEL: 'warn' }, undefined, { write: (line) => void lines.push(line) });
    try {
      const page = () => own.app.inject({ method: 'GET', url: '/loan-subscription/500' });
      expect((await page()).body).toContain('<main><h1>nb nobody</h1>');
      const later = new Date(Date.now() + 60_000);
      utimesSync(join(ownBuild, '.ssr', 'entry-server.js'), later, later);
      const unrendered = await page();
      await page();
      expect(unrendered.statusCode).toBe(200);
      expect(unrendered.body).toContain('<div id="root"></div>');
      const metrics = (await own.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/^portal_page_render_duration_seconds_count\{outcome="unavailable"\} 2$/m);
      expect(lines.filter((line) => line.includes('the web build changed under the running server'))).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('with PAGE_DATA_DEADLINE_MS=0 no page is rendered on the server', async () => {
    const off = await createTestApp('pglite', { WEB_DIST_DIR: webBuild(), PAGE_DATA_DEADLINE_MS: '0' });
    try {
      const page = await off.app.inject({ method: 'GET', url: '/loan-subscription/500' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).toContain('<script type="module"');
    } finally {
      await off.close();
    }
  });

  it('the server build of the app is not served', async () => {
    expect((await get('/loan-subscription/.ssr/entry-server.js')).statusCode).toBe(404);
    expect((await get('/loan-subscription/.vite/manifest.json')).statusCode).toBe(404);
  });
});
