import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MERCHANT_API } from '@portal/domain';
import { ENGINES, merchantAuth, startTestServer, SUBMIT_STORM_LIMITS, type TestApp } from './helpers';
import { call, type Customer, eventually, outcomeOf, paymentStatus, press, signAtResursV1, startBusiness, startConsumer, throughKeyFacts } from './flow-helpers';

interface MerchantView {
  status: string;
  outcome: string | null;
  timeline: { type: string; status: string | null; outcome: string | null }[];
}

/**
 * The edges of the application lifecycle (issue: every exit path agrees): whatever way the
 * customer or the merchant ends an application, the browser, the merchant API and the webhook
 * tell the same outcome, a request that changes nothing sends nothing, and nothing outside the
 * lifecycle table moves a status.
 */
describe.each(ENGINES)('the application lifecycle on %s', (engine) => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    // One test submits 200 times: the submit limits are raised for it.
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '10000', RATE_LIMITS: SUBMIT_STORM_LIMITS });
  });
  afterAll(async () => t.close());

  const merchantView = async (customer: Customer) =>
    (await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth })).json<MerchantView>();
  const cancel = (customer: Customer) =>
    t.app.inject({ method: 'POST', url: MERCHANT_API.cancel.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth });
  const webhooks = async (customer: Customer) =>
    (
      await t.db.query<{ payload: { type: string; data: { status: string; outcome: string | null } } }>(
        `SELECT w.payload FROM webhook_events w JOIN applications a ON a.id = w.application_id WHERE a.reference = $1 ORDER BY w.seq`,
        [customer.reference],
      )
    ).map((row) => row.payload);

  it('closes an application the customer logs out of before applying, and tells the merchant', async () => {
    const customer = await startConsumer(t, '27028809552', 1, t.url);
    const logout = await call(t, customer, 'POST', API.logout.pattern);
    expect(logout.statusCode).toBe(200);
    const redirect = logout.json<{ redirectUrl: string }>().redirectUrl;
    expect(outcomeOf(redirect)).toBe('apply_cancelled');
    expect(await merchantView(customer)).toMatchObject({ status: 'CANCELLED', outcome: 'apply_cancelled' });
    expect((await webhooks(customer)).map((w) => [w.type, w.data.outcome])).toEqual([['application.cancelled', 'apply_cancelled']]);
  });

  it('sends one submitted webhook however often the same application is submitted', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    for (let round = 0; round < 4; round += 1) {
      const responses = await Promise.all(Array.from({ length: 50 }, () => call(t, customer, 'PATCH', API.grenkeSubmit.pattern, customer.form)));
      expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([200]));
    }
    const submitted = (await webhooks(customer)).filter((w) => w.type === 'application.submitted');
    expect(submitted).toHaveLength(1);
    expect((await merchantView(customer)).timeline.filter((e) => e.type === 'submitted')).toHaveLength(1);
  });

  describe('Resurs version 1', () => {
    const submitV1 = (customer: Customer) => call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });

    it('keeps a frozen application pending, never approved before anything is signed', async () => {
      const customer = await startConsumer(t, '02084929428', 1, t.url);
      const submitted = await submitV1(customer);
      expect(submitted.statusCode, submitted.body).toBe(200);
      // Booked for signing: not a decision yet.
      const before = await merchantView(customer);
      expect(before).toMatchObject({ status: 'SIGNING', outcome: 'apply_continue' });
      expect((await webhooks(customer)).map((w) => w.data.status)).not.toContain('APPROVED');
      expect((await webhooks(customer)).map((w) => w.data.outcome)).not.toContain('apply_approved');

      await signAtResursV1(t, customer);
      // Frozen after signing: pending for the merchant, until the lender decides.
      expect(await merchantView(customer)).toMatchObject({ status: 'PENDING', outcome: 'apply_continue' });
      const last = (await webhooks(customer)).at(-1);
      expect(last?.data).toMatchObject({ status: 'PENDING', outcome: 'apply_continue' });
    });

    it('closes a declined application: a second submit is refused and nothing changes', async () => {
      const customer = await startConsumer(t, '01024924986', 1, t.url);
      const first = await submitV1(customer);
      expect(first.json()).toMatchObject({ errorCode: 'APPLICATION_NOT_APPROVED' });
      const again = await submitV1(customer);
      expect(again.statusCode).toBe(409);
      expect(await merchantView(customer)).toMatchObject({ status: 'DECLINED', outcome: 'apply_denied' });
      expect((await webhooks(customer)).map((w) => w.type)).toEqual(['application.submitted', 'application.declined']);
    });

    it('goes through version 1 end to end for a version 2 application when the Resurs Merchant API is off', async () => {
      const off = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '3000', RESURS_MERCHANT_API_ENABLED: 'false' });
      try {
        const customer = await startConsumer(off, '18087248794', 2, off.url);
        // The screen is version 1's: its version, and the credit check consent in Resurs' words.
        const list = (await call(off, customer, 'GET', API.applications.pattern)).json<{ loanApplications: { version: number }[]; consents: { type: string }[] }>();
        expect(list.loanApplications[0]?.version).toBe(1);
        expect(list.consents.map((c) => c.type)).toContain('CREDIT_CONSENT');
        const v2 = await call(off, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
        expect(v2.statusCode).toBe(400);
        const v1 = await call(off, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
        expect(v1.statusCode, v1.body).toBe(200);
        expect(v1.json()).toMatchObject({ applicationResult: { status: 'SIGNING' } });
        await signAtResursV1(off, customer);
        const status = await paymentStatus(off, customer);
        expect(status.paymentStatus).toBe('ACCEPTED');
        expect(outcomeOf(status.redirectUrl)).toBe('client_sign_success_approved');
      } finally {
        await off.close();
      }
    });
  });

  describe('Resurs version 2', () => {
    it('closes a payment cancelled on Resurs\u2019 page before the failure page shows, so it offers no dead retry', async () => {
      const customer = await startConsumer(t, '27028809552', 2, t.url);
      expect((await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form)).statusCode).toBe(200);
      const pressed = await press(`${await throughKeyFacts(t, customer)}/cancel`);
      const returned = await t.app.inject({ method: 'GET', url: (pressed.location ?? '').replace(t.url, ''), headers: { cookie: customer.cookie } });
      expect(returned.headers.location).toBe(`${t.url}/loan-subscription/form/payment/fail`);
      // Already final when the page loads: the page sees it and offers only the way back.
      const list = await call(t, customer, 'GET', API.applications.pattern);
      expect(list.json<{ loanApplications: { status: string }[] }>().loanApplications[0]?.status).toBe('FAILED');
      expect(await merchantView(customer)).toMatchObject({ status: 'FAILED', outcome: 'client_sign_failed' });
      const left = await call(t, customer, 'POST', API.leave.pattern);
      expect(outcomeOf(left.json<{ redirectUrl: string }>().redirectUrl)).toBe('client_sign_failed');
    });
  });

  describe('GRENKE', () => {
    it('answers the sign page while GRENKE decides with what it can answer, never a 400', async () => {
      const customer = await startBusiness(t, '892831270', t.url);
      await call(t, customer, 'POST', `${API.grenkeMock.url({ action: 'continue', merchantPaymentReference: customer.merchantPaymentReference })}?delay=0`);
      await call(t, customer, 'PATCH', API.grenkeSubmit.pattern, customer.form);
      for (const method of ['GET', 'PATCH'] as const) {
        const sessions = await call(t, customer, method, API.signB2bSessions.pattern);
        expect(sessions.statusCode, sessions.body).toBe(200);
        expect(sessions.json()).toMatchObject({ applicationStatus: 'SUBMITTED', sessions: [] });
      }
    });

    it('lets a signer who declined try again with a new signing order', async () => {
      const customer = await startBusiness(t, '6997368573', t.url);
      await call(t, customer, 'PATCH', API.grenkeSubmit.pattern, customer.form);
      await eventually(async () => (await merchantView(customer)).status === 'APPROVED', 15_000);
      const first = (await call(t, customer, 'GET', API.signB2bSessions.pattern)).json<{ orderId: string; sessions: { signingUrl: string }[] }>();
      const declined = await fetch(first.sessions[0]?.signingUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=reject',
        redirect: 'manual',
      });
      // Declining is an outcome the failure page explains: no error code.
      expect(declined.headers.get('location')).toBe(`${t.url}/loan-subscription/form/sign/fail`);
      const again = (await call(t, customer, 'PATCH', API.signB2bSessions.pattern)).json<{ orderId: string; sessions: { status: string }[] }>();
      expect(again.orderId).not.toBe(first.orderId);
      expect(again.sessions[0]?.status).toBe('CREATED');
      expect(await merchantView(customer)).toMatchObject({ status: 'SIGNING', outcome: 'client_sign_failed' });
    });
  });

  describe('the merchant cancels', () => {
    it('cancels an open application once, idempotently, and the customer\u2019s screen sees it', async () => {
      const customer = await startConsumer(t, '18087248794', 2, t.url);
      const first = await cancel(customer);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: 'CANCELLED', outcome: 'apply_cancelled' });
      const second = await cancel(customer);
      expect(second.statusCode).toBe(200);
      expect((await webhooks(customer)).map((w) => w.type)).toEqual(['application.cancelled']);
      const status = await paymentStatus(t, customer);
      expect(status.paymentStatus).toBe('REJECTED');
      expect(outcomeOf(status.redirectUrl)).toBe('apply_cancelled');
      const submit = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
      expect(submit.statusCode).toBe(409);
    });

    it('withdraws an application already at the lender', async () => {
      const customer = await startBusiness(t, '892831270', t.url);
      await call(t, customer, 'POST', `${API.grenkeMock.url({ action: 'continue', merchantPaymentReference: customer.merchantPaymentReference })}?delay=0`);
      await call(t, customer, 'PATCH', API.grenkeSubmit.pattern, customer.form);
      const cancelled = await cancel(customer);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', outcome: 'apply_cancelled' });
    });

    it('refuses to cancel a final application with PAYMENT_STATUS_FINAL', async () => {
      const customer = await startConsumer(t, '01024924986', 1, t.url);
      await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
      const refused = await cancel(customer);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ errorCode: 'PAYMENT_STATUS_FINAL' });
      expect(await merchantView(customer)).toMatchObject({ status: 'DECLINED', outcome: 'apply_denied' });
    });

    it('answers an unknown order with 404', async () => {
      const response = await t.app.inject({ method: 'POST', url: MERCHANT_API.cancel.url({ merchantPaymentReference: 'no-such-order' }), headers: merchantAuth });
      expect(response.statusCode).toBe(404);
    });
  });

  it('changes statuses only through the lifecycle table', async () => {
    const { readFileSync, readdirSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = new URL('../src/', import.meta.url).pathname;
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') || path.endsWith('.tsx') ? [path] : [];
      });
    const writers = files(root).filter((path) => !path.includes('/sandbox/') && /UPDATE\s+applications\s+SET[^`]*status\s*=/i.test(readFileSync(path, 'utf8')));
    expect(writers.map((path) => path.slice(root.length))).toEqual(['db/repositories/applications.ts']);
    const callers = files(root).filter((path) => /applications\.updateStatus\(/.test(readFileSync(path, 'utf8')));
    expect(callers.map((path) => path.slice(root.length))).toEqual(['services/apply-event.ts']);
  });
});
