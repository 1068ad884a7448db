import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type LoanApplicationsResponse, MERCHANT_API, TEST_PEOPLE } from '@portal/domain';
import { sandboxStore } from '@portal/sandbox/testing';
import { CIRCUIT_FAILURE_THRESHOLD } from '../src/providers/health';
import { ENGINES, merchantAuth, startTestServer, SUBMIT_STORM_LIMITS, type TestApp } from './helpers';
import { call, type Customer, eventually, outcomeOf, paymentStatus, press, startConsumer, throughKeyFacts, withFault } from './flow-helpers';

/**
 * Consumer version 2 through the client API, as the SPA drives it, with the Resurs Merchant API
 * adapter talking to the simulator over real HTTP: every test person reaches the decision the
 * sandbox promises, submission is idempotent, and provider faults give the catalogue's errors.
 */
describe.each(ENGINES)('consumer version 2 (Resurs Merchant API) on %s', (engine) => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    // One test submits twenty times at once: the submit limits are raised for it.
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '2000', RATE_LIMITS: SUBMIT_STORM_LIMITS });
  });
  afterAll(async () => t.close());

  const submit = (customer: Customer, form = customer.form) => call(t, customer, 'PATCH', API.resursV2Submit.pattern, form);

  async function submitAndSign(nationalId: string, action: 'approve' | 'cancel' = 'approve') {
    const customer = await startConsumer(t, nationalId, 2, t.url);
    const submitted = await submit(customer);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { decision, callBackUrl } = submitted.json<{ decision: string; callBackUrl: string }>();
    expect(decision).toBe('TASK_REDIRECTION_REQUIRED');
    // The key facts come first (the SECCI mailed), then Resurs' task page.
    expect(callBackUrl).toBe(`${t.url}/loan-subscription/form/key-facts`);
    const taskUrl = await throughKeyFacts(t, customer);
    expect(taskUrl).toMatch(/\/sandbox\/resurs-v2\/task\//);
    const pressed = await press(`${taskUrl}/${action}`);
    expect(pressed.status).toBe(303);
    // Resurs sends the browser back through the portal, which reads the payment, then shows a page.
    const back = pressed.location ?? '';
    expect(back).toMatch(new RegExp(`/api/loan-application/resurs/v2/return/${action === 'approve' ? 'success' : 'fail'}\\?ref=`));
    const returned = await t.app.inject({ method: 'GET', url: back.replace(t.url, ''), headers: { cookie: customer.cookie } });
    expect(returned.statusCode).toBe(302);
    return { customer, location: String(returned.headers.location ?? '') };
  }

  const merchantView = async (customer: Customer) =>
    (
      await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth })
    ).json<{ status: string; outcome: string | null; timeline: { type: string }[] }>();

  it('shows the terms priced by Resurs, not by the merchant', async () => {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    const list = await call(t, customer, 'GET', API.applications.pattern);
    const loan = list.json<{ loanApplications: { loan: { totalMonthlyPayment: number; interestRate: number; cost: number; secciLinks: unknown[] } }[] }>().loanApplications[0]?.loan;
    expect(loan?.totalMonthlyPayment).toBeGreaterThan(15000 / 36);
    expect(loan?.interestRate).toBeGreaterThan(0);
    expect(loan?.cost).toBeGreaterThan(0);
    expect(loan?.secciLinks.length).toBeGreaterThan(0);
  });

  it('gives the screen the total to pay, the effective interest and who is applying', async () => {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    const body = (await call(t, customer, 'GET', API.applications.pattern)).json<LoanApplicationsResponse>();
    const loan = body.loanApplications[0]?.loan;
    expect(loan?.totalAmount).toBe(Math.round(((loan?.loanAmount ?? 0) + (loan?.cost ?? 0)) * 100) / 100);
    expect(loan?.effectiveInterestRate).toBeGreaterThan(loan?.interestRate ?? Infinity);
    expect(body.person).toEqual({ firstName: 'Kari', lastName: 'Nordmann' });
  });

  it('accepts Kari after the task page and sends her back to the merchant approved', async () => {
    const { customer, location } = await submitAndSign('18087248794');
    expect(location).toBe(`${t.url}/loan-subscription/form/payment/loading/demo/${customer.merchantPaymentReference}`);
    const status = await eventually(async () => {
      const s = await paymentStatus(t, customer);
      return s.paymentStatus === 'ACCEPTED' && s;
    });
    expect(outcomeOf(status.redirectUrl)).toBe('client_sign_success_approved');
    const merchant = await merchantView(customer);
    expect(merchant).toMatchObject({ status: 'COMPLETED', outcome: 'client_sign_success_approved' });
    // A completed application cannot be submitted again.
    const again = await submit(customer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'APPLICATION_ALREADY_COMPLETE' });
  });

  it.each(TEST_PEOPLE.filter((p) => p.resurs.kind === 'rejected').map((p) => [p.country, p.nationalId]))(
    'rejects the %s test person %s: the merchant hears client_sign_success_denied',
    async (_country, nationalId) => {
      const { customer } = await submitAndSign(nationalId);
      const status = await eventually(async () => {
        const s = await paymentStatus(t, customer);
        return s.paymentStatus === 'REJECTED' && s;
      });
      // To the decline page first (issue 32); its way back to the shop carries the outcome.
      expect(status.redirectUrl).toBe(`${t.url}/loan-subscription/form/declined`);
      const leave = await call(t, customer, 'POST', API.leave.pattern);
      expect(outcomeOf(leave.json<{ redirectUrl: string }>().redirectUrl)).toBe('client_sign_success_denied');
    },
  );

  it.each(TEST_PEOPLE.filter((p) => p.resurs.kind === 'frozen').map((p) => [p.country, p.nationalId]))(
    'keeps the frozen %s test person %s waiting, then sends them back with apply_continue',
    async (_country, nationalId) => {
      const { customer } = await submitAndSign(nationalId);
      // Within the grace period the waiting screen keeps polling …
      await eventually(async () => (await merchantView(customer)).status === 'PENDING');
      expect((await paymentStatus(t, customer)).paymentStatus).toBe('TASK_REDIRECTION_REQUIRED');
      // … and once the decision has stayed pending beyond it, the customer goes back.
      const [row] = await t.db.query<{ id: string }>(
        `UPDATE provider_applications p SET status_changed_at = now() - interval '1 minute'
           FROM applications a WHERE a.id = p.application_id AND a.reference = $1 RETURNING a.id`,
        [customer.reference],
      );
      // Changed behind the app's back: tell its read models, as the app does after a change.
      t.app.changes.publish(t.db, `app:${row?.id}`);
      const status = await paymentStatus(t, customer);
      expect(status.paymentStatus).toBe('FROZEN');
      expect(outcomeOf(status.redirectUrl)).toBe('apply_continue');
    },
  );

  it.each(
    TEST_PEOPLE.filter((p) => p.resurs.kind === 'frozen-then-accepted' || p.resurs.kind === 'inspection-then-accepted').map((p) => [
      p.resurs.kind,
      p.nationalId,
    ]),
  )('turns %s (%s) into an acceptance the waiting customer sees', async (_kind, nationalId) => {
    const { customer } = await submitAndSign(nationalId);
    await eventually(async () => (await merchantView(customer)).status === 'PENDING');
    // Let the simulated Resurs decide now rather than after 5 or 10 seconds.
    const store = sandboxStore<{ id: string; task: { state: string; completedAt?: string } }>(t.db, 'resurs-v2:payments');
    const [payment] = await store.findBy('orderReference', customer.reference);
    expect(payment).toBeDefined();
    if (!payment) return;
    await store.update(payment.id, (p) => {
      if (!p || p.task.state !== 'SIGNED' || !p.task.completedAt) throw new Error('not signed');
      return { ...p, task: { ...p.task, completedAt: new Date(Date.parse(p.task.completedAt) - 60_000).toISOString() } };
    });
    const status = await eventually(async () => {
      const s = await paymentStatus(t, customer);
      return s.paymentStatus === 'ACCEPTED' && s;
    }, 12_000);
    expect(outcomeOf(status.redirectUrl)).toBe('client_sign_success_approved');
  });

  it('treats a cancelled task as a failed signing', async () => {
    const { customer, location } = await submitAndSign('27028809552', 'cancel');
    expect(location).toBe(`${t.url}/loan-subscription/form/payment/fail`);
    const status = await eventually(async () => {
      const s = await paymentStatus(t, customer);
      return s.paymentStatus === 'REJECTED' && s;
    });
    expect(outcomeOf(status.redirectUrl)).toBe('client_sign_failed');
  });

  it('creates one Resurs payment when the customer submits twenty times at once', async () => {
    const customer = await startConsumer(t, '198305147715', 2, t.url);
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(customer)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.json<{ callBackUrl: string }>().callBackUrl)).size).toBe(1);
    const payments = await sandboxStore(t.db, 'resurs-v2:payments').findBy('orderReference', customer.reference);
    expect(payments).toHaveLength(1);
  });

  it('refuses a form without the required consents, storing nothing at the provider', async () => {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    const response = await submit(customer, { ...customer.form, privacyConsent: false, email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'REQUEST_ERROR',
      fieldErrors: { privacyConsent: 'Terms must be accepted', email: 'Value is in a wrong format' },
    });
    expect(await sandboxStore(t.db, 'resurs-v2:payments').findBy('orderReference', customer.reference)).toHaveLength(0);
  });

  it.each([
    ['down', 503, 'WEB_SERVICE_DOWN'],
    ['unreachable', 503, 'WEB_SERVICE_DOWN'],
    ['rate-limited', 429, 'TOO_MANY_REQUESTS'],
  ] as const)('answers %s Resurs with %i %s, loses nothing, and a retry then succeeds', async (mode, status, errorCode) => {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    await withFault(t, 'resurs-v2', mode, async () => {
      const failed = await submit(customer);
      expect(failed.statusCode).toBe(status);
      expect(failed.json()).toMatchObject({ errorCode });
      // Meanwhile other customers arrive: when Resurs does not answer, their calls open its circuit
      // (a 429 is an answer and does not), and a retry must wait until Resurs answers again.
      for (let i = 0; i < CIRCUIT_FAILURE_THRESHOLD; i += 1) await startConsumer(t, '27028809552', 2, t.url);
      expect(t.app.providerHealth.isAvailable('resurs-v2')).toBe(status === 429);
    });
    // The consents and contact details were kept; the retry goes through.
    const [consents] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM consents c JOIN applications a ON a.id = c.application_id WHERE a.reference = $1`,
      [customer.reference],
    );
    expect(consents?.n).toBeGreaterThan(0);
    const retried = await submit(customer);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ decision: 'TASK_REDIRECTION_REQUIRED' });
  });

  it('acknowledges Resurs callbacks for unknown payments without acting on them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/resurs-v2/authorization',
      payload: { paymentId: 'no-such-payment', status: 'AUTHORIZED', created: new Date().toISOString() },
    });
    expect(response.statusCode).toBe(204);
  });
});
