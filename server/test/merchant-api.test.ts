import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusinessApplication, buildPrivateApplication, MERCHANT_API } from '@portal/domain';
import { createTestApp, ENGINES, merchantAuth, nextReference, type TestApp } from './helpers';
import { DEMO_MERCHANT } from '../src/sandbox-mode/demo-merchant';

const url = MERCHANT_API.applications.pattern;

describe.each(ENGINES)('merchant API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const create = (payload: unknown, headers: Record<string, string> = merchantAuth) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const count = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications'))[0]?.n);

  it('refuses a call without an API key or with a wrong one', async () => {
    const body = buildPrivateApplication();
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-the-key-at-all' }, { authorization: 'Basic abc' }];
    for (const headers of attempts) {
      const response = await create(body, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, errorCode: 'INVALID_CREDENTIALS' });
    }
  });

  it('creates an application and answers its reference and apply URL', async () => {
    const body = buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() });
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    const created = response.json<{ reference: string; applyUrl: string; status: string }>();
    expect(created.status).toBe('CREATED');
    // At least 128 bits of randomness, URL-safe.
    expect(created.reference).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(created.applyUrl).toBe(`http://localhost:3000/loan-subscription/${created.reference}?countryCode=NO`);
  });

  it('answers the same request again with the same application (200), and a different one with 409', async () => {
    const body = buildPrivateApplication('198305147715', { merchantPaymentReference: nextReference() });
    const first = await create(body);
    expect(first.statusCode).toBe(201);

    // Same content, keys in another order: still the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await create(reordered);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const different = await create({ ...body, loan: { loanAmount: 16000, loanPeriod: 36 }, items: [] });
    expect(different.statusCode).toBe(409);
    expect(different.json()).toMatchObject({ status: 409, errorCode: 'REQUEST_ERROR' });
  });

  it('creates one application when the same request arrives many times at once', async () => {
    const body = buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() });
    const responses = await Promise.all(Array.from({ length: 10 }, () => create(body)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect(new Set(responses.map((r) => r.json<{ reference: string }>().reference)).size).toBe(1);
  });

  it('refuses callback and webhook URLs outside the merchant allow-list', async () => {
    const before = await count();
    const response = await create(
      buildPrivateApplication('18087248794', {
        callbackUrl: 'https://evil.example.com/return',
        webhookUrl: 'http://localhost.evil.example.com:3000/hook',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'REQUEST_ERROR',
      fieldErrors: {
        callbackUrl: "This address is not on the merchant's list of allowed addresses",
        webhookUrl: "This address is not on the merchant's list of allowed addresses",
      },
    });
    expect(await count()).toBe(before);
  });

  // The demo shop lives on the portal's own origin, so the demo merchant's allow-list holds that
  // origin: its callbacks and webhooks may go to the shop, never into the portal itself.
  it.each([
    ['the client API', 'http://localhost:3000/api/loan-application/leave'],
    ['the merchant API', 'http://localhost:3000/api/merchant/v1/applications/x/cancel'],
    ['the SPA', 'http://localhost:3000/loan-subscription/form/payment'],
    ['the simulators', 'http://127.0.0.1:3000/sandbox/control/faults/resurs-v2'],
    ['the client API by another loopback name', 'http://127.0.0.1:3000/api/loan-application/logout'],
    ['the client API through a dot segment', 'http://localhost:3000/demo-shop/%2e%2e/api/loan-application/logout'],
  ])('refuses callback and webhook URLs into the portal itself: %s', async (_what, target) => {
    const before = await count();
    const response = await create(buildPrivateApplication('18087248794', { callbackUrl: target, webhookUrl: target }));
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['callbackUrl', 'webhookUrl']);
    expect(await count()).toBe(before);
  });

  it("refuses a merchant's default webhook URL into the portal itself, as one sent with the application", async () => {
    await t.app.repos.merchants.update(DEMO_MERCHANT.id, { webhookUrl: 'http://localhost:3000/api/loan-application/leave' });
    try {
      const before = await count();
      const { webhookUrl: _sent, ...withoutWebhook } = buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() });
      const response = await create(withoutWebhook);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['webhookUrl']);
      expect(await count()).toBe(before);
    } finally {
      await t.app.repos.merchants.update(DEMO_MERCHANT.id, { webhookUrl: null });
    }
  });

  it("accepts the demo shop's own addresses on the portal's origin", async () => {
    const response = await create(buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }));
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each([
    ['an invalid national ID (check digit)', { customer: { nationalId: '18087248795' } }, 'customer.nationalId', 'Invalid social security number'],
    ['a Swedish number for Norway', { customer: { nationalId: '198305147715' } }, 'customer.nationalId', 'Invalid social security number'],
    ['a wrong e-mail', { customer: { email: 'kari@example' } }, 'customer.email', 'Value is in a wrong format'],
    ['a Swedish phone for Norway', { customer: { phone: '070-123 45 67' } }, 'customer.phone', 'Value is in a wrong format'],
    ['a missing first name', { customer: { firstName: null } }, 'customer.firstName', 'This field is required'],
    ['a zero amount', { loan: { loanAmount: 0 } }, 'loan.loanAmount', 'The value must be at least 1'],
    ['a period in days', { loan: { loanPeriod: 36.5 } }, 'loan.loanPeriod', 'The value has the wrong type'],
    ['items that do not add up', { items: [{ sku: 'A', name: 'A', quantity: 2, unitPrice: 100 }] }, 'loan.loanAmount', 'The loan amount must equal the sum of the items'],
  ])('refuses %s with a field error and stores nothing', async (_name, overrides, field, message) => {
    const before = await count();
    const response = await create(buildPrivateApplication('18087248794', overrides as never));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errorCode: string; fieldErrors: Record<string, string> }>();
    expect(body.errorCode).toBe('REQUEST_ERROR');
    expect(body.fieldErrors[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses an invalid organisation number for a business and an unknown country', async () => {
    const business = await create(buildBusinessApplication('892831270', { customer: { organisationNumber: '892831271' } }));
    expect(business.statusCode).toBe(400);
    expect(business.json()).toMatchObject({ fieldErrors: { 'customer.organisationNumber': 'Invalid organisation number' } });

    const country = await create({ ...buildPrivateApplication(), countryCode: 'DK' });
    expect(country.json()).toMatchObject({ fieldErrors: { countryCode: 'Choose one of the allowed values' } });
  });

  it('answers missing and unknown fields, wrong types, malformed JSON and oversized bodies with 400', async () => {
    const unknown = await create({ ...buildPrivateApplication(), discount: 10 });
    expect(unknown.json()).toMatchObject({ status: 400, fieldErrors: { discount: 'Unknown field' } });

    const { merchantPaymentReference: _, ...missing } = buildPrivateApplication();
    expect((await create(missing)).json()).toMatchObject({ fieldErrors: { merchantPaymentReference: 'This field is required' } });

    const wrongType = await create({ ...buildPrivateApplication(), loan: { loanAmount: '15000', loanPeriod: 36 } });
    expect(wrongType.json()).toMatchObject({ fieldErrors: { 'loan.loanAmount': 'The value has the wrong type' } });

    const malformed = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...merchantAuth, 'content-type': 'application/json' },
      payload: '{"merchantPaymentReference": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errorCode: 'REQUEST_ERROR', fieldErrors: { body: 'The request body is not valid JSON' } });

    const huge = await create({ ...buildPrivateApplication(), padding: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ errorCode: 'REQUEST_ERROR', fieldErrors: { body: 'The request body is too large' } });

    const poisoned = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...merchantAuth, 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json<{ errorCode: string }>().errorCode).toBe('REQUEST_ERROR');
  });

  it('answers field errors in the language the caller asks for', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...merchantAuth, 'accept-language': 'nb-NO,nb;q=0.9' },
      payload: buildPrivateApplication('18087248794', { customer: { email: 'x' } }),
    });
    expect(response.json()).toMatchObject({ fieldErrors: { 'customer.email': 'Verdien har feil format' } });
  });

  it('reads status and timeline by merchant reference, never revealing it to a wrong key', async () => {
    const reference = nextReference();
    await create(buildBusinessApplication('892831270', { merchantPaymentReference: reference }));
    const read = await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: reference }), headers: merchantAuth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      merchantPaymentReference: reference,
      customerType: 'LEGAL',
      status: 'CREATED',
      outcome: null,
      timeline: [{ type: 'application.created', status: 'CREATED' }],
    });
    expect(read.body).not.toContain('18087248794');

    const wrongKey = await t.app.inject({
      method: 'GET',
      url: MERCHANT_API.application.url({ merchantPaymentReference: reference }),
      headers: { authorization: 'Bearer wrong-key-123' },
    });
    const unknownWithWrongKey = await t.app.inject({
      method: 'GET',
      url: MERCHANT_API.application.url({ merchantPaymentReference: 'no-such-order' }),
      headers: { authorization: 'Bearer wrong-key-123' },
    });
    expect(wrongKey.statusCode).toBe(401);
    expect(unknownWithWrongKey.statusCode).toBe(401);
    expect(wrongKey.body).toBe(unknownWithWrongKey.body);

    const unknown = await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: 'no-such-order' }), headers: merchantAuth });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: 'APPLICATION_NOT_FOUND' });
  });

  it('serves an OpenAPI 3.1 document of the merchant API only', async () => {
    const response = await t.app.inject({ method: 'GET', url: MERCHANT_API.openApi.pattern });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/merchant/v1/applications',
      '/api/merchant/v1/applications/{merchantPaymentReference}',
      '/api/merchant/v1/applications/{merchantPaymentReference}/cancel',
      '/api/merchant/v1/applications/{merchantPaymentReference}/capture',
      '/api/merchant/v1/applications/{merchantPaymentReference}/confirm-delivery',
      '/api/merchant/v1/applications/{merchantPaymentReference}/refund',
    ]);
  });
});

describe('merchant API of a portal that offers only some products (each provider on its own)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Business leasing only in Norway, and consumer credit only through the Merchant API, in Sweden only.
    t = await createTestApp('pglite', {}, undefined, undefined, (config) => ({ ...config, offers: { resursV2: ['SE'], resursV1: [], business: ['NO'] } }));
  });
  afterAll(async () => t.close());

  const create = (payload: unknown) => t.app.inject({ method: 'POST', url, headers: merchantAuth, payload: payload as object });

  it('refuses an application for a product not offered in its country, saying which, and creates nothing', async () => {
    const swedishBusiness = buildBusinessApplication('6997368573', { merchantPaymentReference: nextReference() });
    const refused = await create(swedishBusiness);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'REQUEST_ERROR',
      message: 'Business leasing (customer.type LEGAL) is not offered in SE by this portal: its lender is not configured there',
      fieldErrors: { 'customer.type': 'This portal does not offer this product in the chosen country' },
    });
    const norwegianConsumer = await create(buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }));
    expect(norwegianConsumer.statusCode).toBe(400);
    expect(norwegianConsumer.json()).toMatchObject({ message: expect.stringMatching(/^Consumer credit \(customer.type PRIVATE\) is not offered in NO/) });
  });

  it('serves what is offered: a Swedish consumer application (either version, through the Merchant API) and a Norwegian business one', async () => {
    for (const version of [1, 2] as const) {
      expect((await create(buildPrivateApplication('198305147715', { merchantPaymentReference: nextReference(), version }))).statusCode).toBe(201);
    }
    expect((await create(buildBusinessApplication('892831270', { merchantPaymentReference: nextReference() }))).statusCode).toBe(201);
  });
});
