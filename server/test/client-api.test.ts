import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  buildBusinessApplication,
  buildPrivateApplication,
  type CreateApplicationRequestInput,
  type LoanApplicationsResponse,
  MERCHANT_API,
} from '@portal/domain';
import { sha256Hex } from '../src/lib/crypto';
import {
  createTestApp,
  ENGINES,
  merchantAuth,
  nextReference,
  openTestDatabase,
  sessionCookie,
  type TestApp,
  type TestDatabase,
  XHR,
} from './helpers';

describe.each(ENGINES)('client API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  async function createApplication(body: CreateApplicationRequestInput): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: body });
    expect(response.statusCode).toBe(201);
    return response.json<{ reference: string }>().reference;
  }

  async function login(reference?: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: API.dummyLogin.pattern,
      headers: XHR,
      payload: reference ? { reference } : {},
    });
    expect(response.statusCode).toBe(200);
    return sessionCookie(response);
  }

  const validate = (reference: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: cookie ? { cookie } : {} });

  it('tells the SPA which features are on', async () => {
    const response = await t.app.inject({ method: 'GET', url: API.features.pattern });
    expect(response.json()).toEqual({ showDummyLogin: true, resursMerchantApiEnabled: true });
  });

  it('refuses state-changing calls without X-Requested-With', async () => {
    const response = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, errorCode: 'REQUEST_ERROR' });
    expect(response.cookies).toHaveLength(0);
  });

  it('validates a reference: 401 without a session, the applications with one', async () => {
    const reference = await createApplication(buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }));
    expect((await validate(reference)).statusCode).toBe(401);
    expect((await validate(reference)).json()).toMatchObject({ errorCode: 'INVALID_CREDENTIALS' });

    const cookie = await login(reference);
    const response = await validate(reference, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<LoanApplicationsResponse>();
    expect(body.loanApplications[0]).toMatchObject({
      reference,
      version: 2,
      // In the sandbox Kari has an earlier subscription: its products are up for renewal.
      isRenewal: true,
      loanProduct: { provider: 'RESURS' },
      customer: { firstName: 'Kari', lastName: 'Nordmann', type: 'PRIVATE', countryCode: 'NO', phone: '+47 91234567' },
      loan: { loanAmount: 15000, loanPeriod: 36, currency: 'NOK' },
    });
    expect(body.loanApplications[0]?.callbackUrl).toBe('http://localhost:3000/demo-shop/return');
    expect(body.products.map((p) => p.productReference)).toEqual(['P-DEMO-NO-1']);
    expect(body.consents.map((c) => c.type)).toEqual([
      'PERSONAL_INFO_CONSENT',
      'PRIVACY_CONSENT',
      'FAIROWN_RENEWAL_ASSESSMENT_CONSENT',
      'FAIROWN_RENEWAL_CONSENT',
    ]);
    expect(body.consents[1]?.text).toContain('<a href="/loan-subscription/documents/PrivacyPolicyNO.pdf" target="_blank" rel="noopener noreferrer">');
    expect(response.body).not.toContain('18087248794');
  });

  it('offers no renewal to a customer without subscriptions, and consents in the reader’s language', async () => {
    const reference = await createApplication(buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() }));
    const cookie = await login(reference);
    const response = await t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie, 'accept-language': 'nb' } });
    const body = response.json<LoanApplicationsResponse>();
    expect(body.loanApplications[0]?.isRenewal).toBe(false);
    expect(body.products).toEqual([]);
    expect(body.consents.map((c) => c.type)).toEqual(['PERSONAL_INFO_CONSENT', 'PRIVACY_CONSENT']);
    expect(body.consents[0]?.text).toMatch(/^Jeg bekrefter/);
  });

  it('answers another person’s application as it answers an unknown reference: 404, the same body', async () => {
    const mine = await createApplication(buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }));
    const theirs = await createApplication(buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() }));
    const cookie = await login(mine);
    const unknown = await validate('no-such-reference-000000', cookie);
    expect(unknown.statusCode).toBe(404);
    const forbidden = await validate(theirs, cookie);
    expect(forbidden.statusCode).toBe(404);
    expect(forbidden.body).toBe(unknown.body);
  });

  it('lets the first identification claim an application sent without a national ID, if the name matches', async () => {
    const reference = await createApplication(
      buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference(), customer: { nationalId: null } }),
    );
    const cookie = await login(reference);
    expect((await validate(reference, cookie)).statusCode).toBe(200);
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM applications WHERE reference = $1', [reference]);
    expect((await t.app.repos.customers.findByApplicationId(row?.id ?? ''))?.nationalId).toBe('18087248794');

    // Someone else cannot take it afterwards.
    const olas = await createApplication(buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() }));
    const other = await login(olas);
    expect((await validate(reference, other)).statusCode).toBe(404);
  });

  it('lets a business signatory in to the company application', async () => {
    const reference = await createApplication(buildBusinessApplication('892831270', { merchantPaymentReference: nextReference() }));
    const cookie = await login(reference);
    const body = (await validate(reference, cookie)).json<LoanApplicationsResponse>();
    expect(body.loanApplications[0]).toMatchObject({
      loanProduct: { provider: 'GRENKE' },
      customer: { type: 'LEGAL', companyName: 'Nordlys Kontor AS', externalId: '892831270' },
    });
  });

  it('lists the session’s applications with the active one first', async () => {
    const older = await createApplication(buildPrivateApplication('23068201608', { merchantPaymentReference: nextReference() }));
    const newer = await createApplication(buildPrivateApplication('23068201608', { merchantPaymentReference: nextReference() }));
    expect((await t.app.inject({ method: 'GET', url: API.applications.pattern })).statusCode).toBe(401);

    const cookie = await login(older);
    await validate(older, cookie);
    const list = (await t.app.inject({ method: 'GET', url: API.applications.pattern, headers: { cookie } })).json<LoanApplicationsResponse>();
    expect(list.loanApplications.map((a) => a.reference)).toEqual([older, newer]);
  });

  it('rotates the session id at login and stores only its hash', async () => {
    const reference = await createApplication(buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }));
    const first = await login(reference);
    const second = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: { ...XHR, cookie: first }, payload: { reference } });
    const rotated = sessionCookie(second);
    expect(rotated).not.toBe(first);
    expect((await validate(reference, first)).statusCode).toBe(401);
    expect((await validate(reference, rotated)).statusCode).toBe(200);

    const cookie = second.cookies.find((c) => c.name === 'portal_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const rawId = decodeURIComponent(rotated.split('=')[1] ?? '').split('.')[0] ?? '';
    const rows = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE id_hash = $1', [sha256Hex(rawId)]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(await t.db.query('SELECT id_hash FROM sessions'))).not.toContain(rawId);
  });

  it('ends a session after 30 idle minutes and on logout', async () => {
    const reference = await createApplication(buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }));
    const idle = await login(reference);
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await validate(reference, idle)).statusCode).toBe(401);

    const active = await login(reference);
    const out = await t.app.inject({ method: 'POST', url: API.logout.pattern, headers: { ...XHR, cookie: active } });
    expect(out.json()).toEqual({ redirectUrl: expect.stringMatching(/^http:\/\/localhost:3000\/demo-shop\/return\?outcome=apply_cancelled&merchantPaymentReference=order-/) });
    expect((await validate(reference, active)).statusCode).toBe(401);
  });

  it('offers no dummy login outside sandbox mode', async () => {
    const live = await createTestApp(engine, {
      SANDBOX: 'false',
      RESURS_V2_BASE_URL: 'https://merchant-api.integration.resurs.com',
      RESURS_V2_CLIENT_ID: 'id', RESURS_V2_CLIENT_SECRET: 'secret', RESURS_V2_STORE_ID: 'store',
      RESURS_V1_BASE_URL: 'https://test.resurs.com/ecommerce-test/ws/V4', RESURS_V1_USERNAME: 'u', RESURS_V1_PASSWORD: 'p',
      GRENKE_BASE_URL: 'https://uatapi.grenkeonline.com', GRENKE_CLIENT_CERT_FILE: 'cert.pem', GRENKE_CLIENT_KEY_FILE: 'key.pem',
      SIGNING_BASE_URL: 'https://sign.example.com', SIGNING_CLIENT_ID: 'id', SIGNING_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'https://broker.example.com', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret',
      REGISTRY_NO_BASE_URL: 'https://data.ppe.brreg.no/enhetsregisteret/api',
      REGISTRY_SE_BASE_URL: 'https://api.signicat.com', REGISTRY_SE_CLIENT_ID: 'id', REGISTRY_SE_CLIENT_SECRET: 'secret',
    });
    try {
      expect((await live.app.inject({ method: 'GET', url: API.features.pattern })).json()).toMatchObject({ showDummyLogin: false });
      const response = await live.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: {} });
      expect(response.statusCode).toBe(404);
      expect((await live.app.inject({ method: 'GET', url: '/demo-shop/' })).statusCode).toBe(404);
      // No sandbox route at all: the GRENKE mock panel's and the simulators' control.
      const mock = await live.app.inject({ method: 'POST', url: API.grenkeMock.url({ action: 'approved', merchantPaymentReference: 'order-1' }), headers: XHR });
      expect(mock.statusCode).toBe(404);
      expect((await live.app.inject({ method: 'PUT', url: '/sandbox/control/faults/resurs-v2', payload: { mode: 'down' } })).statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });

  it('does not start with the sandbox forced on beside a real BankID broker (no dummy login beside it)', async () => {
    const forced = { SANDBOX: 'true', OIDC_ISSUER: 'https://broker.example.com', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret' };
    await expect(createTestApp(engine, forced)).rejects.toThrow(/SANDBOX: the sandbox \(simulated providers, dummy login, demo shop\) runs only when every provider is simulated/);
  });
});

describe.each(ENGINES)('sessions across server instances on %s', (engine) => {
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

  it('lets any instance serve a session another one started', async () => {
    const created = await a.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: merchantAuth,
      payload: buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }),
    });
    const { reference } = created.json<{ reference: string }>();
    const login = await a.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } });
    const cookie = sessionCookie(login);
    const onB = await b.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie } });
    expect(onB.statusCode).toBe(200);
  });
});

describe('claiming an application without a national ID', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('refuses a person whose e-ID name differs from the merchant’s', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: merchantAuth,
      payload: buildPrivateApplication('18087248794', {
        merchantPaymentReference: nextReference(),
        customer: { nationalId: null, firstName: 'Somebody', lastName: 'Else' },
      }),
    });
    const { reference } = created.json<{ reference: string }>();
    // Logged in as Kari Nordmann, not as "Somebody Else".
    const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: {} });
    const response = await t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie: sessionCookie(login) } });
    expect(response.statusCode).toBe(404);
  });
});
