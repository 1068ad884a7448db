/**
 * BankID identification over real HTTP: the portal (openid-client) against the sandbox broker
 * (oidc-provider) on the same server, driven like a browser: a cookie jar, redirects followed by
 * hand, forms posted as the page renders them. Under each broker profile (OIDC_PROFILE): the
 * portal and the simulated broker both follow Idura's conventions, or both Signicat's; the
 * sandbox broker's answers are held to the broker's published examples (@portal/contracts/oidc).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDiff, violations } from '@portal/contracts';
import { fixture } from '@portal/contracts/fixtures';
import * as published from '@portal/contracts/oidc/schemas';
import {
  API,
  buildPrivateApplication,
  type CreateApplicationRequestInput,
  type LoanApplicationsResponse,
  MERCHANT_API,
} from '@portal/domain';
import { sha256Hex } from '../src/lib/crypto';
import { Browser, formAction, hiddenFields, type Hop, isCallback } from './bankid-browser';
import { createTestApp, freePort, merchantAuth, nextReference, startTestServer, type TestApp } from './helpers';

/** The claims of a JWT, unverified: the test reads what the broker put in it. */
const jwtClaims = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The ID token without OIDC's technical claims: Idura publishes the user fields only. */
const userFields = (claims: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(claims).filter(([name]) => !(published.OIDC_TECHNICAL_CLAIMS as readonly string[]).includes(name)));

describe.each(published.BROKER_PROFILES)('BankID identification through the OIDC broker (OIDC_PROFILE=%s)', (profile) => {
  let t: TestApp & { url: string };
  const other = profile === 'idura' ? 'signicat' : 'idura';
  const acr = (country: 'NO' | 'SE') => (profile === 'idura' ? published.IDURA_ACR_VALUES : published.SIGNICAT_ACR_VALUES)[country][0];

  beforeAll(async () => {
    t = await startTestServer('pglite', { OIDC_PROFILE: profile });
  });
  afterAll(async () => t.close());

  async function createApplication(body: CreateApplicationRequestInput): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: body });
    expect(response.statusCode).toBe(201);
    return response.json<{ reference: string }>().reference;
  }

  const application = (nationalId: string) =>
    createApplication(buildPrivateApplication(nationalId, { merchantPaymentReference: nextReference('bankid') }, t.url));

  const validate = (browser: Browser, reference: string) => browser.request(API.validate.url({ reference }));

  /** Start at the portal, arrive at the broker's page. */
  async function openBroker(browser: Browser, country: string, reference?: string): Promise<Hop> {
    const query = reference ? `?reference=${encodeURIComponent(reference)}` : '';
    const page = await browser.navigate(`${API.bankIdStart.url({ country })}${query}`);
    expect(page.status, page.body).toBe(200);
    expect(page.url).toMatch(/\/sandbox\/bankid\/interaction\/[\w-]+$/);
    return page;
  }

  /** Pick a test person (or type a number) on the broker's page and approve. */
  async function approve(browser: Browser, page: Hop, choice: Record<string, string>, stopAt?: (l: URL) => boolean): Promise<Hop> {
    const confirm = await browser.request(formAction(page.body, 'select'), choice);
    expect(confirm.status, confirm.body).toBe(200);
    return browser.navigate(formAction(confirm.body, 'approve'), hiddenFields(confirm.body, 'approve'), stopAt);
  }

  async function sessionIdentity(browser: Browser) {
    const cookie = decodeURIComponent(browser.cookie('portal_sid') ?? '');
    const sessionId = cookie.slice(0, cookie.lastIndexOf('.'));
    const stored = await t.app.repos.sessions.get(sha256Hex(sessionId));
    return (stored?.data as { identity?: { nationalId: string; method: string; firstName: string } } | undefined)?.identity;
  }

  it('publishes a discovery document with the broker\u2019s BankID methods, PKCE and its claims', async () => {
    const response = await fetch(`${t.url}/sandbox/bankid/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${t.url}/sandbox/bankid`);
    const values = profile === 'idura' ? published.IDURA_ACR_VALUES : published.SIGNICAT_ACR_VALUES;
    expect(new Set(metadata.acr_values_supported as string[])).toEqual(new Set([...values.NO, ...values.SE]));
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    const claims = profile === 'idura' ? ['socialno', 'ssn', 'given_name', 'family_name'] : ['nin', 'nin_type', 'nin_issuing_country', 'idp', 'given_name', 'family_name'];
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(claims));
    expect(metadata.claims_supported).not.toContain(profile === 'idura' ? 'nin' : 'socialno');
  });

  it('gives tokens and UserInfo with the claims, and in the places, the broker publishes', async () => {
    const { clientId, clientSecret } = t.app.config.providers.oidc;
    for (const [country, person] of [['NO', '18087248794'], ['SE', '198305147715']] as const) {
      // The portal's own start, for its authorization request; the code is exchanged by hand.
      const started = await t.app.providers.bankId.start(country, undefined);
      if (!started.ok) throw new Error('no start');
      const query = Object.fromEntries(started.url.searchParams);
      expect(violations(published.authorizeQuery[profile], query)).toEqual([]);
      const browser = new Browser(t.url);
      const page = await browser.navigate(started.url.href);
      const atCallback = await approve(browser, page, { person }, isCallback);
      const code = new URL(atCallback.location ?? '').searchParams.get('code') ?? '';

      const form = { grant_type: 'authorization_code', code, redirect_uri: `${t.url}${API.bankIdCallback.pattern}`, code_verifier: started.login.codeVerifier };
      expect(violations(published.tokenRequest, form)).toEqual([]);
      const tokenResponse = await fetch(`${t.url}/sandbox/bankid/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      const tokens = (await tokenResponse.json()) as Record<string, unknown>;
      expect(violations(published.tokenAnswer, tokens)).toEqual([]);
      const idToken = jwtClaims(String(tokens.id_token));
      const userInfo = (await (await fetch(`${t.url}/sandbox/bankid/me`, { headers: { authorization: `Bearer ${String(tokens.access_token)}` } })).json()) as Record<string, unknown>;

      if (profile === 'idura') {
        const example = fixture('oidc', country === 'NO' ? 'idura-no-bankid-id-token' : 'idura-se-bankid-id-token').answer;
        expect(violations(country === 'NO' ? published.iduraNorwegianIdToken : published.iduraSwedishIdToken, idToken)).toEqual([]);
        expect(shapeDiff(example, userFields(idToken))).toEqual([]);
      } else {
        // The number from UserInfo only: the ID token has the IdP and the names (Standard Scopes).
        expect(shapeDiff(fixture('oidc', 'signicat-sbid-token').answer, tokens)).toEqual([]);
        expect(violations(published.signicatIdToken, idToken)).toEqual([]);
        expect(shapeDiff(userFields(fixture('oidc', 'signicat-sbid-id-token').answer as Record<string, unknown>), userFields(idToken))).toEqual([]);
        expect(idToken).not.toHaveProperty('nin');
        expect(idToken).not.toHaveProperty('acr');
        expect(idToken.idp).toBe(country === 'NO' ? 'nbid' : 'sbid');
        expect(violations(published.signicatUserInfo, userInfo)).toEqual([]);
        expect(shapeDiff(fixture('oidc', country === 'NO' ? 'signicat-nbid-userinfo' : 'signicat-sbid-userinfo').answer, userInfo)).toEqual([]);
        expect(userInfo).toMatchObject({ nin: person, nin_issuing_country: country, sub: idToken.sub });
      }
    }
  });

  it('logs a Norwegian test person in: the session is theirs, its id rotated', async () => {
    const reference = await application('18087248794');
    const someoneElses = await application('27028809552');
    const browser = new Browser(t.url);

    const page = await openBroker(browser, 'no', reference);
    expect(page.body).toContain('<html lang="nb"');
    expect(page.body).toContain('Kari Nordmann');
    expect(page.body).not.toContain('Anna Andersson');
    const before = browser.cookie('portal_sid');
    expect(before).toBeDefined();

    const landed = await approve(browser, page, { person: '18087248794' });
    expect(landed.status).toBe(302);
    expect(landed.location).toBe(`${t.url}/loan-subscription/${reference}?countryCode=NO`);
    expect(browser.cookie('portal_sid')).toBeDefined();
    expect(browser.cookie('portal_sid')).not.toBe(before);
    expect(await sessionIdentity(browser)).toMatchObject({ nationalId: '18087248794', method: 'bankid-no', firstName: 'Kari' });

    const mine = await validate(browser, reference);
    expect(mine.status).toBe(200);
    expect((JSON.parse(mine.body) as LoanApplicationsResponse).loanApplications[0]?.reference).toBe(reference);
    expect((await validate(browser, someoneElses)).status).toBe(404);
  });

  it("identifies without an application for the customer's own page, and lands there", async () => {
    const reference = await application('18087248794');
    const browser = new Browser(t.url);
    const page = await browser.navigate(`${API.bankIdStart.url({ country: 'no' })}?then=my-applications`);
    expect(page.url).toMatch(/\/sandbox\/bankid\/interaction\/[\w-]+$/);
    const landed = await approve(browser, page, { person: '18087248794' });
    expect(landed.status).toBe(302);
    expect(landed.location).toBe(`${t.url}/loan-subscription/my-applications?countryCode=NO`);
    const mine = await browser.request(API.myApplications.url());
    expect(mine.status).toBe(200);
    expect((JSON.parse(mine.body) as { applications: { reference: string }[] }).applications.map((a) => a.reference)).toContain(reference);
  });

  it('lets a log out end only the session\u2019s own application, not another person\u2019s it was started with', async () => {
    // Identification started from someone else's link: the session is Kari's, the link Ola's.
    const merchantPaymentReference = nextReference('bankid');
    const olas = await createApplication(buildPrivateApplication('27028809552', { merchantPaymentReference }, t.url));
    const browser = new Browser(t.url);
    await approve(browser, await openBroker(browser, 'no', olas), { person: '18087248794' });
    expect((await validate(browser, olas)).status).toBe(404);

    const cookie = browser.header(API.logout.url());
    const logout = await fetch(`${t.url}${API.logout.url()}`, { method: 'POST', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(logout.status).toBe(200);
    // Nothing about Ola's application: no way back to his shop, no change of its outcome.
    expect(await logout.json()).toEqual({ redirectUrl: null });
    const view = await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference }), headers: merchantAuth });
    expect(view.json()).toMatchObject({ status: 'CREATED', outcome: null });
  });

  it('shows the broker’s pages in the portal’s language, passed on as ui_locales', async () => {
    const reference = await application('18087248794');
    const browser = new Browser(t.url);
    const start = await browser.request(`${API.bankIdStart.url({ country: 'no' })}?reference=${encodeURIComponent(reference)}&lang=sv`);
    expect(new URL(start.location ?? '').searchParams.get('ui_locales')).toBe('sv');
    const page = await browser.navigate(start.location ?? '');
    expect(page.body).toContain('<html lang="sv"');
    expect(page.body).toContain('Legitimera dig');
    // The person's own pick on the page still wins, and holds through the next step.
    const english = await browser.request(`${new URL(page.url).pathname}?lang=en`);
    expect(english.body).toContain('<html lang="en"');
    const confirm = await browser.request(formAction(english.body, 'select'), { person: '18087248794' });
    expect(confirm.body).toContain('<html lang="en"');
    // Without a language the page speaks the country's.
    const plain = await openBroker(new Browser(t.url), 'no', reference);
    expect(plain.body).toContain('<html lang="nb"');
  });

  it('logs a Swedish person in with the 12-digit personnummer, typed in its 10-digit form', async () => {
    const reference = await application('198305147715');
    const browser = new Browser(t.url);
    const page = await openBroker(browser, 'SE', reference);
    expect(page.body).toContain('<html lang="sv"');
    expect(page.body).toContain('Anna Andersson');

    const landed = await approve(browser, page, { nationalId: '830514-7715', givenName: '', familyName: '' });
    expect(landed.location).toBe(`${t.url}/loan-subscription/${reference}?countryCode=SE`);
    expect(await sessionIdentity(browser)).toMatchObject({ nationalId: '198305147715', method: 'bankid-se', firstName: 'Anna' });
    expect((await validate(browser, reference)).status).toBe(200);
  });

  it('sends a cancel back to the index page, without a login', async () => {
    const reference = await application('18087248794');
    const browser = new Browser(t.url);
    const page = await openBroker(browser, 'no', reference);

    const back = await browser.navigate(formAction(page.body, 'cancel'), {});
    expect(back.status).toBe(302);
    expect(back.location).toBe(`${t.url}/loan-subscription/?reference=${reference}&countryCode=NO&identification=cancelled`);
    expect(await sessionIdentity(browser)).toBeUndefined();
    expect((await validate(browser, reference)).status).toBe(401);
  });

  it("sends a cancel started from the customer's own page back there, without a login", async () => {
    const browser = new Browser(t.url);
    const page = await browser.navigate(`${API.bankIdStart.url({ country: 'se' })}?then=my-applications`);
    const back = await browser.navigate(formAction(page.body, 'cancel'), {});
    expect(back.status).toBe(302);
    expect(back.location).toBe(`${t.url}/loan-subscription/my-applications?countryCode=SE&identification=cancelled`);
    expect(await sessionIdentity(browser)).toBeUndefined();
    expect((await browser.request(API.myApplications.url())).status).toBe(401);
  });

  it('refuses an invalid typed national ID on the broker page, keeping what was typed', async () => {
    const browser = new Browser(t.url);
    const page = await openBroker(browser, 'no');
    const refused = await browser.request(formAction(page.body, 'select'), { nationalId: '18087248795', givenName: 'Kari', familyName: '' });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toContain('Dette er ikke et gyldig fødselsnummer');
    expect(refused.body).toContain('value="18087248795"');
    expect(refused.body).toContain('aria-invalid="true"');

    // Nor can the confirmation step be skipped with a bad number.
    const skipped = await browser.request(formAction(page.body, 'select').replace('/select?', '/approve?'), {
      nationalId: '18087248795',
      givenName: 'Kari',
      familyName: 'Nordmann',
    });
    expect(skipped.status).toBe(400);
  });

  it('follows ?lang= on the broker page', async () => {
    const browser = new Browser(t.url);
    const page = await openBroker(browser, 'no');
    const english = await browser.request(`${page.url}?lang=en`);
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('Identify yourself');
    expect(english.body).toContain('Accepted, signing succeeds');
  });

  it('refuses a callback whose state was tampered with, and still accepts the real one', async () => {
    const reference = await application('27028809552');
    const browser = new Browser(t.url);
    const page = await openBroker(browser, 'no', reference);
    const atCallback = await approve(browser, page, { person: '27028809552' }, isCallback);
    const callback = new URL(atCallback.location ?? '');
    expect(callback.pathname).toBe(API.bankIdCallback.pattern);

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state') ?? ''}x`);
    const refused = await browser.request(tampered.href);
    expect(refused.location).toBe(`${t.url}/loan-subscription/?reference=${reference}&countryCode=NO&identification=failed`);
    expect(await sessionIdentity(browser)).toBeUndefined();

    // Another browser (no session cookie) cannot use the callback either.
    const stranger = new Browser(t.url);
    expect((await stranger.request(callback.href)).location).toMatch(/identification=failed$/);

    const accepted = await browser.request(callback.href);
    expect(accepted.location).toBe(`${t.url}/loan-subscription/${reference}?countryCode=NO`);
    expect((await validate(browser, reference)).status).toBe(200);

    // A code and state are good once.
    expect((await browser.request(callback.href)).location).toMatch(/identification=failed$/);
  });

  it('completes a login started in another tab of the same browser', async () => {
    const reference = await application('18087248794');
    const browser = new Browser(t.url);
    // Tab A starts, then tab B starts too; A's approval returns to the callback (in tab B, say).
    const tabA = await openBroker(browser, 'no', reference);
    const tabB = await openBroker(browser, 'no', reference);
    expect(tabB.url).not.toBe(tabA.url);

    const landed = await approve(browser, tabA, { person: '18087248794' });
    expect(landed.location).toBe(`${t.url}/loan-subscription/${reference}?countryCode=NO`);
    expect((await validate(browser, reference)).status).toBe(200);
  });

  it('refuses an authorization request without PKCE', async () => {
    const { clientId } = t.app.config.providers.oidc;
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${t.url}${API.bankIdCallback.pattern}`,
      state: 'some-state',
      acr_values: acr('NO'),
    });
    const response = await fetch(`${t.url}/sandbox/bankid/auth?${query.toString()}`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '', t.url);
    expect(location.pathname).toBe(API.bankIdCallback.pattern);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  /** An authorization as the broker's client would send it, with PKCE, ending at the callback. */
  async function authorize(parameters: { acr_values: string; scope: string }): Promise<URL> {
    const query = new URLSearchParams({
      client_id: t.app.config.providers.oidc.clientId,
      response_type: 'code',
      redirect_uri: `${t.url}${API.bankIdCallback.pattern}`,
      state: 'some-state',
      code_challenge: createHash('sha256').update('a-code-verifier-long-enough-for-pkce-0123456789').digest('base64url'),
      code_challenge_method: 'S256',
      ...parameters,
    });
    const hop = await new Browser(t.url).navigate(`/sandbox/bankid/auth?${query.toString()}`, undefined, isCallback);
    const location = new URL(hop.location ?? '');
    expect(location.pathname).toBe(API.bankIdCallback.pattern);
    expect(location.searchParams.get('state')).toBe('some-state');
    return location;
  }

  it.each([
    ['an e-ID no broker here offers', 'urn:grn:authn:dk:mitid:substantial'],
    [`the other broker\u2019s (${other}) name for BankID`, other === 'idura' ? published.IDURA_ACR_VALUES.NO[0] : published.SIGNICAT_ACR_VALUES.NO[0]],
  ])('ends an authorization for %s with invalid_request', async (_, acrValues) => {
    const location = await authorize({ acr_values: acrValues, scope: 'openid' });
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it(`refuses the other broker\u2019s (${other}) scopes with invalid_scope`, async () => {
    const location = await authorize({ acr_values: acr('NO'), scope: profile === 'idura' ? 'openid profile nin' : 'openid ssn' });
    expect(location.searchParams.get('error')).toBe('invalid_scope');
  });

  it('sends the browser back with identification=failed when the broker is down', async () => {
    const reference = await application('18087248794');
    const browser = new Browser(t.url);
    const put = (mode: string) =>
      t.app.inject({ method: 'PUT', url: '/sandbox/control/faults/bankid', payload: { mode } });
    // Discovery is cached after the first login, so the outage shows at the token exchange.
    const page = await openBroker(browser, 'no', reference);
    const confirm = await browser.request(formAction(page.body, 'select'), { person: '18087248794' });
    const atCallback = await browser.navigate(formAction(confirm.body, 'approve'), hiddenFields(confirm.body, 'approve'), isCallback);
    await put('down');
    try {
      const back = await browser.request(atCallback.location ?? '');
      expect(back.location).toBe(`${t.url}/loan-subscription/?reference=${reference}&countryCode=NO&identification=failed`);
    } finally {
      await put('normal');
    }
    expect((await validate(browser, reference)).status).toBe(401);
  });
});

describe('BankID broker with several instances, and in the logs', () => {
  it('lets another instance continue a login, with the same keys whatever the portal’s session secret, and logs no national ID', async () => {
    const lines: string[] = [];
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = await createTestApp('pglite', { PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'info', SESSION_SECRET: 'a'.repeat(32) }, undefined, {
      write: (line) => void lines.push(line),
    });
    await first.app.listen({ port, host: '127.0.0.1' });
    // A second instance on the same database, behind the same public address. Its portal even
    // signs its sessions with another secret: the broker's keys are the broker's own.
    const secondPort = await freePort();
    const secondUrl = `http://127.0.0.1:${secondPort}`;
    const second = await createTestApp(
      'pglite',
      { PORT: String(secondPort), PUBLIC_URL: url, LOG_LEVEL: 'info', SESSION_SECRET: 'b'.repeat(32) },
      { db: first.db, drop: async () => {} },
      { write: (line) => void lines.push(line) },
    );
    await second.app.listen({ port: secondPort, host: '127.0.0.1' });
    try {
      const created = await first.app.inject({
        method: 'POST',
        url: MERCHANT_API.applications.pattern,
        headers: merchantAuth,
        payload: buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference('instances') }, url),
      });
      const { reference } = created.json<{ reference: string }>();
      const browser = new Browser(url, secondUrl);
      const page = await browser.navigate(`${API.bankIdStart.url({ country: 'no' })}?reference=${reference}`);
      expect(new URL(page.url).origin).toBe(url);

      // The person picks and approves on the other instance.
      const onSecond = (path: string) => `${secondUrl}${path}`;
      const confirm = await browser.request(onSecond(formAction(page.body, 'select')), { person: '18087248794' });
      expect(confirm.status).toBe(200);
      const landed = await browser.navigate(onSecond(formAction(confirm.body, 'approve')), hiddenFields(confirm.body, 'approve'));
      expect(landed.location).toBe(`${url}/loan-subscription/${reference}?countryCode=NO`);
      expect((await browser.request(`${url}${API.validate.url({ reference })}`)).status).toBe(200);

      const keys = async (base: string) =>
        ((await (await fetch(`${base}/sandbox/bankid/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
      expect(await keys(url)).toHaveLength(1);
      expect(await keys(secondUrl)).toEqual(await keys(url));

      const logs = lines.join('\n');
      expect(logs).toContain('bankid identification started');
      expect(logs).toContain('sandbox bankid: identified');
      expect(logs).toContain('logged in');
      for (const secret of ['18087248794', '180872', 'Nordmann', 'kari.nordmann']) expect(logs).not.toContain(secret);
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});
