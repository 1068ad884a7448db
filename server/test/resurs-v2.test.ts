import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountryCode, TEST_PEOPLE, type TestPerson } from '@portal/domain';
import { memoryRecorder } from '../src/providers/interactions';
import { createTokenCache, type TokenCache } from '../src/providers/oauth-tokens';
import { findMoneyAction, parseAuthorizationCallback } from '../src/providers/resurs-v2/answers';
import { createResursV2Client } from '../src/providers/resurs-v2/client';
import type { ResursV2CreatePayment } from '../src/providers/resurs-v2/types';
import {
  RESURS_V2_PAYMENTS as PAYMENTS_NAMESPACE,
  RESURS_V2_TOKENS as TOKENS_NAMESPACE,
  type ResursV2Payment as StoredPayment,
  sandboxStore,
} from '@portal/sandbox/testing';
import type { MoneyLine, MoneyOperation, ProviderResult } from '../src/providers/types';
import { apiErrorFor } from '../src/services/provider-errors';
import { nextReference, startTestServer, type TestApp, simulated } from './helpers';

interface Received {
  path: string;
  body: unknown;
}

/** A merchant-side endpoint that collects the simulator's callbacks. */
async function callbackReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      data += chunk;
    });
    request.on('end', () => {
      let body: unknown = data;
      try {
        body = JSON.parse(data);
      } catch {
        // Kept as text: the assertion will show it.
      }
      received.push({ path: request.url ?? '', body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}`, received };
}

async function eventually<T>(find: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Resurs Merchant API 2.0: the adapter against the simulator, over HTTP', () => {
  let t: TestApp & { url: string };
  let hooks: Awaited<ReturnType<typeof callbackReceiver>>;
  let base: string;

  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '400' });
    hooks = await callbackReceiver();
    base = simulated(t.app.config).resursV2.baseUrl;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => hooks?.server.close(resolve));
  });

  /** The adapter with the portal's account of a country (Norway's unless told). */
  const newClient = ({ country = 'NO', ...overrides }: { country?: CountryCode; clientId?: string; clientSecret?: string; tokens?: TokenCache } = {}) => {
    const recorder = memoryRecorder();
    const { baseUrl, accounts } = simulated(t.app.config).resursV2;
    const resurs = createResursV2Client({ baseUrl, ...accounts[country], ...overrides, timeoutMs: t.app.config.providerTimeoutMs, recorder });
    return { resurs, recorder, count: (operation: string) => recorder.interactions.filter((i) => i.operation === operation).length };
  };

  const input = (person: TestPerson, overrides: Partial<ResursV2CreatePayment> = {}): ResursV2CreatePayment => ({
    orderReference: nextReference('r2'),
    countryCode: person.country,
    amount: 15000,
    period: 36,
    items: [{ reference: 'PHN-128', description: 'Phone 128 GB', quantity: 1, unitAmountIncludingVat: 15000 }],
    customer: {
      governmentId: person.nationalId,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      mobilePhone: person.phone,
      address: person.address,
      postalCode: person.postalCode,
      city: person.city,
    },
    successUrl: `${t.url}/shop/success`,
    failUrl: `${t.url}/shop/fail`,
    authorizationCallbackUrl: `${hooks.url}/resurs/authorization`,
    customerIp: '203.0.113.7',
    userAgent: 'vitest',
    ...overrides,
  });

  const person = (kind: TestPerson['resurs']['kind'], country: TestPerson['country'] = 'NO'): TestPerson => {
    const found = TEST_PEOPLE.find((p) => p.resurs.kind === kind && p.country === country);
    if (!found) throw new Error(`no ${country} test person who is ${kind}`);
    return found;
  };

  /** Presses a task page button as the browser's form would (an empty form body), without following the redirect. */
  const press = async (customerUrl: string, action: 'approve' | 'cancel') => {
    const response = await fetch(`${customerUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location') };
  };

  /** Makes `ms` pass for a signed payment by moving its stored signing time back. */
  const letTimePass = (paymentId: string, ms: number) =>
    sandboxStore<StoredPayment>(t.db, PAYMENTS_NAMESPACE).update(paymentId, (payment) => {
      if (!payment || payment.task.state !== 'SIGNED') throw new Error('not a signed payment');
      return { ...payment, task: { ...payment.task, completedAt: new Date(Date.parse(payment.task.completedAt) - ms).toISOString() } };
    });

  const rawToken = async (country: CountryCode = 'NO') => {
    const { clientId, clientSecret } = simulated(t.app.config).resursV2.accounts[country];
    const response = await fetch(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', scope: 'merchant-api' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; expires_in: number; token_type: string };
    expect(body).toMatchObject({ expires_in: 3599, token_type: 'Bearer' });
    return body.access_token;
  };

  it('fetches one token for many calls, shares it between concurrent callers, and renews it when the API answers 401', async () => {
    const { resurs, recorder, count } = newClient();
    const results = await Promise.all([
      resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 }),
      resurs.getPricing({ countryCode: 'NO', amount: 20000, period: 24 }),
      resurs.getPricing({ countryCode: 'NO', amount: 8990, period: 12 }),
    ]);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(await resurs.findPaymentByOrderReference(nextReference('none'))).toEqual({ ok: true, value: null });
    expect(count('getToken')).toBe(1);

    // The simulator forgets every token it issued: the next call is refused once, then renewed.
    await t.db.query('DELETE FROM sandbox_store WHERE namespace = $1', [TOKENS_NAMESPACE]);
    const again = await resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 48 });
    expect(again.ok).toBe(true);
    expect(count('getToken')).toBe(2);
    expect(recorder.interactions).toContainEqual(expect.objectContaining({ operation: 'getPriceSignage', httpStatus: 401, outcome: 'refused' }));
  });

  it('refuses bad client credentials, and API calls without a token it issued', async () => {
    const { resurs, count } = newClient({ clientSecret: 'not-the-secret' });
    const result = await resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 });
    expect(result).toEqual({ ok: false, failure: { kind: 'refused', status: 401 } });
    expect(count('getToken')).toBe(1);

    for (const headers of [{}, { authorization: 'Bearer made-up' }] as Record<string, string>[]) {
      const response = await fetch(`${base}/v2/stores`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: '401', traceId: expect.any(String), timestamp: expect.any(String) });
    }
  });

  it('keeps one token per client in the one cache: shared by every adapter of that client, never handed to a wrong secret', async () => {
    const tokens = createTokenCache();
    const first = newClient({ tokens });
    const second = newClient({ tokens });
    const sweden = newClient({ country: 'SE', tokens });
    expect((await first.resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 })).ok).toBe(true);
    expect((await second.resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 24 })).ok).toBe(true);
    expect((await sweden.resurs.getPricing({ countryCode: 'SE', amount: 15000, period: 24 })).ok).toBe(true);
    expect([first.count('getToken'), second.count('getToken'), sweden.count('getToken')]).toEqual([1, 0, 1]);
    expect(tokens.size).toBe(2);

    // Norway's client id with a made-up secret asks for a token of its own, and is refused.
    const impostor = newClient({ tokens, clientSecret: 'not-the-secret' });
    expect(await impostor.resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 })).toEqual({ ok: false, failure: { kind: 'refused', status: 401 } });
    expect(impostor.count('getToken')).toBe(1);
    expect((await second.resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 48 })).ok).toBe(true);
    expect(second.count('getToken')).toBe(0);
  });

  it("issues an account per country: it sees its own country's store and payments, never the other's", async () => {
    const norway = newClient().resurs;
    const sweden = newClient({ country: 'SE' }).resurs;
    expect(await norway.getPricing({ countryCode: 'SE', amount: 15000, period: 24 })).toMatchObject({
      ok: false,
      failure: { kind: 'refused', code: 'NO_STORE_FOR_COUNTRY' },
    });
    expect(await norway.createPayment(input(person('accepted', 'SE')))).toMatchObject({ ok: false, failure: { kind: 'refused', code: 'NO_STORE_FOR_COUNTRY' } });

    const created = await sweden.createPayment(input(person('accepted', 'SE')));
    if (!created.ok) throw new Error('create failed');
    expect(await sweden.getPayment(created.value.id)).toMatchObject({ ok: true, value: { id: created.value.id } });
    expect(await norway.getPayment(created.value.id)).toMatchObject({ ok: false, failure: { kind: 'refused', status: 404 } });
    expect(await norway.cancelPayment(created.value.id)).toMatchObject({ ok: false, failure: { kind: 'refused', status: 404 } });

    // Straight at the API: Norway's token may not create a payment in Sweden's store.
    const token = await rawToken();
    const stores = (await (await fetch(`${base}/v2/stores`, { headers: { authorization: `Bearer ${token}` } })).json()) as { content: { countryCode: string }[] };
    expect(stores.content.map((store) => store.countryCode)).toEqual(['NO']);
  });

  it('prices part payment in Norway and Sweden with an annuity, its effective rate and the legal documents', async () => {
    const { resurs } = newClient();
    const sweden = newClient({ country: 'SE' }).resurs;
    const no = await resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 });
    const se = await sweden.getPricing({ countryCode: 'SE', amount: 20000, period: 24 });
    if (!no.ok || !se.ok) throw new Error('pricing failed');

    const annuity = (principal: number, yearly: number, months: number) => {
      const r = yearly / 100 / 12;
      return (principal * r) / (1 - (1 + r) ** -months);
    };
    for (const [pricing, fees] of [
      [no.value, { setup: 495, monthly: 45, currency: 'NOK' }],
      [se.value, { setup: 395, monthly: 29, currency: 'SEK' }],
    ] as const) {
      const { loanAmount, loanPeriod, interestRate } = pricing;
      expect(pricing.currency).toBe(fees.currency);
      expect(pricing.totalMonthlyPayment).toBeCloseTo(annuity(loanAmount, interestRate, loanPeriod) + fees.monthly, 2);
      expect(pricing.cost).toBeCloseTo(pricing.totalMonthlyPayment * loanPeriod + fees.setup - loanAmount, 1);
      // The effective rate discounts the payments back to the amount lent (EU formula).
      const payments = Array.from({ length: loanPeriod }, (_, k) => pricing.totalMonthlyPayment + (k === 0 ? fees.setup : 0));
      const presentValue = payments.reduce((sum, p, k) => sum + p / (1 + pricing.effectiveInterestRate / 100) ** ((k + 1) / 12), 0);
      expect(Math.abs(presentValue - loanAmount)).toBeLessThan(2);
      expect(pricing.effectiveInterestRate).toBeGreaterThan(interestRate);
    }
    expect(no.value).toMatchObject({ loanAmount: 15000, loanPeriod: 36, interestRate: 19.95 });
    expect(se.value).toMatchObject({ loanAmount: 20000, loanPeriod: 24, interestRate: 14.95 });

    // The SECCI link got the price appended; the documents are in the store's language.
    const [secci] = no.value.secciLinks;
    expect(secci?.url).toMatch(/\/sandbox\/resurs-v2\/documents\/secci\/[\w-]+\?amount=15000$/);
    const secciPage = await (await fetch(secci?.url ?? '')).text();
    expect(secciPage).toContain('<html lang="nb"');
    expect(secciPage).toContain('Standardisert europeisk opplysningsskjema');
    const terms = await fetch(se.value.generalTermsLinks[0]?.url ?? '');
    expect(terms.status).toBe(200);
    expect(await terms.text()).toContain('<html lang="sv"');

    // A period the store does not offer, and an amount above every limit, are refusals.
    expect(await resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 18 })).toMatchObject({
      ok: false,
      failure: { kind: 'refused', code: 'PERIOD_NOT_OFFERED' },
    });
    expect(await sweden.getPricing({ countryCode: 'SE', amount: 5_000_000, period: 36 })).toMatchObject({
      ok: false,
      failure: { kind: 'refused', code: 'NO_PART_PAYMENT_METHOD' },
    });
  });

  it('creates one payment per order reference, however often it is asked, and keeps the national ID to itself', async () => {
    const { resurs, count } = newClient();
    const kari = person('accepted');
    const order = input(kari);
    const first = await resurs.createPayment(order);
    if (!first.ok) throw new Error(`create failed: ${JSON.stringify(first.failure)}`);
    expect(first.value).toEqual({
      id: expect.any(String),
      orderReference: order.orderReference,
      status: 'TASK_REDIRECTION_REQUIRED',
      customerUrl: `${t.url}/sandbox/resurs-v2/task/${first.value.id}`,
      rejectedReason: null,
      approvedCreditLimit: null,
    });

    const again = await resurs.createPayment(order);
    expect(again).toEqual(first);
    expect(count('createPayment')).toBe(1);
    const stored = await sandboxStore<StoredPayment>(t.db, PAYMENTS_NAMESPACE).findBy('orderReference', order.orderReference);
    expect(stored).toHaveLength(1);
    // The period travels in metadata under a key of our choice: the simulator reads what the adapter writes.
    expect(stored[0]?.data.period).toBe(order.period);

    expect(await resurs.findPaymentByOrderReference(order.orderReference)).toEqual(first);
    expect(await resurs.getTaskStatus(first.value.id)).toEqual({
      ok: true,
      value: { completed: false, customerUrl: first.value.customerUrl, hasActiveTask: true },
    });

    const answer = await fetch(`${base}/v2/payments/${first.value.id}`, { headers: { authorization: `Bearer ${await rawToken()}` } });
    const text = await answer.text();
    expect(text).toContain(order.orderReference);
    expect(text).not.toContain(kari.nationalId);
  });

  it('answers a bad create request with 400 and Resurs’ published error naming the fields', async () => {
    const token = await rawToken();
    const post = (body: unknown) =>
      fetch(`${base}/v2/payments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await post({ storeId: 'nope', order: { orderReference: 'has spaces', orderLines: [] } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { code: string; traceId: string; validationErrors: { fieldName: string }[] };
    expect(body).toMatchObject({ code: '400', message: 'Validation error', traceId: expect.any(String), timestamp: expect.any(String) });
    expect(body.validationErrors.map((e) => e.fieldName)).toEqual(expect.arrayContaining(['paymentMethodId', 'order.orderReference', 'order.orderLines']));

    const { resurs } = newClient();
    const wrongId = await resurs.createPayment(input(person('accepted'), { customer: { ...input(person('accepted')).customer, governmentId: '18087248795' } }));
    expect(wrongId).toMatchObject({ ok: false, failure: { kind: 'refused', status: 400, code: '400' } });
  });

  describe('every test person reaches the status Resurs promises for them', () => {
    // The people refused when the payment is created have no status: see the catalogue codes below.
    const expected: Partial<Record<TestPerson['resurs']['kind'], { first: string; later: string }>> = {
      accepted: { first: 'ACCEPTED', later: 'ACCEPTED' },
      'accepted-final': { first: 'ACCEPTED', later: 'ACCEPTED' },
      rejected: { first: 'REJECTED', later: 'REJECTED' },
      frozen: { first: 'FROZEN', later: 'FROZEN' },
      'frozen-then-accepted': { first: 'FROZEN', later: 'ACCEPTED' },
      'inspection-then-accepted': { first: 'INSPECTION', later: 'ACCEPTED' },
    };
    const decided = TEST_PEOPLE.flatMap((p) => {
      const statuses = expected[p.resurs.kind];
      return statuses ? [[`${p.country} ${p.firstName} (${p.resurs.kind})`, p, statuses] as const] : [];
    });

    it.each(decided)('%s', async (_name, p, statuses) => {
      const { resurs } = newClient({ country: p.country });
      const order = input(p);
      const created = await resurs.createPayment(order);
      if (!created.ok || !created.value.customerUrl) throw new Error('create failed');
      const { id, customerUrl } = created.value;

      // The task page: the person's name and birth date, never the whole national ID.
      const page = await fetch(customerUrl);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`<html lang="${p.country === 'NO' ? 'nb' : 'sv'}"`);
      expect(html).toContain(`${p.firstName} ${p.lastName}`);
      expect(html).toContain(p.nationalId.slice(0, 6));
      expect(html).not.toContain(p.nationalId);
      expect(html).toContain('data-testid="monthly-cost"');

      expect(await press(customerUrl, 'approve')).toEqual({ status: 303, location: order.successUrl });
      const first = await resurs.getPayment(id);
      expect(first).toMatchObject({ ok: true, value: { status: statuses.first, customerUrl: null } });
      if (p.resurs.kind === 'rejected') expect(first).toMatchObject({ value: { rejectedReason: 'CREDIT_DENIED' } });

      const after = 'afterMs' in p.resurs ? p.resurs.afterMs : 24 * 60 * 60 * 1000;
      await letTimePass(id, after);
      const later = await resurs.getPayment(id);
      expect(later).toMatchObject({ ok: true, value: { status: statuses.later } });
      if (statuses.later === 'ACCEPTED') expect(later).toMatchObject({ value: { approvedCreditLimit: 15000 } });

      expect(await resurs.getTaskStatus(id)).toEqual({ ok: true, value: { completed: true, customerUrl: null, hasActiveTask: false } });
      const done = await (await fetch(`${customerUrl}?lang=en`)).text();
      expect(done).toContain('data-testid="done"');
      expect(done).toContain('You have already signed');
    });
  });

  it('lets the customer cancel: REJECTED, ABORTED_BY_CUSTOMER, back to the fail URL, and no signing afterwards', async () => {
    const { resurs } = newClient({ country: 'SE' });
    const order = input(person('accepted', 'SE'));
    const created = await resurs.createPayment(order);
    if (!created.ok || !created.value.customerUrl) throw new Error('create failed');
    const english = await (await fetch(`${created.value.customerUrl}?lang=en`)).text();
    expect(english).toContain('Sign with BankID');
    expect(english).toContain('theme-se');

    expect(await press(created.value.customerUrl, 'cancel')).toEqual({ status: 303, location: order.failUrl });
    expect(await resurs.getPayment(created.value.id)).toMatchObject({
      ok: true,
      value: { status: 'REJECTED', rejectedReason: 'ABORTED_BY_CUSTOMER', customerUrl: null },
    });
    expect(await press(created.value.customerUrl, 'approve')).toEqual({ status: 303, location: order.failUrl });
    expect(await resurs.getPayment(created.value.id)).toMatchObject({ value: { status: 'REJECTED' } });
  });

  describe('answers that carry a catalogue code', () => {
    /** The failure, and what the portal answers for it: HTTP status and errorCode. */
    async function refusalOf(result: Promise<ProviderResult<unknown>>) {
      const answer = await result;
      if (answer.ok) throw new Error('expected a failure');
      const error = apiErrorFor(answer.failure);
      return { failure: answer.failure, http: { status: error.status, errorCode: error.errorCode } };
    }
    const storedFor = (orderReference: string) => sandboxStore<StoredPayment>(t.db, PAYMENTS_NAMESPACE).findBy('orderReference', orderReference);
    const peopleWho = (kind: TestPerson['resurs']['kind']) => TEST_PEOPLE.filter((p) => p.resurs.kind === kind).map((p) => [p.country, p] as const);

    it.each(peopleWho('other-accounts'))(
      'answers UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND when Resurs must look at the other accounts (%s)',
      async (_country, p) => {
        const order = input(p);
        expect(await refusalOf(newClient({ country: p.country }).resurs.createPayment(order))).toEqual({
          failure: { kind: 'refused', status: 422, code: 'CUSTOMER_OTHER_ACCOUNTS_UNCERTAIN', catalogue: 'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND' },
          http: { status: 400, errorCode: 'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND' },
        });
        expect(await storedFor(order.orderReference)).toHaveLength(0);
      },
    );

    it.each(peopleWho('identification-refused'))('answers INVALID_IDENTIFICATION_CODE when Resurs refuses the identification (%s)', async (_country, p) => {
      const order = input(p);
      expect(await refusalOf(newClient({ country: p.country }).resurs.createPayment(order))).toEqual({
        failure: { kind: 'refused', status: 422, code: 'IDENTIFICATION_FAILED', catalogue: 'INVALID_IDENTIFICATION_CODE' },
        http: { status: 400, errorCode: 'INVALID_IDENTIFICATION_CODE' },
      });
      expect(await storedFor(order.orderReference)).toHaveLength(0);
    });

    it.each(peopleWho('payment-missing'))('answers PAYMENT_RESPONSE_MISSING when Resurs creates without answering the payment (%s)', async (_country, p) => {
      const order = input(p);
      expect(await refusalOf(newClient({ country: p.country }).resurs.createPayment(order))).toEqual({
        failure: { kind: 'refused', status: 201, code: 'NO_PAYMENT_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' },
        http: { status: 502, errorCode: 'PAYMENT_RESPONSE_MISSING' },
      });
      // The simulator's answer: 201 Created with no body at all.
      const token = await rawToken(p.country);
      const stores = await fetch(`${base}/v2/stores`, { headers: { authorization: `Bearer ${token}` } });
      const store = ((await stores.json()) as { content: { id: string; countryCode: string }[] }).content.find((c) => c.countryCode === p.country);
      const methods = await fetch(`${base}/v2/stores/${store?.id ?? ''}/payment_methods`, { headers: { authorization: `Bearer ${token}` } });
      const method = ((await methods.json()) as { content: { id: string; type: string }[] }).content.find((m) => m.type === 'RESURS_PART_PAYMENT');
      const raw = await fetch(`${base}/v2/payments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          storeId: store?.id,
          paymentMethodId: method?.id,
          order: { orderReference: nextReference('raw'), orderLines: [{ quantity: 1, quantityUnit: 'st', vatRate: 25, totalAmountIncludingVat: 15000 }] },
          customer: { customerType: 'NATURAL', governmentId: p.nationalId },
        }),
      });
      expect(raw.status).toBe(201);
      expect(await raw.text()).toBe('');
    });

    it.each(peopleWho('accepted-final'))('answers PAYMENT_STATUS_FINAL when asked to cancel a captured payment (%s)', async (_country, p) => {
      const { resurs } = newClient({ country: p.country });
      const created = await resurs.createPayment(input(p));
      if (!created.ok || !created.value.customerUrl) throw new Error('create failed');
      expect((await press(created.value.customerUrl, 'approve')).status).toBe(303);
      expect(await refusalOf(resurs.cancelPayment(created.value.id))).toEqual({
        failure: { kind: 'refused', status: 409, code: '409', catalogue: 'PAYMENT_STATUS_FINAL' },
        http: { status: 409, errorCode: 'PAYMENT_STATUS_FINAL' },
      });
      expect(await resurs.getPayment(created.value.id)).toMatchObject({ ok: true, value: { status: 'ACCEPTED' } });
    });
  });

  describe('cancelPayment', () => {
    const rawPayment = async (paymentId: string, country: CountryCode = 'NO') => {
      const response = await fetch(`${base}/v2/payments/${paymentId}`, { headers: { authorization: `Bearer ${await rawToken(country)}` } });
      return (await response.json()) as { status: string; order: Record<string, unknown> };
    };

    it('cancels a payment whose task is still open: REJECTED with CANCELED, the task page closed, no callback', async () => {
      const { resurs, count } = newClient();
      const order = input(person('accepted'));
      const created = await resurs.createPayment(order);
      if (!created.ok || !created.value.customerUrl) throw new Error('create failed');
      expect(await resurs.cancelPayment(created.value.id)).toEqual({ ok: true, value: undefined });
      expect(await resurs.getPayment(created.value.id)).toEqual({
        ok: true,
        value: { ...created.value, status: 'REJECTED', rejectedReason: 'CANCELED', customerUrl: null },
      });
      expect(await resurs.getTaskStatus(created.value.id)).toMatchObject({ ok: true, value: { completed: true, hasActiveTask: false } });
      const page = await (await fetch(`${created.value.customerUrl}?lang=en`)).text();
      expect(page).toContain('This application was cancelled.');
      // The customer can no longer sign it.
      expect(await press(created.value.customerUrl, 'approve')).toEqual({ status: 303, location: order.failUrl });
      expect(await resurs.getPayment(created.value.id)).toMatchObject({ value: { status: 'REJECTED', rejectedReason: 'CANCELED' } });

      // Cancelling again is done, whatever Resurs answers to it.
      expect(await resurs.cancelPayment(created.value.id)).toEqual({ ok: true, value: undefined });
      expect(count('cancelPayment')).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(hooks.received.filter((r) => parseAuthorizationCallback(r.body)?.paymentId === created.value.id)).toHaveLength(0);
    });

    it('cancels an accepted payment that is not captured: nothing authorized, all of it cancelled', async () => {
      const { resurs } = newClient({ country: 'SE' });
      const created = await resurs.createPayment(input(person('accepted', 'SE')));
      if (!created.ok || !created.value.customerUrl) throw new Error('create failed');
      expect((await press(created.value.customerUrl, 'approve')).status).toBe(303);
      expect((await rawPayment(created.value.id, 'SE')).order).toMatchObject({
        authorizedAmount: 15000,
        possibleActions: [{ action: 'CAPTURE' }, { action: 'PARTIAL_CAPTURE' }, { action: 'CANCEL' }, { action: 'PARTIAL_CANCEL' }],
      });

      expect(await resurs.cancelPayment(created.value.id)).toEqual({ ok: true, value: undefined });
      expect(await resurs.getPayment(created.value.id)).toMatchObject({ ok: true, value: { status: 'REJECTED', rejectedReason: 'CANCELED' } });
      // [S] Both ways Resurs' own library reads a cancelled payment hold.
      const raw = await rawPayment(created.value.id, 'SE');
      expect(raw).toMatchObject({ status: 'REJECTED', order: { authorizedAmount: 0, canceledAmount: 15000, totalOrderAmount: 15000, possibleActions: [] } });
    });

    it('leaves a rejected payment as it is: nothing is left to cancel', async () => {
      const { resurs } = newClient();
      const created = await resurs.createPayment(input(person('rejected')));
      if (!created.ok || !created.value.customerUrl) throw new Error('create failed');
      expect((await press(created.value.customerUrl, 'approve')).status).toBe(303);
      expect(await resurs.cancelPayment(created.value.id)).toEqual({ ok: true, value: undefined });
      expect(await resurs.getPayment(created.value.id)).toMatchObject({ ok: true, value: { status: 'REJECTED', rejectedReason: 'CREDIT_DENIED' } });
    });

    it('refuses a payment it does not know', async () => {
      expect(await newClient().resurs.cancelPayment('00000000-0000-4000-8000-000000000000')).toEqual({
        ok: false,
        failure: { kind: 'refused', status: 404, code: '404' },
      });
    });
  });

  describe('after the sale: capture, refund and cancel', () => {
    /** An accepted payment of 15 000 (one line), signed by the customer. */
    const acceptedPayment = async (kind: TestPerson['resurs']['kind'] = 'accepted', country: CountryCode = 'NO') => {
      const client = newClient({ country });
      const created = await client.resurs.createPayment(input(person(kind, country)));
      if (!created.ok || !created.value.customerUrl) throw new Error('create failed');
      expect((await press(created.value.customerUrl, 'approve')).status).toBe(303);
      return { ...client, paymentId: created.value.id, customerUrl: created.value.customerUrl };
    };
    const line = (amount: number, description = 'Phone 128 GB'): MoneyLine => ({ reference: 'PHN-128', description, quantity: 1, unitAmountIncludingVat: amount, vatPercent: 25 });
    const op = (operationId: string, ...amounts: number[]): MoneyOperation => ({
      operationId,
      scope: amounts.length === 0 ? { kind: 'all' } : { kind: 'lines', lines: amounts.map((amount) => line(amount)) },
    });
    const ids = (name: string) => `${name}-${randomUUID()}`;
    const rawOrder = async (paymentId: string, country: CountryCode = 'NO') => {
      const response = await fetch(`${base}/v2/payments/${paymentId}`, { headers: { authorization: `Bearer ${await rawToken(country)}` } });
      return ((await response.json()) as { order: Record<string, unknown> }).order;
    };
    /** The failure, and what the portal answers for it: HTTP status and errorCode. */
    async function refusalOf(result: Promise<ProviderResult<unknown>>) {
      const answer = await result;
      if (answer.ok) throw new Error(`expected a failure, got ${JSON.stringify(answer.value)}`);
      const error = apiErrorFor(answer.failure);
      return { failure: answer.failure, http: { status: error.status, errorCode: error.errorCode } };
    }
    const plain = (status: number) => ({ failure: { kind: 'refused', status, code: String(status) }, http: { status: 400, errorCode: 'REQUEST_ERROR' } });
    const final = (status: number) => ({
      failure: { kind: 'refused', status, code: String(status), catalogue: 'PAYMENT_STATUS_FINAL' },
      http: { status: 409, errorCode: 'PAYMENT_STATUS_FINAL' },
    });

    it('captures in two parts, refunds one part and cancels the rest: the adapter, the log and the simulator agree at every step', async () => {
      const { resurs, paymentId } = await acceptedPayment();
      const [first, second, refund, cancel] = [ids('capture'), ids('capture'), ids('refund'), ids('cancel')];
      expect(await resurs.getPaymentMoney(paymentId)).toMatchObject({ ok: true, value: { money: { authorized: 15000, captured: 0, refunded: 0, cancelled: 0 } } });

      expect(await resurs.capturePayment(paymentId, op(first, 6000))).toEqual({ ok: true, value: { authorized: 15000, captured: 6000, refunded: 0, cancelled: 0 } });
      // The second part as an amount: one line.
      expect(await resurs.capturePayment(paymentId, op(second, 4000))).toEqual({ ok: true, value: { authorized: 15000, captured: 10000, refunded: 0, cancelled: 0 } });
      expect(await resurs.refundPayment(paymentId, op(refund, 2500))).toEqual({ ok: true, value: { authorized: 15000, captured: 10000, refunded: 2500, cancelled: 0 } });
      expect(await resurs.cancelPayment(paymentId, op(cancel))).toEqual({ ok: true, value: { authorized: 15000, captured: 10000, refunded: 2500, cancelled: 5000 } });

      const read = await resurs.getPaymentMoney(paymentId);
      if (!read.ok) throw new Error('unread');
      expect(read.value).toMatchObject({ status: 'ACCEPTED', money: { authorized: 15000, captured: 10000, refunded: 2500, cancelled: 5000 }, possibleActions: ['REFUND', 'PARTIAL_REFUND'] });
      expect(read.value.actions.map(({ type, amount }) => [type, amount])).toEqual([
        ['CREATE', 15000],
        ['CAPTURE', 6000],
        ['CAPTURE', 4000],
        ['REFUND', 2500],
        ['CANCEL', 5000],
      ]);
      expect([findMoneyAction(read.value, 'capture', first)?.amount, findMoneyAction(read.value, 'capture', second)?.amount, findMoneyAction(read.value, 'refund', refund)?.amount]).toEqual([
        6000, 4000, 2500,
      ]);
      expect(findMoneyAction(read.value, 'cancel', cancel)).toMatchObject({ amount: 5000, creator: cancel, transactionId: null });
      expect(await rawOrder(paymentId)).toMatchObject({ authorizedAmount: 0, capturedAmount: 10000, refundedAmount: 2500, canceledAmount: 5000, totalOrderAmount: 15000 });
      // The payment itself is still the accepted one the flow knows.
      expect(await resurs.getPayment(paymentId)).toMatchObject({ ok: true, value: { status: 'ACCEPTED', rejectedReason: null } });
    });

    it('sends an operation once: a retry with the same id, or one after a crash between sending and recording, is answered from the log', async () => {
      const { resurs, paymentId, count } = await acceptedPayment('accepted', 'SE');
      const first = op(ids('capture'), 5000);
      expect(await resurs.capturePayment(paymentId, first)).toEqual({ ok: true, value: { authorized: 15000, captured: 5000, refunded: 0, cancelled: 0 } });
      expect(await resurs.capturePayment(paymentId, first)).toEqual({ ok: true, value: { authorized: 15000, captured: 5000, refunded: 0, cancelled: 0 } });
      expect(count('capturePayment')).toBe(1);

      // Sent by an earlier process that crashed before it could record the answer.
      const crashed = ids('capture');
      const sent = await fetch(`${base}/v2/payments/${paymentId}/capture`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await rawToken('SE')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ transactionId: crashed, orderLines: [{ quantity: 1, quantityUnit: 'st', vatRate: 25, totalAmountIncludingVat: 3000 }] }),
      });
      expect(sent.status).toBe(200);
      expect(await resurs.capturePayment(paymentId, op(crashed, 3000))).toEqual({ ok: true, value: { authorized: 15000, captured: 8000, refunded: 0, cancelled: 0 } });
      expect(count('capturePayment')).toBe(1);

      const cancel = op(ids('cancel'), 1000);
      expect((await resurs.cancelPayment(paymentId, cancel)).ok).toBe(true);
      expect(await resurs.cancelPayment(paymentId, cancel)).toEqual({ ok: true, value: { authorized: 15000, captured: 8000, refunded: 0, cancelled: 1000 } });
      expect(count('cancelPayment')).toBe(1);
      expect(await rawOrder(paymentId, 'SE')).toMatchObject({ capturedAmount: 8000, canceledAmount: 1000, authorizedAmount: 6000 });
    });

    it('refuses more than there is as a plain refusal, and what the payment can no longer do as PAYMENT_STATUS_FINAL', async () => {
      const { resurs, paymentId } = await acceptedPayment();
      // Nothing captured: more than authorized, and a refund.
      expect(await refusalOf(resurs.capturePayment(paymentId, op(ids('capture'), 15000.01)))).toEqual(plain(400));
      expect(await refusalOf(resurs.refundPayment(paymentId, op(ids('refund'))))).toEqual(plain(409));
      expect((await resurs.capturePayment(paymentId, op(ids('capture'), 10000))).ok).toBe(true);
      expect(await refusalOf(resurs.refundPayment(paymentId, op(ids('refund'), 10000.5)))).toEqual(plain(400));
      expect(await refusalOf(resurs.cancelPayment(paymentId, op(ids('cancel'), 6000)))).toEqual(plain(400));
      expect((await resurs.cancelPayment(paymentId, op(ids('cancel')))).ok).toBe(true);
      // Captured in part, the rest cancelled: nothing left to capture or cancel.
      expect(await refusalOf(resurs.capturePayment(paymentId, op(ids('capture'))))).toEqual(final(409));
      expect(await refusalOf(resurs.cancelPayment(paymentId, op(ids('cancel'), 100)))).toEqual(final(409));
      expect((await resurs.refundPayment(paymentId, op(ids('refund')))).ok).toBe(true);
      expect(await refusalOf(resurs.refundPayment(paymentId, op(ids('refund'), 100)))).toEqual(final(409));
      expect(await rawOrder(paymentId)).toMatchObject({ authorizedAmount: 0, capturedAmount: 10000, refundedAmount: 10000, canceledAmount: 5000 });
    });

    it('refuses a capture after a full cancel, on a declined payment and on one not yet accepted; and the cancel of a captured payment', async () => {
      const cancelled = await acceptedPayment('accepted', 'SE');
      expect(await cancelled.resurs.cancelPayment(cancelled.paymentId, op(ids('cancel')))).toEqual({ ok: true, value: { authorized: 15000, captured: 0, refunded: 0, cancelled: 15000 } });
      expect(await cancelled.resurs.getPayment(cancelled.paymentId)).toMatchObject({ ok: true, value: { status: 'REJECTED', rejectedReason: 'CANCELED' } });
      expect(await refusalOf(cancelled.resurs.capturePayment(cancelled.paymentId, op(ids('capture'))))).toEqual(final(409));

      const declined = await acceptedPayment('rejected');
      expect(await refusalOf(declined.resurs.capturePayment(declined.paymentId, op(ids('capture'), 100)))).toEqual(final(409));

      const { resurs } = newClient();
      const open = await resurs.createPayment(input(person('accepted')));
      if (!open.ok) throw new Error('create failed');
      expect(await refusalOf(resurs.capturePayment(open.value.id, op(ids('capture'))))).toEqual(plain(409));

      const captured = await acceptedPayment('accepted-final');
      expect(await refusalOf(captured.resurs.cancelPayment(captured.paymentId, op(ids('cancel'))))).toEqual(final(409));
      expect(await captured.resurs.getPaymentMoney(captured.paymentId)).toMatchObject({ ok: true, value: { money: { authorized: 15000, captured: 15000, refunded: 0, cancelled: 0 }, possibleActions: ['REFUND', 'PARTIAL_REFUND'] } });

      expect(await newClient().resurs.capturePayment('00000000-0000-4000-8000-000000000000', op(ids('capture')))).toEqual({ ok: false, failure: { kind: 'refused', status: 404, code: '404' } });
    });
  });

  it('sends authorization callbacks after signing and when a delayed decision flips, and survives a dead callback URL', async () => {
    const { resurs } = newClient();
    const signed = async (p: TestPerson, overrides: Partial<ResursV2CreatePayment> = {}) => {
      const created = await resurs.createPayment(input(p, overrides));
      if (!created.ok || !created.value.customerUrl) throw new Error('create failed');
      expect((await press(created.value.customerUrl, 'approve')).status).toBe(303);
      return created.value.id;
    };
    const callbackFor = (paymentId: string, status: string) =>
      eventually(() => hooks.received.find((r) => parseAuthorizationCallback(r.body)?.paymentId === paymentId && parseAuthorizationCallback(r.body)?.status === status));

    const accepted = await signed(person('accepted'));
    const callback = await callbackFor(accepted, 'AUTHORIZED');
    expect(callback.path).toBe('/resurs/authorization');
    expect(callback.body).toEqual({ paymentId: accepted, status: 'AUTHORIZED', created: expect.any(String) });

    const delayed = await signed(person('frozen-then-accepted'));
    await callbackFor(delayed, 'FROZEN');
    await letTimePass(delayed, 5000);
    // Reading the payment finds the flip and calls back once more.
    expect(await resurs.getPayment(delayed)).toMatchObject({ value: { status: 'ACCEPTED' } });
    await callbackFor(delayed, 'AUTHORIZED');
    await resurs.getPayment(delayed);
    expect(hooks.received.filter((r) => parseAuthorizationCallback(r.body)?.paymentId === delayed)).toHaveLength(2);

    const unreachable = await signed(person('rejected'), { authorizationCallbackUrl: 'http://127.0.0.1:9/nobody-listens' });
    expect(await resurs.getPayment(unreachable)).toMatchObject({ ok: true, value: { status: 'REJECTED' } });
  });

  it('maps every fault mode of the simulator to the failure the portal expects', async () => {
    const setFault = async (mode: string) => {
      const response = await fetch(`${t.url}/sandbox/control/faults/resurs-v2`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      });
      expect(response.status).toBe(200);
    };
    const cases = [
      ['down', { kind: 'unavailable', reason: 'server-error', status: 503 }],
      ['unreachable', { kind: 'unavailable', reason: 'network' }],
      ['slow', { kind: 'unavailable', reason: 'timeout' }],
      ['rate-limited', { kind: 'rate-limited', retryAfterSeconds: 900 }],
    ] as const;
    const warm = newClient();
    expect((await warm.resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 })).ok).toBe(true);
    try {
      for (const [mode, failure] of cases) {
        await setFault(mode);
        // A fresh adapter fails at the token, a warm one at the API call: both map alike.
        expect(await newClient().resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 })).toEqual({ ok: false, failure });
        expect(await warm.resurs.getPayment('00000000-0000-4000-8000-000000000000')).toEqual({ ok: false, failure });
      }
    } finally {
      await setFault('normal');
    }
    expect((await warm.resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 })).ok).toBe(true);
  });

  it('reads past unreadable entries, and treats an answer it cannot read as a failure, never a crash', async () => {
    // A Resurs that answers oddly: a junk store and a junk method beside good ones (in the older
    // spelling of the list, which is read too), then worse.
    const answers: Record<string, unknown> = {
      '/oauth2/token': { access_token: 'fake-token', expires_in: 3599, token_type: 'Bearer' },
      '/v2/stores': { content: [{ id: 42 }, { id: 'store-no', countryCode: 'NO', name: 'Fake' }] },
      '/v2/stores/store-no/payment_methods': {
        paymentMethods: [
          { id: 'card', type: 'CARD', minPurchaseLimit: null },
          { id: 'pp', type: 'RESURS_PART_PAYMENT', minPurchaseLimit: 100, maxPurchaseLimit: 50000, enabledForNaturalCustomer: true },
        ],
      },
      '/v2/stores/store-no/payment_methods/pp/price_signage': {
        costList: [{ months: 12, monthlyCost: 900, totalCost: 10800, interest: 10, effectiveInterest: 11.5 }],
      },
      '/v2/payments/new-status': { id: 'new-status', status: 'SOMETHING_NEW', order: { orderReference: 'r' } },
      '/v2/payments/not-json': '<html>oops</html>',
      '/v2/payments/no-id': { status: 'ACCEPTED', order: { orderReference: 'r' } },
      '/v2/payments/odd/tasks/status': { completed: 'yes' },
    };
    const fake = createServer((request, response) => {
      const answer = answers[(request.url ?? '').split('?')[0] ?? ''];
      request.resume();
      response.statusCode = answer === undefined ? 404 : 200;
      response.setHeader('content-type', typeof answer === 'string' ? 'text/html' : 'application/json');
      response.end(typeof answer === 'string' ? answer : JSON.stringify(answer ?? { code: 'NOT_FOUND' }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const address = fake.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const resurs = createResursV2Client({
        baseUrl: `http://127.0.0.1:${port}`,
        clientId: 'id',
        clientSecret: 'secret',
        storeId: 'store-no',
        timeoutMs: 400,
        recorder: memoryRecorder(),
      });
      expect(await resurs.getPricing({ countryCode: 'NO', amount: 9000, period: 12 })).toMatchObject({
        ok: true,
        value: { currency: 'NOK', totalMonthlyPayment: 900, cost: 1800, interestRate: 10, effectiveInterestRate: 11.5, secciLinks: [] },
      });
      expect(await resurs.getPricing({ countryCode: 'SE', amount: 9000, period: 12 })).toMatchObject({
        ok: false,
        failure: { kind: 'refused', code: 'NO_STORE_FOR_COUNTRY' },
      });
      // A status Resurs does not list is not guessed at: the caller keeps the last known one.
      expect(await resurs.getPayment('new-status')).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'status' } });
      // A 2xx without a readable payment is an answer without the payment it should carry.
      const missing = { ok: false, failure: { kind: 'refused', status: 200, code: 'NO_PAYMENT_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' } };
      expect(await resurs.getPayment('not-json')).toEqual(missing);
      expect(await resurs.getPayment('no-id')).toEqual(missing);
      expect(await resurs.getTaskStatus('odd')).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'completed' } });
      expect(await resurs.getPayment('missing')).toEqual({ ok: false, failure: { kind: 'refused', status: 404, code: 'NOT_FOUND' } });
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it('records every call against the application, with no personal data', async () => {
    const { resurs, recorder } = newClient();
    const ola = TEST_PEOPLE.find((p) => p.nationalId === '27028809552');
    if (!ola) throw new Error('no test person');
    const context = { applicationId: '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b' };
    const pricing = await resurs.getPricing({ countryCode: 'NO', amount: 15000, period: 36 }, context);
    const created = await resurs.createPayment(input(ola), context);
    if (!pricing.ok || !created.ok) throw new Error('calls failed');
    await resurs.getPayment(created.value.id, context);
    await resurs.getTaskStatus(created.value.id, context);

    const operations = recorder.interactions.map((i) => i.operation);
    expect(operations).toEqual([
      'getToken',
      'getStores',
      'getPaymentMethods',
      'getPriceSignage',
      'searchPayments',
      'createPayment',
      'getPayment',
      'getTaskStatus',
    ]);
    expect(recorder.interactions.every((i) => i.provider === 'resurs-v2' && i.applicationId === context.applicationId && i.outcome === 'ok')).toBe(true);
    const logged = JSON.stringify(recorder.interactions);
    for (const secret of [ola.nationalId, ola.email, ola.phone, ola.phone.replace(/\s/g, ''), ola.lastName, ola.address]) {
      expect(logged).not.toContain(secret);
    }
  });
});
