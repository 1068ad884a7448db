import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildPrivateApplication, DEMO_SHOP, MERCHANT_API } from '@portal/domain';
import { sandboxRecords, sandboxStore } from '@portal/sandbox/testing';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/db';
import { createTestApp, ENGINES, merchantAuth, nextReference, startTestServer, testConfig, type TestApp, XHR } from './helpers';

describe.each(ENGINES)('platform on %s', (engine) => {
  // Listening: the demo shop calls the merchant API over HTTP, as any shop does.
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(async () => t.close());

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: engine });
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/loan-subscription/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves the SPA with history fallback, so deep links load the app', async () => {
    for (const path of ['/loan-subscription/', '/loan-subscription/form/apply', '/loan-subscription/some-reference?countryCode=SE']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain('portal-spa-fixture');
      expect(response.headers['cache-control']).toBe('no-cache');
      // The compressed copy a browser gets is checked each time as well, so a release shows at once.
      const compressed = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip' } });
      expect(compressed.headers['content-encoding'], path).toBe('gzip');
      expect(compressed.headers['cache-control'], path).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/loan-subscription/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/loan-subscription/assets/missing.js' })).statusCode).toBe(404);
    const bare = await t.app.inject({ method: 'GET', url: '/loan-subscription' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/loan-subscription/');
  });

  it('answers unknown API paths in the error shape, never with a stack', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, errorCode: 'REQUEST_ERROR', message: 'We could not find what you were looking for.' });
  });

  it('sends / to the demo shop in sandbox mode', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(DEMO_SHOP.home.pattern);
  });

  it('lets the demo shop create an application and send the customer to it', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/demo-shop/?lang=sv', headers: { host: new URL(t.url).host } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<html lang="sv"');
    expect(home.body).toContain('Anna Andersson');

    const checkout = await t.app.inject({
      method: 'POST',
      url: DEMO_SHOP.checkout.pattern,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scenario=consumer-se-v2&person=198305147715&sku=LAP-14&period=36&lang=sv',
    });
    expect(checkout.statusCode).toBe(303);
    expect(checkout.headers.location).toMatch(new RegExp(`^${t.url}/loan-subscription/[A-Za-z0-9_-]{22,}\\?countryCode=SE$`));

    const refused = await t.app.inject({
      method: 'POST',
      url: DEMO_SHOP.checkout.pattern,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scenario=consumer-se-v2&person=18087248794&sku=LAP-14&period=36',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('role="alert"');
  });

  it('shows the merchant the outcome and status on the return page', async () => {
    const merchantPaymentReference = nextReference();
    await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication('18087248794', { merchantPaymentReference }) });
    const page = await t.app.inject({ method: 'GET', url: `${DEMO_SHOP.return.pattern}?outcome=apply_denied&merchantPaymentReference=${merchantPaymentReference}&lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('apply_denied');
    expect(page.body).toContain('application.created');
  });

  it('escapes what it echoes back in server-rendered pages', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DEMO_SHOP.return.pattern}?outcome=${encodeURIComponent('<script>alert(1)</script>')}` });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;');
  });
});

describe('logs', () => {
  it('never carry national IDs, phone numbers or e-mail addresses', async () => {
    const lines: string[] = [];
    const t = await createTestApp('pglite', { LOG_LEVEL: 'debug' }, undefined, { write: (line) => void lines.push(line) });
    try {
      const body = buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() });
      const created = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: body });
      const { reference } = created.json<{ reference: string }>();
      await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } });
      // A national ID in a URL (a mistake a caller could make) is masked too.
      await t.app.inject({ method: 'GET', url: `/api/loan-application/validate/18087248794?email=kari.nordmann@example.com` });
      await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: { ...body, customer: { ...body.customer, email: 'bad@' } } });
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(5);
      expect(log).toContain(reference);
      for (const secret of ['18087248794', 'kari.nordmann@example.com', '91234567', 'Nordmann', 'sandbox-demo-merchant-key']) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
  it('have no request lines for the payment status polls, but do for other calls', async () => {
    const lines: string[] = [];
    const t = await createTestApp('pglite', { LOG_LEVEL: 'info' }, undefined, { write: (line) => void lines.push(line) });
    try {
      const merchantPaymentReference = nextReference();
      await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication('18087248794', { merchantPaymentReference }) });
      const poll = await t.app.inject({ method: 'GET', url: `${API.paymentStatus.pattern}?merchantId=demo&merchantPaymentReference=${merchantPaymentReference}` });
      expect(poll.statusCode).toBe(401);
      const requestLines = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } }).filter((line) => line.msg === 'incoming request');
      expect(requestLines.map((line) => line.req?.url)).toEqual([MERCHANT_API.applications.pattern]);
    } finally {
      await t.close();
    }
  });
});

describe('a restart', () => {
  it('finds every application again in the embedded database folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
    const config = { ...testConfig(), dataDir };
    const merchantPaymentReference = nextReference();

    const first = await buildApp({ config, db: await openDatabase({ dataDir, detectTransactionMisuse: true }) });
    const created = await first.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication('18087248794', { merchantPaymentReference }) });
    expect(created.statusCode).toBe(201);
    await first.close();
    await first.db.close();

    const db = await openDatabase({ dataDir, detectTransactionMisuse: true });
    const second = await buildApp({ config, db });
    try {
      const read = await second.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference }), headers: merchantAuth });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ merchantPaymentReference, status: 'CREATED' });
    } finally {
      await second.close();
      await db.close();
    }
  });
});

describe('security headers of JSON answers', () => {
  it('are the short API set with a CSP that allows nothing, never cached', async () => {
    const t = await createTestApp('pglite');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/loan-application/features' });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBeUndefined();
      // Answers about people's applications must not stay in a browser's or a proxy's cache.
      expect(response.headers['cache-control']).toBe('no-store');
      const failed = await t.app.inject({ method: 'GET', url: '/api/loan-application' });
      expect(failed.statusCode).toBe(401);
      expect(failed.headers['cache-control']).toBe('no-store');
      const page = await t.app.inject({ method: 'GET', url: '/loan-subscription/' });
      expect(page.headers['x-frame-options']).toBe('DENY');
    } finally {
      await t.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes expired sessions, ended rate-limit windows and sandbox records, keeping live ones', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.app.repos.sessions.set('live', {}, new Date(Date.now() + 60_000));
      await t.app.repos.sessions.set('dead', {}, new Date(Date.now() - 1000));
      await t.db.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, 1, $2), ($3, 1, $4)', ['test:dead', Date.now() - 1000, 'test:live', Date.now() + 60_000]);
      await t.app.jobs.send('housekeeping', {});
      // The simulators clean their own store, on their own clock.
      const records = sandboxStore<{ n: number }>(t.db, 'test');
      await records.put('dead', { n: 1 }, 60);
      await records.put('live', { n: 2 }, 60);
      await t.db.query(`UPDATE sandbox_store SET expires_at = now() - interval '1 second' WHERE namespace = 'test' AND id = 'dead'`);
      expect(await (await sandboxRecords(t.db)).deleteExpired()).toBe(1);
      expect(await records.get('dead')).toBeNull();
      expect(await records.get('live')).toEqual({ n: 2 });
      const { eventually } = await import('./flow-helpers');
      await eventually(async () => (await t.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', ['dead'])).length === 0, 10_000);
      expect(await t.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', ['live'])).toHaveLength(1);
      expect(await t.db.query('SELECT key FROM rate_limits WHERE key LIKE $1', ['test:%'])).toEqual([{ key: 'test:live' }]);
    } finally {
      await t.close();
    }
  });

});
