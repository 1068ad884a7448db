/**
 * Rate limits (PRODUCT section 8, ADR 15) as a stranger meets them: identification starts and
 * dummy logins per address and per application, submits and signing starts per application and
 * per session, the merchant API per key (with its headers), wrong API keys per address and per
 * key prefix (never refusing a key that verifies), and the status poll per session; shared by
 * instances on one database, and the tables they would grow kept bounded.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, buildPrivateApplication, IDENTIFICATION_MAX_MINUTES, MERCHANT_API, pagePath, PAGES, RATE_LIMITS } from '@portal/domain';
import { randomToken } from '../src/lib/crypto';
import { DEMO_MERCHANT } from '../src/sandbox-mode/demo-merchant';
import { API_KEY_PREFIX, newApiKey } from '../src/services/back-office/merchants/secrets';
import {
  createTestApp,
  ENGINES,
  merchantAuth,
  nextReference,
  openTestDatabase,
  sessionCookie,
  startTestServer,
  type TestApp,
  type TestDatabase,
  XHR,
} from './helpers';

const countRows = async (t: TestApp, table: 'sessions' | 'rate_limits') =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0;

async function createApplication(t: TestApp, nationalId = '18087248794'): Promise<{ reference: string; merchantPaymentReference: string }> {
  const merchantPaymentReference = nextReference('limits');
  const created = await t.app.inject({
    method: 'POST',
    url: MERCHANT_API.applications.pattern,
    headers: merchantAuth,
    payload: buildPrivateApplication(nationalId, { merchantPaymentReference }),
  });
  expect(created.statusCode).toBe(201);
  return { reference: created.json<{ reference: string }>().reference, merchantPaymentReference };
}

const expectTooManyRequests = (response: { statusCode: number; headers: Record<string, unknown>; json: <T>() => T }, windowSeconds: number) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
};

describe.each(ENGINES)('identification starts on %s', (engine) => {
  let t: TestApp & { url: string };
  // The production numbers: the per-address limit is not raised as for the other tests.
  beforeAll(async () => {
    t = await startTestServer(engine, { RATE_LIMITS: '' });
  });
  afterAll(async () => t.close());

  it('refuses 1,000 BankID starts from one client after the limit with 429, leaving the session table bounded', async () => {
    const { points, windowSeconds } = RATE_LIMITS.identificationPerIp;
    const before = await countRows(t, 'sessions');
    const countersBefore = await countRows(t, 'rate_limits');
    const started = new Date();
    const statuses = new Map<number, number>();
    let refused: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 1000; i += 1) {
      // A client without cookies, for a new application each time: only its address is shared.
      const response = await t.app.inject({ method: 'GET', url: `${API.bankIdStart.url({ country: 'no' })}?reference=flood-${i}` });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode === 429) refused ??= response;
    }
    expect(Object.fromEntries(statuses)).toEqual({ 302: points, 429: 1000 - points });
    if (!refused) throw new Error('never refused');
    expectTooManyRequests(refused, windowSeconds);

    // One session per start that was let through, and none per refusal; each ends with the
    // identification it holds, not after the 30 idle minutes of a customer's session.
    expect((await countRows(t, 'sessions')) - before).toBe(points);
    // Nor do the refusals keep a counter each (per made-up application): the address was refused
    // first, from memory. One per start let through, one for the address, one for the start
    // that found the limit. (The other tests of this server keep counters of their own.)
    expect((await countRows(t, 'rate_limits')) - countersBefore).toBeLessThanOrEqual(points + 2);
    const [latest] = await t.db.query<{ until: Date }>('SELECT max(expires_at) AS until FROM sessions WHERE created_at >= $1', [started]);
    expect(new Date(latest?.until ?? 0).getTime()).toBeLessThanOrEqual(Date.now() + IDENTIFICATION_MAX_MINUTES * 60_000);

    // The SPA's start (POST) counts against the same limit, and is told in the customer's language.
    const spa = await t.app.inject({
      method: 'POST',
      url: API.bankIdStart.url({ country: 'se' }),
      headers: { ...XHR, 'accept-language': 'sv' },
      payload: { reference: 'flood-spa' },
    });
    expectTooManyRequests(spa, windowSeconds);
    expect(spa.json()).toMatchObject({ message: 'För många försök. Försök igen om 15 minuter.' });

    // Another address is not held back by this one.
    const other = await t.app.inject({ method: 'GET', url: `${API.bankIdStart.url({ country: 'no' })}?reference=other`, remoteAddress: '203.0.113.7' });
    expect(other.statusCode).toBe(302);
  });

  it('lets the SPA start with a call that answers the broker’s address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API.bankIdStart.url({ country: 'no' }),
      headers: XHR,
      payload: { reference: 'spa-start', lang: 'en' },
      remoteAddress: '203.0.113.8',
    });
    expect(response.statusCode).toBe(200);
    const { authorizationUrl } = response.json<{ authorizationUrl: string }>();
    expect(new URL(authorizationUrl).pathname).toBe('/sandbox/bankid/auth');
    expect(new URL(authorizationUrl).searchParams.get('ui_locales')).toBe('en');
    expect(response.cookies.find((c) => c.name === 'portal_sid')).toBeDefined();
  });

  it('refuses the 11th start for one application, whichever address it comes from', async () => {
    const { points, windowSeconds } = RATE_LIMITS.identificationPerApplication;
    const start = (i: number) =>
      t.app.inject({ method: 'GET', url: `${API.bankIdStart.url({ country: 'no' })}?reference=one-application`, remoteAddress: `198.51.100.${i}` });
    for (let i = 1; i <= points; i += 1) expect((await start(i)).statusCode).toBe(302);
    expectTooManyRequests(await start(points + 1), windowSeconds);
  });

  it('counts a dummy login as an identification: per application, with the text in Norwegian', async () => {
    const { reference } = await createApplication(t);
    const login = (i: number) =>
      t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: { ...XHR, 'accept-language': 'nb' }, payload: { reference }, remoteAddress: `192.0.2.${i}` });
    for (let i = 1; i <= RATE_LIMITS.identificationPerApplication.points; i += 1) expect((await login(i)).statusCode).toBe(200);
    const refused = await login(99);
    expectTooManyRequests(refused, RATE_LIMITS.identificationPerApplication.windowSeconds);
    expect(refused.json()).toMatchObject({ message: 'For mange forsøk. Prøv igjen om 15 minutter.' });
  });
});

describe.each(ENGINES)('limits shared by instances on %s', (engine) => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    a = await createTestApp(engine, {}, database);
    b = await createTestApp(engine, {}, database);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('counts dummy logins for one application on either instance against one limit', async () => {
    const { reference } = await createApplication(a);
    const login = (t: TestApp) => t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } });
    const { points } = RATE_LIMITS.identificationPerApplication;
    for (let i = 0; i < points; i += 1) expect((await login(i % 2 === 0 ? a : b)).statusCode).toBe(200);
    expect((await login(a)).statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(429);
  });

  it('prunes the counters whose window ended, in housekeeping', async () => {
    const { reference } = await createApplication(a);
    expect((await a.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } })).statusCode).toBe(200);
    expect(await countRows(a, 'rate_limits')).toBeGreaterThan(0);
    expect(await a.app.repos.rateLimits.deleteExpired(Date.now() + 16 * 60_000)).toBeGreaterThan(0);
    expect(await countRows(a, 'rate_limits')).toBe(0);
  });
});

describe.each(ENGINES)('submits, signing starts, the merchant API and the poll on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      RATE_LIMITS: 'identificationPerIp=100000,submitPerSession=12,signingPerApplication=3,pollPerSession=20',
    });
  });
  afterAll(async () => t.close());

  const loggedIn = async () => {
    const application = await createApplication(t);
    const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference: application.reference } });
    return { ...application, cookie: sessionCookie(login) };
  };

  it('refuses the 11th submit of one application, and a session past its own limit', async () => {
    const { cookie } = await loggedIn();
    // Incomplete forms: refused by the rules (400), and counted all the same.
    const submit = (session: string) => t.app.inject({ method: 'PATCH', url: API.resursV2Submit.pattern, headers: { ...XHR, cookie: session }, payload: {} });
    for (let i = 0; i < RATE_LIMITS.submitPerApplication.points; i += 1) expect((await submit(cookie)).statusCode).toBe(400);
    expectTooManyRequests(await submit(cookie), RATE_LIMITS.submitPerApplication.windowSeconds);

    // The same session turns to another application of hers: the session's own limit (12 here,
    // 11 counted so far) is what stops it.
    const { reference } = await createApplication(t);
    expect((await t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie } })).statusCode).toBe(200);
    expect((await submit(cookie)).statusCode).toBe(400);
    expect((await submit(cookie)).statusCode).toBe(429);
  });

  it('refuses a signing start past the application’s limit', async () => {
    const { cookie } = await loggedIn();
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: API.resursCreateSigningSession.pattern,
        headers: { ...XHR, cookie },
        payload: { successUrl: `http://localhost:3000${API.signSuccess.url()}`, failUrl: pagePath(PAGES.formSignFail.url()) },
      });
    // Not approved yet: refused (400) and counted.
    for (let i = 0; i < 3; i += 1) expect((await start()).statusCode).toBe(400);
    expectTooManyRequests(await start(), RATE_LIMITS.signingPerApplication.windowSeconds);
  });

  it('limits the poll per session, counting in memory and adding to the shared count in batches', async () => {
    const { merchantPaymentReference, cookie } = await loggedIn();
    const other = await loggedIn();
    const poll = (session: { cookie: string; merchantPaymentReference: string }) =>
      t.app.inject({ method: 'GET', url: `${API.paymentStatus.pattern}?merchantId=demo&merchantPaymentReference=${session.merchantPaymentReference}`, headers: { cookie: session.cookie } });
    for (let i = 0; i < 20; i += 1) expect((await poll({ cookie, merchantPaymentReference })).statusCode).toBe(200);
    expectTooManyRequests(await poll({ cookie, merchantPaymentReference }), RATE_LIMITS.pollPerSession.windowSeconds);
    expect((await poll(other)).statusCode).toBe(200);
    // The shared counter heard of this session's polls (in batches of a tenth of the limit).
    await vi.waitFor(async () => {
      const [row] = await t.db.query<{ points: number }>("SELECT max(points) AS points FROM rate_limits WHERE key LIKE 'pollPerSession:%'");
      expect(row?.points).toBeGreaterThanOrEqual(20);
    });
  });
});

describe.each(ENGINES)('the merchant API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMITS: 'merchantApiPerKey=5,merchantAuthFailuresPerIp=3' });
  });
  afterAll(async () => t.close());

  it('limits the merchant API per key and says where the caller stands in the headers', async () => {
    const read = () => t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: 'unknown-order' }), headers: merchantAuth });
    const first = await read();
    expect(first.statusCode).toBe(404);
    const remaining = Number(first.headers['ratelimit-remaining']);
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(RATE_LIMITS.merchantApiPerKey.windowSeconds);
    for (let left = remaining; left > 0; left -= 1) expect((await read()).headers['ratelimit-remaining']).toBe(String(left - 1));
    const refused = await read();
    expectTooManyRequests(refused, RATE_LIMITS.merchantApiPerKey.windowSeconds);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
  });

  it('answers an address that keeps sending wrong keys 429 instead of 401, the whole IPv6 /64 alike', async () => {
    const wrong = () =>
      t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: 'x' }), headers: { authorization: 'Bearer not-a-real-key' }, remoteAddress: '2001:db8:1:2:3:4:5:6' });
    for (let i = 0; i < 3; i += 1) expect((await wrong()).statusCode).toBe(401);
    expectTooManyRequests(await wrong(), RATE_LIMITS.merchantAuthFailuresPerIp.windowSeconds);
    // Another address of the same /64 is the same client.
    const sameBlock = await t.app.inject({
      method: 'GET',
      url: MERCHANT_API.application.url({ merchantPaymentReference: 'x' }),
      headers: { authorization: 'Bearer not-a-real-key' },
      remoteAddress: '2001:db8:1:2::99',
    });
    expect(sameBlock.statusCode).toBe(429);
  });
});

describe.each(ENGINES)('wrong API keys with the production limits on %s', (engine) => {
  let t: TestApp;
  // The production numbers: a shop on a shared egress meets them as they are.
  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMITS: '' });
  });
  afterAll(async () => t.close());

  const read = (merchantPaymentReference: string, authorization: string | undefined, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: MERCHANT_API.application.url({ merchantPaymentReference }),
      headers: authorization === undefined ? {} : { authorization },
      remoteAddress,
    });
  /** A key of the portal's form (its marker and 43 random characters) that no merchant has. */
  const wrongKey = (prefix = `${API_KEY_PREFIX}${randomToken(6)}`) => `${prefix}${randomToken(32)}`.slice(0, API_KEY_PREFIX.length + 43);
  const body = (response: { json: <T>() => T }) => response.json<Record<string, unknown>>();

  it('serves a valid key at once from an address that sent 300 wrong ones, and keeps refusing the wrong ones', async () => {
    const { merchantPaymentReference } = await createApplication(t);
    // A hosted shop platform's egress: some other tenant there guesses keys (or has a broken one).
    const shared = '198.51.100.30';
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i += 1) {
      const response = await read(merchantPaymentReference, i % 10 === 0 ? undefined : `Bearer ${wrongKey()}`, shared);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    const { points, windowSeconds } = RATE_LIMITS.merchantAuthFailuresPerIp;
    expect(Object.fromEntries(statuses)).toEqual({ 401: points, 429: 300 - points });

    // The shop's own key from the same address: served, with its own limit's headers, no waiting.
    const served = await read(merchantPaymentReference, merchantAuth.authorization, shared);
    expect(served.statusCode).toBe(200);
    expect(served.headers['retry-after']).toBeUndefined();
    expect(served.headers['ratelimit-limit']).toBe(String(RATE_LIMITS.merchantApiPerKey.points));
    expect(body(served)).toMatchObject({ merchantPaymentReference });
    const created = await t.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: merchantAuth,
      payload: buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference('shared-egress') }),
      remoteAddress: shared,
    });
    expect(created.statusCode).toBe(201);

    // The guesser there is still refused, in the catalogue's words.
    const guess = await read(merchantPaymentReference, `Bearer ${wrongKey()}`, shared);
    expectTooManyRequests(guess, windowSeconds);
    expect(body(guess)).toMatchObject({ message: 'Too many attempts. Please try again in 15 minutes.' });
  });

  it('counts wrong keys per key prefix too, from however many addresses, and still serves the key with that prefix', async () => {
    const { merchantPaymentReference } = await createApplication(t);
    const issued = newApiKey();
    await t.app.repos.merchants.insertApiKey(DEMO_MERCHANT.id, issued.hash, issued.prefix, 'prefix test');
    const { points, windowSeconds } = RATE_LIMITS.merchantAuthFailuresPerKeyPrefix;
    // A guess at this merchant's key spread over many addresses, one try each.
    for (let i = 1; i <= points; i += 1) expect((await read(merchantPaymentReference, `Bearer ${wrongKey(issued.prefix)}`, `192.0.2.${i}`)).statusCode).toBe(401);
    expectTooManyRequests(await read(merchantPaymentReference, `Bearer ${wrongKey(issued.prefix)}`, '192.0.2.200'), windowSeconds);

    // The key itself is served, from a fresh address and from one of the guessers'.
    for (const address of ['192.0.2.201', '192.0.2.1']) {
      const served = await read(merchantPaymentReference, `Bearer ${issued.key}`, address);
      expect(served.statusCode).toBe(200);
      expect(served.headers['retry-after']).toBeUndefined();
    }
    // Another prefix from a fresh address is not held back by this one.
    expect((await read(merchantPaymentReference, `Bearer ${wrongKey()}`, '192.0.2.202')).statusCode).toBe(401);
  });

  it('answers a revoked key or a deactivated merchant’s key as a wrong one, below the limit and over it', async () => {
    const { merchantPaymentReference } = await createApplication(t);
    const revoked = newApiKey();
    const record = await t.app.repos.merchants.insertApiKey(DEMO_MERCHANT.id, revoked.hash, revoked.prefix, 'revoked');
    await t.app.repos.merchants.revokeApiKey(DEMO_MERCHANT.id, record.id);
    const inactive = newApiKey();
    await t.app.repos.merchants.create({ id: 'closed-shop', name: 'Closed shop', allowedOrigins: [], webhookUrl: null, webhookSecret: 'whsec_test' });
    await t.app.repos.merchants.insertApiKey('closed-shop', inactive.hash, inactive.prefix, 'closed');
    await t.app.repos.merchants.setActive('closed-shop', false);

    const address = '203.0.113.40';
    const answers = async () => Promise.all([wrongKey(), revoked.key, inactive.key].map((key) => read(merchantPaymentReference, `Bearer ${key}`, address)));
    const below = await answers();
    expect(below.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect(new Set(below.map((r) => r.body)).size).toBe(1);

    for (let i = 3; i < RATE_LIMITS.merchantAuthFailuresPerIp.points; i += 1) await read(merchantPaymentReference, `Bearer ${wrongKey()}`, address);
    const over = await answers();
    expect(over.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(new Set(over.map((r) => r.body)).size).toBe(1);
    for (const answer of over) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('finds a key by its hash through a unique index', async () => {
    const indexes = await t.db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename = 'merchant_api_keys'");
    expect(indexes.map((i) => i.indexdef)).toContainEqual(expect.stringMatching(/^CREATE UNIQUE INDEX \S+ ON \S*merchant_api_keys USING btree \(key_hash\)$/));
  });
});

describe('the waiting screen’s polls with the production limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('write nothing to the database: a visit’s 15 polls stay in memory', async () => {
    const { reference, merchantPaymentReference } = await createApplication(t);
    const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } });
    const cookie = sessionCookie(login);
    for (let i = 0; i < 15; i += 1) {
      const answer = await t.app.inject({ method: 'GET', url: `${API.paymentStatus.pattern}?merchantId=demo&merchantPaymentReference=${merchantPaymentReference}`, headers: { cookie } });
      expect(answer.statusCode).toBe(200);
    }
    expect(await t.db.query("SELECT key FROM rate_limits WHERE key LIKE 'pollPerSession:%'")).toEqual([]);
  });
});
