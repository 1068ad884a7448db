import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

// A build as Vite leaves it: the page, the manifest and the route list of web/page-routes.ts.
function webBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/loan-subscription/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shell-1.js'] },
    '_shell-1.js': { file: 'assets/shell-1.js' },
    'src/app/pages/apply.tsx': { file: 'assets/apply-page-1.js', imports: ['_shell-1.js', '_apply-1.js'] },
    '_apply-1.js': { file: 'assets/apply-1.js', imports: ['_shell-1.js'] },
    'src/app/pages/payment-loading.tsx': { file: 'assets/payment-loading-1.js', imports: ['_shell-1.js'] },
    'src/app/pages/error-page.tsx': { file: 'assets/error-page-1.js', imports: ['_shell-1.js'] },
    'virtual:messages/nb/base': { file: 'assets/base-nb.js' },
    'virtual:messages/sv/base': { file: 'assets/base-sv.js' },
    'virtual:messages/nb/apply': { file: 'assets/apply-nb.js' },
    'virtual:messages/sv/apply': { file: 'assets/apply-sv.js' },
    'virtual:messages/nb/payment': { file: 'assets/payment-nb.js' },
  };
  const routes = [
    { page: 'paymentLoadingFor', module: 'src/app/pages/payment-loading.tsx', namespaces: ['payment'] },
    { page: null, path: '/500', module: 'src/app/pages/error-page.tsx', namespaces: [] },
    { page: 'apply', module: 'src/app/pages/apply.tsx', namespaces: ['apply'] },
  ];
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, '.vite', 'page-routes.json'), JSON.stringify(routes));
  return dist;
}

const linksOf = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((m) => `${m[1]} ${(m[2] ?? '').replace(/&amp;/g, '&')}`);

describe('the page the SPA is sent in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { WEB_DIST_DIR: webBuild() });
  });
  afterAll(() => t.close());

  it('names what the apply route loads: its code, its texts in the application’s language and its data', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/loan-subscription/Ab12-cd_3?countryCode=SE' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(linksOf(page.body)).toEqual([
      'modulepreload /loan-subscription/assets/apply-page-1.js',
      'modulepreload /loan-subscription/assets/apply-1.js',
      'modulepreload /loan-subscription/assets/base-sv.js',
      'modulepreload /loan-subscription/assets/apply-sv.js',
      'preload /api/loan-application/features',
      'preload /api/loan-application/validate/Ab12-cd_3',
    ]);
    // The entry's own imports are named by Vite already; the links go in the head.
    expect(page.body.indexOf('apply-page-1.js')).toBeLessThan(page.body.indexOf('</head>'));
    const compressed = await t.app.inject({ method: 'GET', url: '/loan-subscription/Ab12-cd_3', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
  });

  it('names the waiting page’s status poll, and the error page’s code only', async () => {
    const waiting = await t.app.inject({ method: 'GET', url: '/loan-subscription/form/payment/loading/demo/order-1' });
    expect(linksOf(waiting.body)).toContain('preload /api/loan-application/payment/status?merchantId=demo&merchantPaymentReference=order-1');
    expect(linksOf(waiting.body)).toContain('preload /api/loan-application');
    const error = await t.app.inject({ method: 'GET', url: '/loan-subscription/500' });
    expect(linksOf(error.body)).toEqual(['modulepreload /loan-subscription/assets/error-page-1.js', 'modulepreload /loan-subscription/assets/base-nb.js', 'preload /api/loan-application/features']);
  });

  it('escapes what it echoes from the address', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/loan-subscription/${encodeURIComponent('"><script>x</script>')}` });
    expect(page.body).not.toContain('<script>x</script>');
  });
});
