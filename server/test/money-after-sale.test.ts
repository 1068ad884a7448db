/**
 * Money after the sale (issue 30), as a merchant does it with the merchant API alone: a consumer
 * credit granted through Resurs version 1 and version 2 is captured in two parts, one part
 * refunded and the rest cancelled; the amounts, the webhooks and the lender's own money agree at
 * every step; what the money does not allow is refused with the documented error; one key does
 * one thing; an operation accepted while the lender is down is done once when it is back, even
 * by another server after the first one stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MERCHANT_API, type MerchantApplicationView, type MoneyOperationResponse } from '@portal/domain';
import { call, type Customer, eventually, paymentStatus, press, signAtResursV1, startBusiness, startConsumer, throughKeyFacts } from './flow-helpers';
import { merchantAuth, openTestDatabase, startTestServer, type TestApp, type TestDatabase } from './helpers';

type Server = TestApp & { url: string };

/** Kari's order: two items, 15 000 in all, so a partial delivery is one of them. */
const items = [
  { sku: 'PHN-128', name: 'Phone 128 GB', quantity: 1, unitPrice: 10_000 },
  { sku: 'CASE-1', name: 'Phone case', quantity: 2, unitPrice: 2_500 },
];

let keys = 0;
const newKey = () => `key-${Date.now().toString(36)}-${(keys += 1)}`;

function merchant(t: Server) {
  const post = (url: string, payload: object, key: string | null = newKey()) =>
    t.app.inject({ method: 'POST', url, headers: { ...merchantAuth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const reference = (customer: Customer) => ({ merchantPaymentReference: customer.merchantPaymentReference });
  return {
    capture: (customer: Customer, payload: object, key?: string | null) => post(MERCHANT_API.capture.url(reference(customer)), payload, key),
    refund: (customer: Customer, payload: object, key?: string | null) => post(MERCHANT_API.refund.url(reference(customer)), payload, key),
    cancel: (customer: Customer, payload: object, key?: string | null) => post(MERCHANT_API.cancel.url(reference(customer)), payload, key),
    view: async (customer: Customer) =>
      (await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url(reference(customer)), headers: merchantAuth })).json<MerchantApplicationView>(),
  };
}

/** The webhooks the demo shop received for an order, in their order. */
async function webhooksOf(t: Server, customer: Customer): Promise<{ type: string; data: { money?: { captured: number; refunded: number; cancelled: number; settlement: string } } }[]> {
  const rows = await t.db.query<{ payload: { type: string; data: { merchantPaymentReference: string } } }>(
    'SELECT e.payload FROM webhook_events e JOIN applications a ON a.id = e.application_id WHERE a.merchant_payment_reference = $1 ORDER BY e.seq',
    [customer.merchantPaymentReference],
  );
  return rows.map((row) => row.payload as never);
}

/** A consumer credit granted through Resurs `version` (Kari, who is accepted), with two kinds of items. */
async function grantedConsumer(t: Server, version: 1 | 2): Promise<Customer> {
  const customer = await startConsumer(t, '18087248794', version, t.url, { items, loan: { loanAmount: 15_000, loanPeriod: 36 } });
  if (version === 2) {
    const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const pressed = await press(`${await throughKeyFacts(t, customer)}/approve`);
    await t.app.inject({ method: 'GET', url: (pressed.location ?? '').replace(t.url, ''), headers: { cookie: customer.cookie } });
  } else {
    const submitted = await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await signAtResursV1(t, customer);
  }
  await eventually(async () => (await paymentStatus(t, customer)).paymentStatus === 'ACCEPTED' || null, 15_000);
  return customer;
}

describe.each([2, 1] as const)('money after the sale through Resurs version %s', (version) => {
  let t: Server;
  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => t?.close());

  it('captures in two parts, refunds one, cancels the rest; amounts, webhooks and the lender agree at every step', async () => {
    const shop = merchant(t);
    const customer = await grantedConsumer(t, version);
    expect((await shop.view(customer)).money).toEqual({ currency: 'NOK', authorized: 15_000, captured: 0, refunded: 0, cancelled: 0, settlement: 'AUTHORIZED' });

    // The phone ships first: a capture by lines.
    const first = await shop.capture(customer, { lines: [{ sku: 'PHN-128', quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<MoneyOperationResponse>()).toMatchObject({ operation: { kind: 'capture', state: 'done', amount: 10_000 }, money: { captured: 10_000, settlement: 'PARTLY_CAPTURED' } });

    // One case of two ships: a capture by amount.
    const second = await shop.capture(customer, { amount: 2_500 });
    expect(second.json<MoneyOperationResponse>()).toMatchObject({ operation: { state: 'done' }, money: { captured: 12_500, settlement: 'PARTLY_CAPTURED' } });

    // The case comes back.
    const refund = await shop.refund(customer, { lines: [{ sku: 'CASE-1', quantity: 1 }] });
    expect(refund.json<MoneyOperationResponse>()).toMatchObject({ operation: { kind: 'refund', state: 'done', amount: 2_500 }, money: { refunded: 2_500 } });

    // The second case is never sent: what is not captured is cancelled; the application stays granted.
    const cancel = await shop.cancel(customer, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const view = cancel.json<MerchantApplicationView>();
    expect(view).toMatchObject({ status: 'COMPLETED', money: { authorized: 15_000, captured: 12_500, refunded: 2_500, cancelled: 2_500, settlement: 'PARTLY_REFUNDED' } });
    expect(view.operations.map((operation) => [operation.kind, operation.state, operation.amount])).toEqual([
      ['capture', 'done', 10_000],
      ['capture', 'done', 2_500],
      ['refund', 'done', 2_500],
      ['cancel', 'done', 2_500],
    ]);

    // The merchant heard each, with the money after it.
    const hooks = (await webhooksOf(t, customer)).filter((hook) => hook.type.startsWith('payment.'));
    expect(hooks.map((hook) => [hook.type, hook.data.money?.settlement])).toEqual([
      ['payment.captured', 'PARTLY_CAPTURED'],
      ['payment.captured', 'PARTLY_CAPTURED'],
      // A refund while part is still open: still PARTLY_CAPTURED, until the rest is cancelled.
      ['payment.refunded', 'PARTLY_CAPTURED'],
      ['payment.cancelled', 'PARTLY_REFUNDED'],
    ]);

    // And the lender reads the same money.
    const application = await t.app.repos.applications.findByMerchantReference('demo', customer.merchantPaymentReference);
    const provider = application && (await t.app.repos.providerApplications.find(application.id));
    if (!application || !provider) throw new Error('no application');
    const atLender = await t.app.lenders.for(application, provider).money?.read(application, provider);
    expect(atLender).toEqual({ ok: true, value: { authorized: 15_000, captured: 12_500, refunded: 2_500, cancelled: 2_500 } });
  });

  it('refuses what the money does not allow, with the documented errors, and changes nothing', async () => {
    const shop = merchant(t);
    const customer = await grantedConsumer(t, version);
    expect((await shop.refund(customer, { amount: 1 })).json()).toMatchObject({ status: 409, errorCode: 'PAYMENT_STATUS_FINAL' });
    expect(await shop.capture(customer, { amount: 15_000.01 }).then((r) => [r.statusCode, r.json<{ fieldErrors: object }>().fieldErrors])).toEqual([400, { amount: 'More than is left to capture or cancel' }]);
    expect((await shop.capture(customer, { lines: [{ sku: 'NOPE', quantity: 1 }] })).statusCode).toBe(400);
    expect((await shop.capture(customer, { amount: 100, lines: [{ sku: 'PHN-128', quantity: 1 }] })).statusCode).toBe(400);
    expect((await shop.capture(customer, { amount: 100 }, null)).json()).toMatchObject({ status: 400, fieldErrors: { 'Idempotency-Key': expect.any(String) } });
    await shop.capture(customer, { amount: 5_000 });
    expect((await shop.refund(customer, { amount: 5_000.01 })).statusCode).toBe(400);
    // Everything left cancelled: nothing more can be captured.
    expect((await shop.cancel(customer, {})).statusCode).toBe(200);
    expect((await shop.capture(customer, {})).json()).toMatchObject({ status: 409, errorCode: 'PAYMENT_STATUS_FINAL' });
    expect((await shop.view(customer)).money).toMatchObject({ captured: 5_000, refunded: 0, cancelled: 10_000, settlement: 'CAPTURED' });
  });

  it('does one thing for one key, however often it is sent, and refuses the key with another request', async () => {
    const shop = merchant(t);
    const customer = await grantedConsumer(t, version);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => shop.capture(customer, { amount: 1_000 }, key)));
    expect(new Set(answers.map((answer) => answer.json<MoneyOperationResponse>().operation.id)).size).toBe(1);
    expect((await shop.view(customer)).money).toMatchObject({ captured: 1_000 });
    expect((await shop.capture(customer, { amount: 2_000 }, key)).statusCode).toBe(409);
  });
});

describe('a capture while the lender is down', () => {
  let database: TestDatabase;
  let t: Server | null = null;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('is accepted, kept and done once the lender is back, by another server after the first stopped', async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '2000' }, database);
    const first = t;
    const shop = merchant(first);
    const customer = await grantedConsumer(first, 2);
    const fault = (mode: string) => fetch(`${first.url}/sandbox/control/faults/resurs-v2`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });
    await fault('down');
    const accepted = await shop.capture(customer, { amount: 4_000 });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json<MoneyOperationResponse>()).toMatchObject({ operation: { state: 'pending', amount: 4_000 }, money: { captured: 0 } });
    await first.close();
    t = null;

    // Another server on the same database; Resurs is back.
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '2000' }, database);
    const second = t;
    await fetch(`${second.url}/sandbox/control/faults/resurs-v2`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'normal' }) });
    const done = await eventually(async () => {
      const view = await merchant(second).view(customer);
      return view.operations[0]?.state === 'done' && view;
    }, 60_000);
    expect(done.money).toMatchObject({ captured: 4_000, settlement: 'PARTLY_CAPTURED' });
    expect((await webhooksOf(second, customer)).filter((hook) => hook.type === 'payment.captured')).toHaveLength(1);
    // Once at the lender too.
    const application = await second.app.repos.applications.findByMerchantReference('demo', customer.merchantPaymentReference);
    const provider = application && (await second.app.repos.providerApplications.find(application.id));
    if (!application || !provider) throw new Error('no application');
    expect(await second.app.lenders.for(application, provider).money?.read(application, provider)).toMatchObject({ ok: true, value: { captured: 4_000 } });
  }, 120_000);
});

describe('a lease whose delivery is confirmed', () => {
  let t: Server;
  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => t?.close());

  it('starts when the merchant confirms the delivery: GRENKE contracts it and the status follows', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    // GRENKE waits for this lease's delivery to be confirmed once the signed contract comes.
    await fetch(`${t.url}/sandbox/grenke/control/delivery-confirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ externalReference: customer.reference, required: true }),
    });
    expect((await call(t, customer, 'PATCH', API.grenkeSubmit.pattern, customer.form)).statusCode).toBe(200);
    const shop = merchant(t);
    await eventually(async () => (await shop.view(customer)).status === 'APPROVED' || null, 15_000);
    const sessions = (await call(t, customer, 'GET', API.signB2bSessions.pattern)).json<{ sessions: { signingUrl: string }[] }>();
    await fetch(sessions.sessions[0]?.signingUrl ?? '', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=sign&name=Kari+Nordmann', redirect: 'manual' });
    await call(t, customer, 'PATCH', API.signB2bSessions.pattern);
    // Signed; GRENKE waits for the goods.
    expect(await shop.view(customer)).toMatchObject({ status: 'PENDING', deliveryConfirmedAt: null });

    const confirm = (payload: object, key?: string) =>
      t.app.inject({ method: 'POST', url: MERCHANT_API.confirmDelivery.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: { ...merchantAuth, 'idempotency-key': key ?? newKey() }, payload });
    // GRENKE needs a serial number for the delivered unit: refused at once, nothing kept.
    expect((await confirm({ deliveredOn: '2026-11-27' })).json()).toMatchObject({ status: 400, fieldErrors: { serialNumbers: expect.any(String) } });
    expect((await shop.view(customer)).operations).toEqual([]);

    const confirmed = await confirm({ deliveredOn: '2026-11-27', serialNumbers: [{ sku: 'OFF-KIT', serialNumber: 'SN-4711' }] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<MoneyOperationResponse>()).toMatchObject({ operation: { kind: 'confirm-delivery', state: 'done' }, money: null });
    const contracted = await eventually(async () => {
      const view = await shop.view(customer);
      return view.status === 'COMPLETED' && view;
    }, 15_000);
    expect(contracted.deliveryConfirmedAt).not.toBeNull();
    expect((await webhooksOf(t, customer)).map((hook) => hook.type)).toEqual(expect.arrayContaining(['lease.delivery_confirmed', 'application.completed']));
    // Confirmed once: a second confirmation is refused.
    expect((await confirm({ deliveredOn: '2026-11-27', serialNumbers: [{ sku: 'OFF-KIT', serialNumber: 'SN-4711' }] })).json()).toMatchObject({ status: 409, errorCode: 'PAYMENT_STATUS_FINAL' });
    // A lease is not captured.
    expect((await shop.capture(customer, {})).statusCode).toBe(400);
  });
});
