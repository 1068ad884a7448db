import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, TEST_PEOPLE } from '@portal/domain';
import { sandboxStore } from '@portal/sandbox/testing';
import { ENGINES, startTestServer, type TestApp } from './helpers';
import { call, type Customer, eventually, outcomeOf, paymentStatus, startConsumer, throughKeyFacts, withFault } from './flow-helpers';

/**
 * Consumer version 1 (Resurs Simplified Shop Flow over SOAP) through the client API: submit,
 * the terms to read, signing session, the signing page, sign/success, and the wait for the
 * decision. The adapter talks SOAP to the simulator over real HTTP.
 */
describe.each(ENGINES)('consumer version 1 (Resurs Simplified Shop Flow) on %s', (engine) => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => t.close());

  // The SPA sends the credit-check consent with every version 1 submission.
  const submit = (customer: Customer, form = customer.form) =>
    call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...form, creditConsent: true });

  /** The signing page's approve or cancel button, as the browser posts it. */
  async function sign(signingUrl: string, action: 'approve' | 'cancel') {
    const response = await fetch(signingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    return response.headers.get('location') ?? '';
  }

  async function submitAndSign(nationalId: string) {
    const customer = await startConsumer(t, nationalId, 1, t.url);
    const submitted = await submit(customer);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ applicationResult: { status: 'SIGNING' } });
    // The key facts and the SECCI's mail come before the signature.
    expect(await throughKeyFacts(t, customer)).toBe('/loan-subscription/form/sign');

    const session = await call(t, customer, 'POST', API.resursCreateSigningSession.pattern, {
      successUrl: `${t.url}${API.signSuccess.url()}`,
      failUrl: '/loan-subscription/form/sign/fail',
    });
    expect(session.statusCode, session.body).toBe(200);
    const { signingUrl } = session.json<{ signingUrl: string }>();
    const back = await sign(signingUrl, 'approve');
    expect(back).toBe(`${t.url}${API.signSuccess.url()}?ref=${customer.reference}`);

    // The browser arrives at sign/success with its session cookie.
    const success = await t.app.inject({ method: 'GET', url: back.replace(t.url, ''), headers: { cookie: customer.cookie } });
    expect(success.statusCode).toBe(302);
    expect(success.headers.location).toBe(`${t.url}/loan-subscription/form/payment/loading/demo/${customer.merchantPaymentReference}`);
    return customer;
  }

  it('books, signs and completes Kari’s application', async () => {
    const customer = await submitAndSign('18087248794');
    const status = await paymentStatus(t, customer);
    expect(status.paymentStatus).toBe('ACCEPTED');
    expect(outcomeOf(status.redirectUrl)).toBe('client_sign_success_approved');
  });

  it("shows the terms to read before signing from Resurs' own sources: the SECCI with the cost of purchase, and the general terms", async () => {
    const customer = await startConsumer(t, '27028809552', 1, t.url);
    await submit(customer);
    const terms = async (termsType: string) => {
      const answer = await call(t, customer, 'GET', `${API.resursIndividualizedTerms.pattern}?termsType=${termsType}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ termsType: string; title: string; html: string }>();
    };
    const secci = await terms('ISEKKI_NEW_ACCOUNT');
    expect(secci).toMatchObject({ termsType: 'ISEKKI_NEW_ACCOUNT', title: 'Standardisert europeisk opplysningsskjema om forbrukerkreditt (SEF)' });
    // The SECCI link carries the application's amount, as Resurs' legal link asks.
    expect(secci.html).toMatch(/^<p><a href="[^"]*\/sandbox\/resurs-v1\/documents\/secci\?paymentMethodId=PARTPAYMENT_NO&amp;amount=\d+">/);
    expect(secci.html).toContain('class="priceTable"');
    const common = await terms('COMMON');
    expect(common).toMatchObject({ termsType: 'COMMON', title: 'Generelle vilkår' });
    expect(common.html).toContain('/sandbox/resurs-v1/documents/general-terms?paymentMethodId=PARTPAYMENT_NO');
    const bad = await call(t, customer, 'GET', `${API.resursIndividualizedTerms.pattern}?termsType=OTHER`);
    expect(bad.statusCode).toBe(400);
  });

  it.each(TEST_PEOPLE.filter((p) => p.resurs.kind === 'rejected').map((p) => [p.country, p.nationalId]))(
    'refuses the %s test person %s with APPLICATION_NOT_APPROVED and tells the merchant apply_denied',
    async (_country, nationalId) => {
      const customer = await startConsumer(t, nationalId, 1, t.url);
      const submitted = await submit(customer);
      expect(submitted.statusCode).toBe(400);
      expect(submitted.json()).toMatchObject({ errorCode: 'APPLICATION_NOT_APPROVED', message: 'Application not approved.' });
      const status = await paymentStatus(t, customer);
      expect(status.paymentStatus).toBe('REJECTED');
      // To the decline page first (issue 32); its way back to the shop carries the outcome.
      expect(status.redirectUrl).toBe(`${t.url}/loan-subscription/form/declined`);
      const leave = await call(t, customer, 'POST', API.leave.pattern);
      expect(outcomeOf(leave.json<{ redirectUrl: string }>().redirectUrl)).toBe('apply_denied');
    },
  );

  it('follows a frozen payment until Resurs books it', async () => {
    const customer = await submitAndSign('23068201608');
    expect((await paymentStatus(t, customer)).paymentStatus).toBe('TASK_REDIRECTION_REQUIRED');
    const store = sandboxStore<{ bookedAt: string | null }>(t.db, 'resurs-v1-payments');
    // The simulator books the payment under the portal's reference (preferredId).
    const payment = await store.get(customer.reference);
    expect(payment?.bookedAt).toBeTruthy();
    await store.update(customer.reference, (p) => {
      if (!p?.bookedAt) throw new Error('not booked');
      return { ...p, bookedAt: new Date(Date.parse(p.bookedAt) - 60_000).toISOString() };
    });
    const status = await eventually(async () => {
      const s = await paymentStatus(t, customer);
      return s.paymentStatus === 'ACCEPTED' && s;
    }, 12_000);
    expect(outcomeOf(status.redirectUrl)).toBe('client_sign_success_approved');
  });

  it('requires the credit-check consent', async () => {
    const customer = await startConsumer(t, '18087248794', 1, t.url);
    const missing = await call(t, customer, 'PATCH', API.resursSubmit.pattern, customer.form);
    expect(missing.json()).toMatchObject({ fieldErrors: { creditConsent: 'This field is required' } });
    const refused = await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: false });
    expect(refused.json()).toMatchObject({ fieldErrors: { creditConsent: 'Terms must be accepted' } });
  });

  it('sends a customer who never signs back to the merchant as a failed signing', async () => {
    const customer = await startConsumer(t, '18087248794', 1, t.url);
    await submit(customer);
    const left = await call(t, customer, 'POST', API.leave.pattern);
    expect(outcomeOf(left.json<{ redirectUrl: string }>().redirectUrl)).toBe('client_sign_failed');
  });

  it('refuses signing return addresses other than the portal’s own', async () => {
    const customer = await startConsumer(t, '18087248794', 1, t.url);
    await submit(customer);
    const session = await call(t, customer, 'POST', API.resursCreateSigningSession.pattern, {
      successUrl: 'https://evil.example.com/api/loan-application/sign/success',
      failUrl: '/loan-subscription/form/sign/fail',
    });
    expect(session.statusCode).toBe(400);
  });

  it('answers a Resurs outage with WEB_SERVICE_DOWN and books on the retry', async () => {
    const customer = await startConsumer(t, '18087248794', 1, t.url);
    await withFault(t, 'resurs-v1', 'down', async () => {
      const failed = await submit(customer);
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ errorCode: 'WEB_SERVICE_DOWN', message: 'Bank services are unavailable. Please try again later.' });
    });
    const retried = await submit(customer);
    expect(retried.statusCode, retried.body).toBe(200);
  });
});
