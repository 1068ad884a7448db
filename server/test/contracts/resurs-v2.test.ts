/**
 * Resurs Merchant API 2.0 held to what Resurs publishes (contracts/src/resurs-v2): the adapter
 * against a stand-in built only from that material, and the sandbox's simulator against the same
 * shapes and examples. Neither side is checked against the other.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shapeDiff, violations } from '@portal/contracts';
import { fixture } from '@portal/contracts/fixtures';
import * as published from '@portal/contracts/resurs-v2/schemas';
import { type StandIn, standIn, type StandInAnswer, type StandInRoute } from '@portal/contracts/stand-in';
import { API, TEST_PEOPLE } from '@portal/domain';
import { eventOfPayment } from '../../src/lenders/resurs-v2/flow';
import { memoryRecorder } from '../../src/providers/interactions';
import { findMoneyAction } from '../../src/providers/resurs-v2/answers';
import { createResursV2Client } from '../../src/providers/resurs-v2/client';
import type { ResursV2CreatePayment } from '../../src/providers/resurs-v2/types';
import type { MoneyOperation } from '../../src/providers/types';
import { apiErrorFor } from '../../src/services/provider-errors';
import { call as clientCall, startConsumer } from '../flow-helpers';
import { startTestServer, type TestApp } from '../helpers';

const example = (name: string) => fixture('resurs-v2', name);
const answerOf = (name: string): unknown => example(name).answer;

/** Deep copy of a published answer, as an object to change one field of. */
const copyOf = (name: string): Record<string, unknown> => JSON.parse(JSON.stringify(answerOf(name))) as Record<string, unknown>;

type Overrides = Partial<
  Record<
    'stores' | 'paymentMethods' | 'priceSignage' | 'search' | 'create' | 'payment' | 'taskStatus' | 'cancel' | 'capture' | 'refund',
    StandInAnswer | ((request: { query: URLSearchParams }) => StandInAnswer)
  >
>;

/** Resurs as its published material describes it: every call checked against the published request, answered with the published example. */
function resursRoutes(overrides: Overrides = {}): StandInRoute[] {
  const ok = (name: string): StandInAnswer => ({ status: example(name).status ?? 200, body: answerOf(name) });
  return [
    { method: 'POST', path: '/oauth2/token', request: published.tokenRequest, answer: ok('token') },
    { method: 'GET', path: '/v2/stores', query: published.storesQuery, answer: overrides.stores ?? ok('stores') },
    { method: 'GET', path: /^\/v2\/stores\/[^/]+\/payment_methods$/, query: published.paymentMethodsQuery, answer: overrides.paymentMethods ?? ok('payment-methods') },
    {
      method: 'GET',
      path: /^\/v2\/stores\/[^/]+\/payment_methods\/[^/]+\/price_signage$/,
      query: published.priceSignageQuery,
      answer: overrides.priceSignage ?? ok('price-signage'),
    },
    // No payment for the reference yet: the published search answer with no match.
    { method: 'POST', path: '/v2/payments/search', request: published.searchRequest, answer: overrides.search ?? { body: { content: [] } } },
    { method: 'POST', path: '/v2/payments', request: published.createPaymentRequest, answer: overrides.create ?? ok('create-payment') },
    { method: 'GET', path: /^\/v2\/payments\/[^/]+\/tasks\/status$/, answer: overrides.taskStatus ?? ok('task-status') },
    { method: 'POST', path: /^\/v2\/payments\/[^/]+\/cancel$/, request: published.cancelRequest, answer: overrides.cancel ?? ok('cancel') },
    { method: 'POST', path: /^\/v2\/payments\/[^/]+\/capture$/, request: published.captureRequest, answer: overrides.capture ?? ok('capture') },
    { method: 'POST', path: /^\/v2\/payments\/[^/]+\/refund$/, request: published.refundRequest, answer: overrides.refund ?? ok('refund') },
    { method: 'GET', path: /^\/v2\/payments\/[^/]+$/, answer: overrides.payment ?? ok('payment') },
  ];
}

const SE_STORE = '7711fc3c-3246-552c-102e-b45a373c5960';
const PAYMENT_ID = '2f6d8c1e-4a7b-4c93-8e15-6b0d9a3f7c42';
const secciLink = 'https://test.resurs.com/sekki-mock/sekki?bankProductId=LG686069&chainId=107&countryCode=SE&language=sv&storeId=107&amount=';
const termsLink = 'https://test.resurs.com/documenthandler/Dokument.pdf?customerType=natural&docType=commonTerms&land=SE&language=sv';

/** A Swedish consumer's application, with Resurs' own test person of the create-payment example. */
const application = (overrides: Partial<ResursV2CreatePayment> = {}): ResursV2CreatePayment => ({
  orderReference: 'order12345',
  countryCode: 'SE',
  amount: 9999,
  period: 24,
  items: [{ reference: 'P1', description: 'Product 1', quantity: 1, unitAmountIncludingVat: 9999 }],
  customer: {
    governmentId: '198305147715',
    firstName: 'Peter',
    lastName: 'Parker',
    email: 'testemail@testing.se',
    mobilePhone: '070-712 34 56',
    address: 'Ekslingan 9',
    postalCode: '123 45',
    city: 'Helsingborg',
  },
  successUrl: 'https://portal.example/return/success',
  failUrl: 'https://portal.example/return/fail',
  authorizationCallbackUrl: 'https://portal.example/callbacks/resurs',
  customerIp: '192.168.0.1',
  userAgent: 'Test browser 1.2',
  ...overrides,
});

describe('Resurs Merchant API 2.0: the adapter against a stand-in built only from Resurs’ published material', () => {
  let stand: StandIn | undefined;
  afterEach(async () => {
    await stand?.close();
    stand = undefined;
  });

  async function adapter(overrides: Overrides = {}) {
    stand = await standIn(resursRoutes(overrides));
    const recorder = memoryRecorder();
    const client = createResursV2Client({ baseUrl: stand.url, clientId: 'fill-out-client-id', clientSecret: 'fill-out-client-secret', storeId: SE_STORE, timeoutMs: 2000, recorder });
    return { client, recorder, stand };
  }

  const bodiesOf = (s: StandIn, method: string, path: string | RegExp) =>
    s.received.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

  it('prices a consumer application and submits it: the customer is sent to Resurs’ task page', async () => {
    const { client, stand: s } = await adapter();
    const pricing = await client.getPricing({ countryCode: 'SE', amount: 9999, period: 24 });
    expect(pricing).toEqual({
      ok: true,
      value: {
        currency: 'SEK',
        loanAmount: 9999,
        loanPeriod: 24,
        cost: 2721.92,
        interestRate: 14.95,
        effectiveInterestRate: 28.22,
        totalMonthlyPayment: 513.58,
        secciLinks: [{ url: `${secciLink}9999`, label: expect.stringContaining('SEKKI') }],
        generalTermsLinks: [{ url: termsLink, label: 'Allmänna villkor' }],
      },
    });

    const created = await client.createPayment(application());
    const { taskRedirectionUrls } = published.paymentAnswer.parse(answerOf('create-payment'));
    expect(created).toEqual({
      ok: true,
      value: { id: PAYMENT_ID, orderReference: 'order12345', status: 'TASK_REDIRECTION_REQUIRED', customerUrl: taskRedirectionUrls?.customerUrl, rejectedReason: null, approvedCreditLimit: null },
    });
    // Every call had the published request shape, and the token Resurs issued.
    expect(s.violations).toEqual([]);
    expect(s.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /oauth2/token',
      'GET /v2/stores',
      `GET /v2/stores/${SE_STORE}/payment_methods`,
      `GET /v2/stores/${SE_STORE}/payment_methods/e0dd2017-f388-497e-9ef9-ff9366853b98/price_signage`,
      'POST /v2/payments/search',
      'POST /v2/payments',
    ]);
    expect(s.received.slice(1).every((r) => r.headers.authorization === 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl')).toBe(true);
    const [createRequest] = bodiesOf(s, 'POST', '/v2/payments');
    expect(createRequest?.body).toMatchObject({
      storeId: SE_STORE,
      paymentMethodId: 'e0dd2017-f388-497e-9ef9-ff9366853b98',
      // A reference that fits Resurs' rule goes as it is.
      order: { orderReference: 'order12345' },
      customer: { customerType: 'NATURAL', deliveryAddress: { fullName: 'Peter Parker', postalCode: '123 45', postalArea: 'Helsingborg' } },
      options: { redirectionUrls: { customer: { successUrl: 'https://portal.example/return/success', failUrl: 'https://portal.example/return/fail' } } },
    });
  });

  it('reads the payment methods under content (the shipped library), and the older paymentMethods too', async () => {
    const current = await adapter();
    expect((await current.client.getPricing({ countryCode: 'SE', amount: 9999, period: 12 })).ok).toBe(true);
    await current.stand.close();

    const older = await adapter({ paymentMethods: { body: answerOf('payment-methods-older') } });
    expect(await older.client.getPricing({ countryCode: 'SE', amount: 9999, period: 12 })).toMatchObject({ ok: true, value: { totalMonthlyPayment: 931.26 } });
  });

  it('gives the SECCI link (SECCI, or the older SEKKI) the amount when Resurs says appendAmount, and the terms as they are', async () => {
    // The price signage's own SECCI links left out: the method's link is the one read.
    const signage = { ...copyOf('price-signage'), secciLinks: [] };
    const { client } = await adapter({ priceSignage: { body: signage } });
    const pricing = await client.getPricing({ countryCode: 'SE', amount: 9999, period: 36 });
    if (!pricing.ok) throw new Error(`pricing failed: ${JSON.stringify(pricing.failure)}`);
    expect(pricing.value.secciLinks.map((l) => l.url)).toEqual([`${secciLink}9999`]);
    expect(pricing.value.generalTermsLinks.map((l) => l.url)).toEqual([termsLink]);

    const older = await adapter({ paymentMethods: { body: answerOf('payment-methods-older') }, priceSignage: { body: signage } });
    const olderPricing = await older.client.getPricing({ countryCode: 'SE', amount: 9999, period: 36 });
    expect(olderPricing).toMatchObject({ ok: true, value: { secciLinks: [{ url: `${secciLink}9999` }], generalTermsLinks: [{ url: termsLink }] } });
  });

  it('asks for the stores a page of 2000 at a time, and reads on while Resurs says there are more pages', async () => {
    const [sweden, norway] = (answerOf('stores') as { content: unknown[] }).content;
    const pages = [
      { content: [sweden], page: { number: 0, size: 1, totalElements: 2, totalPages: 2 } },
      { content: [norway], page: { number: 1, size: 1, totalElements: 2, totalPages: 2 } },
    ];
    const { client, stand: s } = await adapter({ stores: ({ query }) => ({ body: pages[Number(query.get('page') ?? 0)] ?? { content: [] } }) });
    expect((await client.getPricing({ countryCode: 'NO', amount: 9999, period: 12 })).ok).toBe(true);
    const asked = bodiesOf(s, 'GET', '/v2/stores').map((r) => Object.fromEntries(r.query));
    expect(asked).toEqual([
      { size: '2000', page: '0' },
      { size: '2000', page: '1' },
    ]);
    expect(bodiesOf(s, 'GET', /payment_methods$/)[0]?.path).toBe('/v2/stores/3217ac8b-6942-452b-990f-c32f393c5977/payment_methods');
    expect(s.violations).toEqual([]);
  });

  describe('the small rules of a payment', () => {
    it('sends a merchant reference Resurs would refuse as a valid one, the same every time, and searches with it', async () => {
      const long = 'ORDER 2026/11 #42: a rather long merchant reference (Øst)';
      const { client, stand: s } = await adapter();
      expect((await client.createPayment(application({ orderReference: long }))).ok).toBe(true);
      expect((await client.createPayment(application({ orderReference: long }))).ok).toBe(true);
      const again = await adapter();
      expect((await again.client.findPaymentByOrderReference(long)).ok).toBe(true);

      const sent = bodiesOf(s, 'POST', '/v2/payments').map((r) => (r.body as { order: { orderReference: string } }).order.orderReference);
      const searched = [...bodiesOf(s, 'POST', '/v2/payments/search'), ...bodiesOf(again.stand, 'POST', '/v2/payments/search')].map(
        (r) => (r.body as { orderReference: string }).orderReference,
      );
      const [reference] = sent;
      expect(reference).toMatch(published.ORDER_REFERENCE);
      expect(reference).toMatch(/^ORDER-2026-11-42-a-/);
      expect(new Set([...sent, ...searched])).toEqual(new Set([reference]));
      // Another long reference with the same beginning is another order.
      await client.createPayment(application({ orderReference: `${long} (2)` }));
      expect((bodiesOf(s, 'POST', '/v2/payments')[2]?.body as { order: { orderReference: string } }).order.orderReference).not.toBe(reference);
      expect(s.violations).toEqual([]);
      expect(again.stand.violations).toEqual([]);
    });

    it('keeps the delivery address within Resurs’ limits: a full name of at most 50 bytes', async () => {
      const { client, stand: s } = await adapter();
      const customer = { ...application().customer, firstName: 'Anne-Marie Kristine Sofie', lastName: 'Øvergaard-Sæther Holmboe-Bjørnstad' };
      expect((await client.createPayment(application({ customer }))).ok).toBe(true);
      expect(s.violations).toEqual([]);
      const sent = bodiesOf(s, 'POST', '/v2/payments')[0]?.body as { customer: { deliveryAddress: { fullName: string } } };
      expect(new TextEncoder().encode(sent.customer.deliveryAddress.fullName).length).toBeLessThanOrEqual(50);
      expect(sent.customer.deliveryAddress.fullName).toMatch(/^Anne-Marie Kristine Sofie Øvergaard-Sæther/);
    });

    it('reads a payment that comes without its order', async () => {
      const { client } = await adapter({ payment: { body: answerOf('payment-without-order') } });
      expect(await client.getPayment(PAYMENT_ID)).toEqual({
        ok: true,
        value: { id: PAYMENT_ID, orderReference: null, status: 'FROZEN', customerUrl: null, rejectedReason: null, approvedCreditLimit: null },
      });
    });
  });

  describe('every published answer is read', () => {
    it.each(published.PAYMENT_STATUSES)('a payment %s', async (status) => {
      const { client } = await adapter({ payment: { body: { ...copyOf('payment'), status } } });
      const read = await client.getPayment(PAYMENT_ID);
      expect(read).toMatchObject({ ok: true, value: { id: PAYMENT_ID, status, orderReference: 'order12345' } });
      if (read.ok) expect(eventOfPayment(read.value)).toEqual(expect.any(String));
    });

    it('the accepted payment: the approved credit limit', async () => {
      const { client } = await adapter();
      expect(await client.getPayment(PAYMENT_ID)).toMatchObject({ ok: true, value: { status: 'ACCEPTED', approvedCreditLimit: 5800, customerUrl: null } });
    });

    it.each(published.REJECTED_REASON_CATEGORIES)('a payment rejected with %s, and what it means for the application', async (category) => {
      const { client } = await adapter({ payment: { body: { ...copyOf('payment-rejected'), rejectedReason: { category } } } });
      const read = await client.getPayment(PAYMENT_ID);
      expect(read).toMatchObject({ ok: true, value: { status: 'REJECTED', rejectedReason: category } });
      if (!read.ok) return;
      const meaning: Record<string, string> = { ABORTED_BY_CUSTOMER: 'signing.aborted', TIMEOUT: 'expired', CANCELED: 'decision.cancelled' };
      expect(eventOfPayment(read.value)).toBe(meaning[category] ?? 'decision.declined');
    });

    it('the task status, the search by order reference and the cancel', async () => {
      const { client, stand: s } = await adapter({ search: { body: answerOf('search') } });
      expect(await client.getTaskStatus(PAYMENT_ID)).toEqual({
        ok: true,
        value: { completed: false, customerUrl: `https://customer-portal.integration.resurs.com/task/${PAYMENT_ID}`, hasActiveTask: true },
      });
      expect(await client.findPaymentByOrderReference('order12345')).toMatchObject({ ok: true, value: { id: PAYMENT_ID, status: 'ACCEPTED' } });
      expect(await client.cancelPayment(PAYMENT_ID)).toEqual({ ok: true, value: undefined });
      expect(bodiesOf(s, 'POST', /\/cancel$/)[0]?.text).toBe('{}');
      expect(s.violations).toEqual([]);
    });

    it('the published error body: a plain refusal, REQUEST_ERROR for the customer', async () => {
      const error = example('error-validation');
      const { client } = await adapter({ create: { status: error.status, body: error.answer } });
      const created = await client.createPayment(application());
      expect(created).toEqual({ ok: false, failure: { kind: 'refused', status: 400, code: '400' } });
      if (!created.ok) expect(apiErrorFor(created.failure)).toMatchObject({ status: 400, errorCode: 'REQUEST_ERROR' });

      const missing = example('error-not-found');
      const other = await adapter({ payment: { status: missing.status, body: missing.answer } });
      expect(await other.client.getPayment(PAYMENT_ID)).toEqual({ ok: false, failure: { kind: 'refused', status: 404, code: '400' } });
    });
  });

  describe('after the sale: capture, refund and cancel, as Resurs publishes them', () => {
    /** The published answer of a call, as a stand-in answer. */
    const published200 = (name: string): StandInAnswer => ({ status: example(name).status ?? 200, body: answerOf(name) });
    /** The payment as GET answers it: `first` the first time, `then` every time after. */
    const paymentReads = (first: string, then: string = first) => {
      let reads = 0;
      return () => {
        reads += 1;
        return { body: { ...copyOf(reads === 1 ? first : then), id: PAYMENT_ID } };
      };
    };
    const lines = (...amounts: number[]): MoneyOperation['scope'] => ({
      kind: 'lines',
      lines: amounts.map((amount, index) => ({ reference: `P${index + 1}`, description: `Product ${index + 1}`, quantity: 1, unitAmountIncludingVat: amount, vatPercent: 25 })),
    });
    const sentTo = (s: StandIn, call: string) => bodiesOf(s, 'POST', new RegExp(`/${call}$`));
    const TX_OF_CAPTURE = (example('capture').request as { transactionId: string }).transactionId;

    it('captures order lines: the published request with the operation id as transactionId, the money read from the payment it answers', async () => {
      const { client, stand: s } = await adapter({ capture: published200('capture-lines') });
      const operation = { operationId: 'op-capture-1', scope: lines(500) };
      expect(await client.capturePayment(PAYMENT_ID, operation)).toEqual({ ok: true, value: { authorized: 5800, captured: 500, refunded: 0, cancelled: 0 } });
      expect(s.received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /oauth2/token', `GET /v2/payments/${PAYMENT_ID}`, `POST /v2/payments/${PAYMENT_ID}/capture`]);
      expect(sentTo(s, 'capture')[0]?.body).toEqual({
        transactionId: 'op-capture-1',
        orderLines: [
          { description: 'Product 1', reference: 'P1', quantity: 1, quantityUnit: 'st', vatRate: 25, unitAmountIncludingVat: 500, totalAmountIncludingVat: 500, totalVatAmount: 100, type: 'NORMAL' },
        ],
      });
      expect(s.violations).toEqual([]);
    });

    it('captures all of it without lines, and fits a long description and reference into Resurs’ limits', async () => {
      const { client, stand: s } = await adapter();
      expect(await client.capturePayment(PAYMENT_ID, { operationId: 'op-capture-2', scope: { kind: 'all' } })).toEqual({
        ok: true,
        value: { authorized: 5800, captured: 5800, refunded: 0, cancelled: 0 },
      });
      expect(sentTo(s, 'capture')[0]?.text).toBe('{"transactionId":"op-capture-2"}');

      const long: MoneyOperation['scope'] = { kind: 'lines', lines: [{ reference: 'R'.repeat(60), description: 'Ø'.repeat(80), quantity: 2, unitAmountIncludingVat: 250, vatPercent: 25 }] };
      expect((await client.capturePayment(PAYMENT_ID, { operationId: 'op-capture-3', scope: long })).ok).toBe(true);
      const [line] = (sentTo(s, 'capture')[1]?.body as { orderLines: { description: string; reference: string; totalAmountIncludingVat: number }[] }).orderLines;
      expect(new TextEncoder().encode(line?.description).length).toBeLessThanOrEqual(100);
      expect(new TextEncoder().encode(line?.reference).length).toBeLessThanOrEqual(50);
      expect(line?.totalAmountIncludingVat).toBe(500);
      expect(s.violations).toEqual([]);
    });

    it('refunds lines or all that is captured, with the operation id as transactionId', async () => {
      const part = await adapter({ refund: published200('refund-lines') });
      expect(await part.client.refundPayment(PAYMENT_ID, { operationId: 'op-refund-1', scope: lines(500) })).toEqual({
        ok: true,
        value: { authorized: 5800, captured: 5800, refunded: 500, cancelled: 0 },
      });
      expect(sentTo(part.stand, 'refund')[0]?.body).toMatchObject({ transactionId: 'op-refund-1', orderLines: [{ totalAmountIncludingVat: 500 }] });
      expect(part.stand.violations).toEqual([]);

      const all = await adapter();
      expect(await all.client.refundPayment(PAYMENT_ID, { operationId: 'op-refund-2', scope: { kind: 'all' } })).toEqual({
        ok: true,
        value: { authorized: 5800, captured: 5800, refunded: 5800, cancelled: 0 },
      });
      expect(sentTo(all.stand, 'refund')[0]?.body).toEqual({ transactionId: 'op-refund-2' });
      expect(all.stand.violations).toEqual([]);
    });

    it('cancels lines or all that is open, with the operation id as creator (a cancel takes no transactionId); the whole cancel of before is unchanged', async () => {
      const part = await adapter({ cancel: published200('cancel-lines') });
      expect(await part.client.cancelPayment(PAYMENT_ID, { operationId: 'op-cancel-1', scope: lines(500) })).toEqual({
        ok: true,
        value: { authorized: 5800, captured: 0, refunded: 0, cancelled: 500 },
      });
      expect(sentTo(part.stand, 'cancel')[0]?.body).toMatchObject({ creator: 'op-cancel-1', orderLines: [{ totalAmountIncludingVat: 500 }] });

      const all = await adapter();
      expect(await all.client.cancelPayment(PAYMENT_ID, { operationId: 'op-cancel-2', scope: { kind: 'all' } })).toEqual({
        ok: true,
        value: { authorized: 5800, captured: 0, refunded: 0, cancelled: 5800 },
      });
      expect(sentTo(all.stand, 'cancel')[0]?.body).toEqual({ creator: 'op-cancel-2' });
      expect(await all.client.cancelPayment(PAYMENT_ID)).toEqual({ ok: true, value: undefined });
      expect(sentTo(all.stand, 'cancel')[1]?.text).toBe('{}');
      expect([...part.stand.violations, ...all.stand.violations]).toEqual([]);
    });

    it('never sends an operation twice: one already in the action log (after a crash or a timeout) is answered from it', async () => {
      // Resurs' published capture: its action carries the transactionId the capture was sent with.
      const captured = await adapter({ payment: paymentReads('capture') });
      expect(await captured.client.capturePayment(PAYMENT_ID, { operationId: TX_OF_CAPTURE, scope: { kind: 'all' } })).toEqual({
        ok: true,
        value: { authorized: 5800, captured: 5800, refunded: 0, cancelled: 0 },
      });
      expect(sentTo(captured.stand, 'capture')).toHaveLength(0);
      // The same id as a refund is another operation: it is sent.
      expect((await captured.client.refundPayment(PAYMENT_ID, { operationId: TX_OF_CAPTURE, scope: { kind: 'all' } })).ok).toBe(true);
      expect(sentTo(captured.stand, 'refund')).toHaveLength(1);

      // The published partial cancel: its action carries the creator it was sent with.
      const cancelled = await adapter({ payment: paymentReads('cancel-lines') });
      expect(await cancelled.client.cancelPayment(PAYMENT_ID, { operationId: 'salesperson/system', scope: lines(500) })).toEqual({
        ok: true,
        value: { authorized: 5800, captured: 0, refunded: 0, cancelled: 500 },
      });
      expect(sentTo(cancelled.stand, 'cancel')).toHaveLength(0);
    });

    it('a capture whose answer cannot be read: the payment, read again, says it went through', async () => {
      const { client, recorder } = await adapter({ capture: { status: 200, body: { id: PAYMENT_ID } }, payment: paymentReads('payment', 'capture') });
      expect(await client.capturePayment(PAYMENT_ID, { operationId: TX_OF_CAPTURE, scope: { kind: 'all' } })).toEqual({
        ok: true,
        value: { authorized: 5800, captured: 5800, refunded: 0, cancelled: 0 },
      });
      expect(recorder.interactions).toContainEqual(expect.objectContaining({ operation: 'capturePayment', outcome: 'unreadable', field: 'status' }));
    });

    describe('a refusal means what the payment says (Resurs publishes no status or words for it)', () => {
      const refusedCapture = { status: example('error-capture').status, body: answerOf('error-capture') };
      const cases = [
        ['capture', 'an accepted payment with money left: more than there is', 'payment', null],
        ['capture', 'all of it captured', 'capture', 'PAYMENT_STATUS_FINAL'],
        ['capture', 'a payment Resurs rejected', 'payment-rejected', 'PAYMENT_STATUS_FINAL'],
        ['capture', 'all of it cancelled', 'cancel', 'PAYMENT_STATUS_FINAL'],
        ['refund', 'nothing captured yet', 'payment', null],
        ['refund', 'part refunded: more than is left', 'refund-lines', null],
        ['refund', 'all of it refunded', 'refund', 'PAYMENT_STATUS_FINAL'],
        ['cancel', 'all of it captured', 'capture', 'PAYMENT_STATUS_FINAL'],
        ['cancel', 'part cancelled: more than is left', 'cancel-lines', null],
        ['cancel', 'cancelled already', 'cancel', 'PAYMENT_STATUS_FINAL'],
      ] as const;
      it.each(cases)('%s, %s', async (kind, _what, payment, catalogue) => {
        const { client, stand: s } = await adapter({ [kind]: refusedCapture, payment: paymentReads('payment', payment) });
        const operation = { operationId: 'op-refused', scope: lines(500) };
        const result = kind === 'capture' ? await client.capturePayment(PAYMENT_ID, operation) : kind === 'refund' ? await client.refundPayment(PAYMENT_ID, operation) : await client.cancelPayment(PAYMENT_ID, operation);
        expect(sentTo(s, kind)[0]?.body).toMatchObject(kind === 'cancel' ? { creator: 'op-refused' } : { transactionId: 'op-refused' });
        expect(result).toEqual({ ok: false, failure: { kind: 'refused', status: 400, code: '400', ...(catalogue ? { catalogue } : {}) } });
        if (!result.ok) expect(apiErrorFor(result.failure)).toMatchObject(catalogue ? { status: 409, errorCode: catalogue } : { status: 400, errorCode: 'REQUEST_ERROR' });
        expect(s.violations).toEqual([]);
      });

      it('a payment Resurs does not know: its 404, without reading further', async () => {
        const missing = example('error-refund-not-found');
        const { client, stand: s } = await adapter({ refund: { status: missing.status, body: missing.answer } });
        expect(await client.refundPayment(PAYMENT_ID, { operationId: 'op-404', scope: { kind: 'all' } })).toEqual({ ok: false, failure: { kind: 'refused', status: 404, code: '400' } });
        expect(bodiesOf(s, 'GET', /^\/v2\/payments\//)).toHaveLength(1);
      });

      it('no lines is not an operation: refused before anything is sent', async () => {
        const { client, stand: s } = await adapter();
        expect(await client.capturePayment(PAYMENT_ID, { operationId: 'op-empty', scope: { kind: 'lines', lines: [] } })).toEqual({
          ok: false,
          failure: { kind: 'refused', status: 400, code: 'NO_ORDER_LINES' },
        });
        expect(s.received).toHaveLength(0);
      });
    });

    it('reads the money, every possible action and every kind of action in the log; a payment without its order has no money yet', async () => {
      const payment = copyOf('refund-lines');
      const order = payment.order as Record<string, unknown>;
      const entries = order.actionLog as Record<string, unknown>[];
      const logged = published.ACTION_TYPES.map((type, index) => ({ ...entries[index % entries.length], type }));
      const { client } = await adapter({
        payment: { body: { ...payment, order: { ...order, actionLog: logged, possibleActions: published.POSSIBLE_ACTIONS.map((action) => ({ action })) } } },
      });
      const read = await client.getPaymentMoney(PAYMENT_ID);
      if (!read.ok) throw new Error(`unread: ${JSON.stringify(read.failure)}`);
      expect(read.value).toMatchObject({ status: 'ACCEPTED', money: { authorized: 5800, captured: 5800, refunded: 500, cancelled: 0 }, possibleActions: [...published.POSSIBLE_ACTIONS] });
      expect(read.value.actions.map((a) => a.type)).toEqual([...published.ACTION_TYPES]);

      const published2 = await adapter({ payment: published200('refund') });
      const reading = await published2.client.getPaymentMoney(PAYMENT_ID);
      if (!reading.ok) throw new Error('unread');
      expect(reading.value.actions.map(({ type, amount, transactionId }) => ({ type, amount, transactionId }))).toEqual([
        { type: 'CREATE', amount: 5800, transactionId: null },
        { type: 'CAPTURE', amount: 5800, transactionId: TX_OF_CAPTURE },
        { type: 'REFUND', amount: 5800, transactionId: (example('refund').request as { transactionId: string }).transactionId },
      ]);
      expect(findMoneyAction(reading.value, 'capture', TX_OF_CAPTURE)).toMatchObject({ type: 'CAPTURE' });
      expect(findMoneyAction(reading.value, 'refund', TX_OF_CAPTURE)).toBeNull();
      expect(reading.value.possibleActions).toEqual([]);

      const without = await adapter({ payment: published200('payment-without-order') });
      expect(await without.client.getPaymentMoney(PAYMENT_ID)).toEqual({
        ok: true,
        value: { status: 'FROZEN', money: { authorized: 0, captured: 0, refunded: 0, cancelled: 0 }, possibleActions: [], actions: [] },
      });
    });

    it('every published example of these calls has the published request and answer shapes', () => {
      const requests = { capture: published.captureRequest, refund: published.refundRequest, cancel: published.cancelRequest } as const;
      for (const name of ['capture', 'capture-lines', 'refund', 'refund-lines', 'cancel', 'cancel-lines'] as const) {
        const call = name.replace('-lines', '') as keyof typeof requests;
        expect(violations(requests[call], example(name).request), name).toEqual([]);
        expect(violations(published.paymentAnswer, answerOf(name)), name).toEqual([]);
      }
      for (const name of ['error-capture', 'error-refund-not-found']) expect(violations(published.errorAnswer, answerOf(name)), name).toEqual([]);
    });
  });

  describe('an answer the adapter cannot read is Resurs’ fault, said as such', () => {
    it.each([
      ['payment methods', { paymentMethods: { body: { methods: [] } } }, 'getPaymentMethods', 'content'],
      ['price signage', { priceSignage: { body: { ...copyOf('price-signage'), costList: 'none' } } }, 'getPriceSignage', 'costList'],
      ['stores', { stores: { body: { stores: [] } } }, 'getStores', 'content'],
    ] as const)('%s in another shape: unreadable, naming the field', async (_what, overrides, operation, field) => {
      const { client, recorder } = await adapter(overrides);
      const pricing = await client.getPricing({ countryCode: 'SE', amount: 9999, period: 24 });
      expect(pricing).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field } });
      if (!pricing.ok) expect(apiErrorFor(pricing.failure)).toMatchObject({ status: 502, errorCode: 'WEB_SERVICE_DOWN' });
      expect(recorder.interactions).toContainEqual(expect.objectContaining({ provider: 'resurs-v2', operation, outcome: 'unreadable', field }));
    });

    it('a payment with a status Resurs does not list: unreadable, the last known status is kept', async () => {
      const { client } = await adapter({ payment: { body: { ...copyOf('payment'), status: 'AUTHORIZED' } } });
      expect(await client.getPayment(PAYMENT_ID)).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'status' } });
    });

    it('a created payment answered without the payment: PAYMENT_RESPONSE_MISSING', async () => {
      const { client, recorder } = await adapter({ create: { status: 201 } });
      const created = await client.createPayment(application());
      expect(created).toEqual({ ok: false, failure: { kind: 'refused', status: 201, code: 'NO_PAYMENT_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' } });
      expect(recorder.interactions).toContainEqual(expect.objectContaining({ operation: 'createPayment', outcome: 'unreadable', field: '(not JSON)' }));
    });
  });
});

describe('Resurs Merchant API 2.0: the portal against the stand-in, through the client API', () => {
  let t: (TestApp & { url: string }) | undefined;
  let resurs: StandIn | undefined;
  beforeAll(async () => {
    resurs = await standIn(resursRoutes());
    const url = resurs.url;
    // The sandbox's identification and demo merchant, with Resurs replaced by what Resurs publishes.
    t = await startTestServer('pglite', {}, undefined, (config) => ({
      ...config,
      providers: { ...config.providers, resursV2: config.providers.resursV2 && { ...config.providers.resursV2, baseUrl: url } },
    }));
  });
  afterAll(async () => {
    await t?.close();
    await resurs?.close();
  });

  it('prices a consumer application and submits it to Resurs, and the customer is sent to the task page', async () => {
    if (!t || !resurs) throw new Error('not started');
    const customer = await startConsumer(t, '198305147715', 2, t.url);
    const list = await clientCall(t, customer, 'GET', API.applications.pattern);
    expect(list.statusCode, list.body).toBe(200);
    const loan = list.json<{ loanApplications: { loan: { totalMonthlyPayment: number; interestRate: number; effectiveInterestRate: number; secciLinks: { url: string }[] } }[] }>()
      .loanApplications[0]?.loan;
    // The 36 months of the published price signage.
    expect(loan).toMatchObject({ totalMonthlyPayment: 375.37, interestRate: 14.95, effectiveInterestRate: 26.4, secciLinks: [{ url: `${secciLink}15000` }] });

    const submitted = await clientCall(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { taskRedirectionUrls } = published.paymentAnswer.parse(answerOf('create-payment'));
    // The key facts and the SECCI's mail come first (ADR 35); the task page Resurs gave is kept for after them.
    expect(submitted.json()).toMatchObject({ decision: 'TASK_REDIRECTION_REQUIRED', callBackUrl: `${t.url}/loan-subscription/form/key-facts` });
    const application = await t.app.repos.applications.findByReference(customer.reference);
    expect((await t.app.repos.providerApplications.find(application?.id ?? ''))?.customerUrl).toContain(taskRedirectionUrls?.customerUrl ?? '?');
    expect(resurs.received.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /v2/payments/search', 'POST /v2/payments']));
    expect(resurs.violations).toEqual([]);
  });
});

describe('Resurs Merchant API 2.0: the sandbox simulator held to the published shapes', () => {
  let t: TestApp & { url: string };
  let base: string;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer('pglite');
    base = `${t.url}/sandbox/resurs-v2`;
    token = published.tokenAnswer.parse((await tokenCall()).body).access_token;
  });
  afterAll(async () => t?.close());

  /** The simulator's account for Norway (sandbox/src/resurs-v2/README.md), asked for a token as Resurs documents it. */
  async function tokenCall() {
    const response = await fetch(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'sandbox-client-no', client_secret: 'sandbox-secret-no', grant_type: 'client_credentials', scope: 'merchant-api' }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  }

  /** The answer has the published shape and no field the published example (by name, or given) lacks. */
  function expectPublished(schema: Parameters<typeof violations>[0], reference: string | { answer: unknown }, answer: unknown) {
    expect(violations(schema, answer)).toEqual([]);
    expect(shapeDiff(typeof reference === 'string' ? answerOf(reference) : reference.answer, answer)).toEqual([]);
  }

  /** A payment whose task is open, as published: the search's match (the create example has no metadata.custom). */
  const openPayment = { answer: (answerOf('search') as { content: unknown[] }).content[0] };

  const norway = TEST_PEOPLE.find((p) => p.country === 'NO' && p.resurs.kind === 'accepted');

  async function discovery() {
    const stores = await call('GET', '/v2/stores?size=2000');
    const store = published.storesAnswer.parse(stores.body).content[0];
    const methods = await call('GET', `/v2/stores/${store?.id ?? ''}/payment_methods`);
    const method = published.paymentMethodsAnswer.parse(methods.body).content.find((m) => m.type === 'RESURS_PART_PAYMENT');
    if (!store || !method) throw new Error('no store or part-payment method');
    return { stores, store, methods, method };
  }

  const createBody = (storeId: string, paymentMethodId: string, orderReference: string) => ({
    storeId,
    paymentMethodId,
    order: {
      orderReference,
      orderLines: [{ description: 'Phone', reference: 'PHN-128', quantity: 1, quantityUnit: 'stk', vatRate: 25, unitAmountIncludingVat: 15000, totalAmountIncludingVat: 15000, totalVatAmount: 3000, type: 'NORMAL' }],
    },
    customer: {
      customerType: 'NATURAL',
      governmentId: norway?.nationalId,
      email: 'kari@example.no',
      mobilePhone: '+4791234567',
      deliveryAddress: { fullName: 'Kari Nordmann', firstName: 'Kari', lastName: 'Nordmann', addressRow1: 'Storgata 1', postalArea: 'Oslo', postalCode: '0155', countryCode: 'NO' },
      deviceInfo: { ip: '203.0.113.7', userAgent: 'vitest' },
    },
    application: { requestedCreditLimit: 15000 },
    metadata: { custom: [{ key: 'loanPeriod', value: '36' }] },
    options: {
      initiatedOnCustomersDevice: true,
      handleManualInspection: true,
      handleFrozenPayments: true,
      automaticCapture: false,
      redirectionUrls: { customer: { successUrl: 'https://portal.example/ok', failUrl: 'https://portal.example/fail' } },
    },
  });

  it('issues a token in the published shape', async () => {
    const answer = await tokenCall();
    expect(answer.status).toBe(200);
    expectPublished(published.tokenAnswer, 'token', answer.body);
  });

  it('answers stores, payment methods and price signage in the published shapes: content, SECCI and appendAmount', async () => {
    const { stores, store, methods, method } = await discovery();
    expectPublished(published.storesAnswer, 'stores', stores.body);
    expectPublished(published.paymentMethodsAnswer, 'payment-methods', methods.body);
    expect(method.legalLinks).toContainEqual({ url: expect.stringMatching(/\/documents\/secci\/.+\?amount=$/), type: 'SECCI', appendAmount: true });
    const signage = await call('GET', `/v2/stores/${store.id}/payment_methods/${method.id}/price_signage?amount=15000`);
    expectPublished(published.priceSignageAnswer, 'price-signage', signage.body);
  });

  it('answers a payment, the search, the task status and the cancel in the published shapes', async () => {
    const { store, method } = await discovery();
    const reference = `sim-${Date.now().toString(36)}`;
    const created = await call('POST', '/v2/payments', createBody(store.id, method.id, reference));
    expect(created.status).toBeGreaterThanOrEqual(200);
    expect(created.status).toBeLessThan(300);
    expectPublished(published.paymentAnswer, openPayment, created.body);
    const payment = published.paymentAnswer.parse(created.body);

    expectPublished(published.paymentAnswer, openPayment, (await call('GET', `/v2/payments/${payment.id}`)).body);
    expectPublished(published.searchAnswer, 'search', (await call('POST', '/v2/payments/search', { storeId: store.id, orderReference: reference })).body);
    expectPublished(published.taskStatusAnswer, 'task-status', (await call('GET', `/v2/payments/${payment.id}/tasks/status`)).body);

    const approved = await fetch(`${payment.taskRedirectionUrls?.customerUrl ?? ''}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    expectPublished(published.paymentAnswer, 'payment', (await call('GET', `/v2/payments/${payment.id}`)).body);
    const cancelled = await call('POST', `/v2/payments/${payment.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expectPublished(published.paymentAnswer, 'cancel', cancelled.body);
    expectPublished(published.paymentAnswer, 'payment-rejected', (await call('GET', `/v2/payments/${payment.id}`)).body);
  });

  /** A payment the customer has signed (accepted unless the test person says otherwise), or one whose task is still open. */
  async function simulatedPayment(options: { sign?: boolean; person?: string | undefined } = {}) {
    const { store, method } = await discovery();
    const body = createBody(store.id, method.id, `money-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`);
    const created = await call('POST', '/v2/payments', { ...body, customer: { ...body.customer, governmentId: options.person ?? body.customer.governmentId } });
    const payment = published.paymentAnswer.parse(created.body);
    if (options.sign !== false) {
      const signed = await fetch(`${payment.taskRedirectionUrls?.customerUrl ?? ''}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      expect(signed.status).toBe(303);
    }
    return payment.id;
  }

  /** An order line as Resurs' Postman collection sends one, for `amount`. */
  const bookLine = (amount: number) => ({ description: 'Book', quantity: 1, quantityUnit: 'stk', vatRate: 25, totalAmountIncludingVat: amount });
  const orderOf = (body: unknown) => published.paymentAnswer.parse(body).order;
  const amountsOf = (body: unknown) => {
    const order = orderOf(body);
    return order && { authorizedAmount: order.authorizedAmount, capturedAmount: order.capturedAmount, refundedAmount: order.refundedAmount, canceledAmount: order.canceledAmount };
  };
  const actionsOf = (body: unknown) => (orderOf(body)?.possibleActions ?? []).map((p) => p.action);

  it('captures, refunds and cancels in the published shapes: the amounts, the possible actions and the action log follow', async () => {
    const id = await simulatedPayment();
    expect(actionsOf((await call('GET', `/v2/payments/${id}`)).body)).toEqual(['CAPTURE', 'PARTIAL_CAPTURE', 'CANCEL', 'PARTIAL_CANCEL']);

    const part = await call('POST', `/v2/payments/${id}/capture`, { creator: 'salesperson/system', orderLines: [bookLine(5000)] });
    expect(part.status).toBe(200);
    expectPublished(published.paymentAnswer, 'capture-lines', part.body);
    expect(amountsOf(part.body)).toEqual({ authorizedAmount: 10000, capturedAmount: 5000, refundedAmount: 0, canceledAmount: 0 });
    expect(actionsOf(part.body)).toEqual(['CAPTURE', 'PARTIAL_CAPTURE', 'CANCEL', 'PARTIAL_CANCEL', 'REFUND', 'PARTIAL_REFUND']);

    const refunded = await call('POST', `/v2/payments/${id}/refund`, { transactionId: 'refund-1', orderLines: [bookLine(1000)] });
    expect(refunded.status).toBe(200);
    expectPublished(published.paymentAnswer, 'refund-lines', refunded.body);
    expect(amountsOf(refunded.body)).toEqual({ authorizedAmount: 10000, capturedAmount: 5000, refundedAmount: 1000, canceledAmount: 0 });

    const partCancel = await call('POST', `/v2/payments/${id}/cancel`, { creator: 'salesperson/system', orderLines: [bookLine(2000)] });
    expectPublished(published.paymentAnswer, 'cancel-lines', partCancel.body);
    expect(amountsOf(partCancel.body)).toEqual({ authorizedAmount: 8000, capturedAmount: 5000, refundedAmount: 1000, canceledAmount: 2000 });

    // All that is left captured, then all of it refunded: nothing more to do.
    const rest = await call('POST', `/v2/payments/${id}/capture`, { transactionId: 'capture-2' });
    expectPublished(published.paymentAnswer, 'capture', rest.body);
    expect(amountsOf(rest.body)).toEqual({ authorizedAmount: 0, capturedAmount: 13000, refundedAmount: 1000, canceledAmount: 2000 });
    expect(actionsOf(rest.body)).toEqual(['REFUND', 'PARTIAL_REFUND']);
    const all = await call('POST', `/v2/payments/${id}/refund`, {});
    expectPublished(published.paymentAnswer, 'refund', all.body);
    expect(amountsOf(all.body)).toEqual({ authorizedAmount: 0, capturedAmount: 13000, refundedAmount: 13000, canceledAmount: 2000 });
    expect(actionsOf(all.body)).toEqual([]);
    expect(published.paymentAnswer.parse(all.body).status).toBe('ACCEPTED');
    expect(orderOf(all.body)?.actionLog.map((a) => [a.type, a.transactionId ?? null, a.creator ?? null])).toEqual([
      ['CREATE', null, null],
      ['CAPTURE', null, 'salesperson/system'],
      ['REFUND', 'refund-1', null],
      ['CANCEL', null, 'salesperson/system'],
      ['CAPTURE', 'capture-2', null],
      ['REFUND', null, null],
    ]);
    expectPublished(published.paymentAnswer, 'payment', (await call('GET', `/v2/payments/${id}`)).body);
  });

  it('refuses what Resurs refuses, in its error shape: more than there is, a payment not accepted or rejected, what is captured to cancel', async () => {
    const expectRefused = (answer: { status: number; body: unknown }, status: number, field?: string) => {
      expect(answer.status).toBe(status);
      expectPublished(published.errorAnswer, 'error-capture', answer.body);
      const error = published.errorAnswer.parse(answer.body);
      expect(error.code).toBe(String(status));
      if (field) expect(error.validationErrors?.map((e) => e.fieldName)).toContain(field);
    };
    const id = await simulatedPayment();
    expectRefused(await call('POST', `/v2/payments/${id}/capture`, { orderLines: [bookLine(15000.01)] }), 400, 'orderLines');
    expectRefused(await call('POST', `/v2/payments/${id}/refund`, {}), 409);
    expect((await call('POST', `/v2/payments/${id}/capture`, { orderLines: [bookLine(6000)] })).status).toBe(200);
    expectRefused(await call('POST', `/v2/payments/${id}/refund`, { orderLines: [bookLine(6000.5)] }), 400, 'orderLines');
    expectRefused(await call('POST', `/v2/payments/${id}/cancel`, { orderLines: [bookLine(9000.01)] }), 400, 'orderLines');
    expect((await call('POST', `/v2/payments/${id}/cancel`, {})).status).toBe(200);
    // Captured in part, the rest cancelled: nothing left to capture or cancel; what is captured can only be refunded.
    expectRefused(await call('POST', `/v2/payments/${id}/capture`, {}), 409);
    expectRefused(await call('POST', `/v2/payments/${id}/cancel`, { orderLines: [bookLine(100)] }), 409);
    expect(amountsOf((await call('GET', `/v2/payments/${id}`)).body)).toEqual({ authorizedAmount: 0, capturedAmount: 6000, refundedAmount: 0, canceledAmount: 9000 });

    // Not yet accepted: only the whole payment can be cancelled.
    const open = await simulatedPayment({ sign: false });
    expectRefused(await call('POST', `/v2/payments/${open}/capture`, {}), 409);
    expectRefused(await call('POST', `/v2/payments/${open}/refund`, {}), 409);
    expectRefused(await call('POST', `/v2/payments/${open}/cancel`, { orderLines: [bookLine(100)] }), 409);

    // Rejected by Resurs: nothing at all.
    const declined = await simulatedPayment({ person: TEST_PEOPLE.find((p) => p.country === 'NO' && p.resurs.kind === 'rejected')?.nationalId });
    for (const kind of ['capture', 'refund', 'cancel']) expectRefused(await call('POST', `/v2/payments/${declined}/${kind}`, {}), 409);

    const missing = await call('POST', '/v2/payments/00000000-0000-4000-8000-000000000000/refund', {});
    expect(missing.status).toBe(404);
    expectPublished(published.errorAnswer, 'error-refund-not-found', missing.body);
  });

  it('refuses a capture, refund or cancel that breaks the published request, naming the field', async () => {
    const id = await simulatedPayment();
    const cases = [
      ['capture', { transactionId: 42 }, 'transactionId'],
      ['capture', { orderLines: [] }, 'orderLines'],
      ['capture', { orderLines: [{ ...bookLine(100), vatRate: 'high' }] }, 'orderLines.0.vatRate'],
      ['refund', { invoiceOptions: { invoiceId: 'x' } }, 'body'],
      ['cancel', { transactionId: 'x' }, 'body'],
      ['capture', { orderLines: [{ ...bookLine(100), unitAmountIncludingVat: 99 }] }, 'orderLines.0.totalAmountIncludingVat'],
    ] as const;
    for (const [kind, body, field] of cases) {
      const refused = await call('POST', `/v2/payments/${id}/${kind}`, body);
      expect(refused.status, `${kind} ${JSON.stringify(body)}`).toBe(400);
      expectPublished(published.errorAnswer, 'error-validation', refused.body);
      expect(published.errorAnswer.parse(refused.body).validationErrors?.map((e) => e.fieldName), `${kind} ${JSON.stringify(body)}`).toContain(field);
    }
    // Nothing of it was done.
    expect(amountsOf((await call('GET', `/v2/payments/${id}`)).body)).toEqual({ authorizedAmount: 15000, capturedAmount: 0, refundedAmount: 0, canceledAmount: 0 });
  });

  it('refuses a create-payment that breaks the published request, in Resurs’ error shape, naming the field', async () => {
    const { store, method } = await discovery();
    const body = createBody(store.id, method.id, `bad-${Date.now().toString(36)}`);
    const cases = [
      ['a required field missing', { ...body, paymentMethodId: undefined }, 'paymentMethodId'],
      ['an unknown customer type', { ...body, customer: { ...body.customer, customerType: 'PERSON' } }, 'customer.customerType'],
      ['a field Resurs does not know', { ...body, order: { ...body.order, reference: 'x' } }, 'order'],
      ['an order reference of 33 characters', { ...body, order: { ...body.order, orderReference: 'x'.repeat(33) } }, 'order.orderReference'],
      ['a full name of 51 bytes', { ...body, customer: { ...body.customer, deliveryAddress: { ...body.customer.deliveryAddress, fullName: 'Ø'.repeat(26) } } }, 'customer.deliveryAddress.fullName'],
    ] as const;
    for (const [what, request, field] of cases) {
      const refused = await call('POST', '/v2/payments', request);
      expect(refused.status, what).toBe(400);
      expectPublished(published.errorAnswer, 'error-validation', refused.body);
      expect(published.errorAnswer.parse(refused.body).validationErrors?.map((e) => e.fieldName), what).toContain(field);
    }
  });

  it('answers an unknown payment and a missing token in Resurs’ error shape', async () => {
    const missing = await call('GET', '/v2/payments/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expectPublished(published.errorAnswer, 'error-not-found', missing.body);
    const response = await fetch(`${base}/v2/stores`);
    expect(response.status).toBe(401);
    const unauthorised: unknown = await response.json();
    expectPublished(published.errorAnswer, 'error-not-found', unauthorised);
    // The code is the HTTP status as a string, as in every published sample.
    expect([missing.body, unauthorised].map((body) => published.errorAnswer.parse(body).code)).toEqual(['404', '401']);
  });
});
