/**
 * A lender that offers only consumer credit starts the portal with Resurs Merchant API 2.0 and a
 * BankID broker, nothing else, and serves consumer applications (issue 29, item 9 and its "Done
 * when"). Outside the sandbox: Resurs is a stand-in built only from Resurs' published material
 * (@portal/contracts), the broker is an OpenID provider on another server (the sandbox's, as
 * Signicat), and the merchant is set up as a lender would set one up, with the admin's use cases.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildApplyForm, buildBusinessApplication, buildPrivateApplication, type LoanApplicationsResponse, MERCHANT_API, TEST_PEOPLE } from '@portal/domain';
import { fixture } from '@portal/contracts/fixtures';
import * as published from '@portal/contracts/resurs-v2/schemas';
import { type StandIn, standIn, type StandInAnswer } from '@portal/contracts/stand-in';
import sandbox from '@portal/sandbox';
import { issueApiKey } from '../src/services/back-office/merchants/api-keys';
import { createMerchant } from '../src/services/back-office/merchants/create-merchant';
import { Browser, formAction, hiddenFields } from './bankid-browser';
import { createTestApp, freePort, openTestDatabase, type TestApp, type TestDatabase, XHR } from './helpers';

const SWEDISH_STORE = '7711fc3c-3246-552c-102e-b45a373c5960';
const example = (name: string): StandInAnswer => ({ status: fixture('resurs-v2', name).status ?? 200, body: fixture('resurs-v2', name).answer });

describe('a portal with only Resurs Merchant API 2.0 and a BankID broker, outside the sandbox', () => {
  let portal: TestApp;
  let portalUrl = '';
  let world: FastifyInstance;
  let worldDb: TestDatabase;
  let resurs: StandIn;
  let apiKey = '';
  const lines: string[] = [];

  beforeAll(async () => {
    resurs = await standIn([
      { method: 'POST', path: '/oauth2/token', request: published.tokenRequest, answer: example('token') },
      { method: 'GET', path: '/v2/stores', query: published.storesQuery, answer: example('stores') },
      { method: 'GET', path: /^\/v2\/stores\/[^/]+\/payment_methods$/, query: published.paymentMethodsQuery, answer: example('payment-methods') },
      { method: 'GET', path: /^\/v2\/stores\/[^/]+\/payment_methods\/[^/]+\/price_signage$/, query: published.priceSignageQuery, answer: example('price-signage') },
      { method: 'POST', path: '/v2/payments/search', request: published.searchRequest, answer: { body: { content: [] } } },
      { method: 'POST', path: '/v2/payments', request: published.createPaymentRequest, answer: example('create-payment') },
      { method: 'GET', path: /^\/v2\/payments\/[^/]+\/tasks\/status$/, answer: example('task-status') },
      { method: 'GET', path: /^\/v2\/payments\/[^/]+$/, answer: example('payment') },
    ]);

    const [portalPort, worldPort] = [await freePort(), await freePort()];
    portalUrl = `http://127.0.0.1:${portalPort}`;
    const worldUrl = `http://127.0.0.1:${worldPort}`;

    // The BankID broker, on a server of its own.
    worldDb = await openTestDatabase('pglite');
    world = Fastify();
    await world.register(sandbox, {
      publicUrl: worldUrl,
      storage: worldDb.db,
      slowAnswerMs: 2000,
      clients: {
        resursV2: { accounts: [] },
        resursV1: { accounts: [] },
        signing: { clientId: 'unused', clientSecret: 'unused' },
        registry: { clientId: 'unused', clientSecret: 'unused' },
        bankId: {
          customers: { clientId: 'lender-portal', clientSecret: 'broker-issued-secret', redirectUri: `${portalUrl}${API.bankIdCallback.pattern}` },
          staff: null,
          profile: 'signicat',
        },
      },
    });
    await world.listen({ port: worldPort, host: '127.0.0.1' });

    // Only these variables: no GRENKE, no signing service, no Swedish registry, no Resurs version 1.
    portal = await createTestApp(
      'pglite',
      {
        SANDBOX: 'false',
        PORT: String(portalPort),
        PUBLIC_URL: portalUrl,
        LOG_LEVEL: 'info',
        RESURS_V2_BASE_URL: resurs.url,
        RESURS_V2_CLIENT_ID: 'resurs-issued-client',
        RESURS_V2_CLIENT_SECRET: 'resurs-issued-secret',
        RESURS_V2_STORE_ID: SWEDISH_STORE,
        OIDC_ISSUER: `${worldUrl}/sandbox/bankid`,
        OIDC_CLIENT_ID: 'lender-portal',
        OIDC_CLIENT_SECRET: 'broker-issued-secret',
        OIDC_PROFILE: 'signicat',
      },
      undefined,
      { write: (line) => void lines.push(line) },
    );
    await portal.app.listen({ port: portalPort, host: '127.0.0.1' });

    // The lender sets up its shop as it would with `npm run admin`.
    const admin = { subject: 'cli:test', name: 'Admin CLI (test)' };
    await createMerchant(portal.db, admin, { id: 'shop', name: 'Butiken', allowedOrigins: [portalUrl] });
    apiKey = (await issueApiKey(portal.db, admin, 'shop', 'production')).key;
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
    await world?.close();
    await worldDb?.drop();
    await resurs?.close();
  });

  const createApplication = (payload: object) =>
    portal.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: { authorization: `Bearer ${apiKey}` }, payload });

  it('starts without the sandbox, offering consumer credit through the Merchant API only', () => {
    expect(portal.app.config.sandbox).toBe(false);
    expect(portal.app.config.offers).toEqual({ resursV2: ['NO', 'SE'], resursV1: [], business: [] });
    expect(portal.app.providers).toMatchObject({ resursV1: null, grenke: null, signing: null });
  });

  it('refuses a business application with a clear error', async () => {
    const refused = await createApplication(buildBusinessApplication('6997368573', { merchantPaymentReference: 'order-b1' }, portalUrl));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fieldErrors: { 'customer.type': expect.any(String) }, message: expect.stringMatching(/^Business leasing .* is not offered in SE/) });
  });

  it('serves a consumer: identified with BankID at the broker, priced and submitted to Resurs, sent to the task page', async () => {
    const person = TEST_PEOPLE.find((p) => p.nationalId === '198305147715');
    if (!person) throw new Error('no test person');
    const created = await createApplication(buildPrivateApplication(person.nationalId, { merchantPaymentReference: 'order-c1', version: 2 }, portalUrl));
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = created.json<{ reference: string }>();

    // BankID through the broker on its own server, as a browser would go there and back.
    const worldOrigin = new URL(portal.app.config.providers.oidc.issuer).origin;
    const browser = new Browser(portalUrl, worldOrigin);
    const page = await browser.navigate(`${API.bankIdStart.url({ country: 'se' })}?reference=${encodeURIComponent(reference)}`);
    expect(page.url.startsWith(worldOrigin), page.body).toBe(true);
    const confirm = await browser.request(new URL(formAction(page.body, 'select'), page.url).href, { person: person.nationalId });
    expect(confirm.status, confirm.body.slice(0, 2000)).toBe(200);
    await browser.navigate(new URL(formAction(confirm.body, 'approve'), page.url).href, hiddenFields(confirm.body, 'approve'));
    const cookie = `portal_sid=${browser.cookie('portal_sid') ?? ''}`;

    const validated = await portal.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie } });
    expect(validated.statusCode, validated.body).toBe(200);
    const list = await portal.app.inject({ method: 'GET', url: API.applications.pattern, headers: { cookie } });
    const answer = list.json<LoanApplicationsResponse>();
    expect(answer.lenderAvailable).toBe(true);
    // Resurs' published price signage, for the period the merchant asked for.
    expect(answer.loanApplications[0]?.loan.totalMonthlyPayment).toEqual(expect.any(Number));

    const submitted = await portal.app.inject({ method: 'PATCH', url: API.resursV2Submit.pattern, headers: { cookie, ...XHR }, payload: buildApplyForm(person) });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const customerUrl = published.paymentAnswer.parse(fixture('resurs-v2', 'create-payment').answer).taskRedirectionUrls?.customerUrl ?? '?';
    // The key facts and the SECCI's mail come first (ADR 35); the task page Resurs gave is kept for after them.
    expect(submitted.json<{ callBackUrl: string }>().callBackUrl).toMatch(/\/loan-subscription\/form\/key-facts$/);
    const application = await portal.app.repos.applications.findByReference(reference);
    expect((await portal.app.repos.providerApplications.find(application?.id ?? ''))?.customerUrl).toContain(customerUrl);
    expect(resurs.violations).toEqual([]);
  });

  it('says in its log which products are on and which are off', async () => {
    // What server.ts logs at start, from the same configuration.
    const { describeOffers } = await import('../src/config');
    expect(describeOffers(portal.app.config.offers)).toEqual([
      'consumer credit through Resurs Merchant API 2.0: on in NO, SE',
      'consumer credit through Resurs version 1 (Simplified Shop Flow): off (not configured)',
      'business leasing through GRENKE: off (not configured)',
    ]);
  });
});
