/**
 * A customer's way through the client API, as the SPA takes it: the merchant creates the
 * application, the customer logs in (dummy login), validates the reference and submits.
 */
import { expect } from 'vitest';
import {
  API,
  buildApplyForm,
  buildBusinessApplication,
  buildPrivateApplication,
  MERCHANT_API,
  TEST_COMPANIES,
  TEST_PEOPLE,
} from '@portal/domain';
import type { ProviderName } from '../src/providers/types';
import { merchantAuth, nextReference, sessionCookie, type TestApp, XHR } from './helpers';

export interface Customer {
  reference: string;
  merchantPaymentReference: string;
  cookie: string;
  form: Record<string, unknown>;
}

export async function startConsumer(t: TestApp, nationalId: string, version: 1 | 2, origin: string, overrides: Parameters<typeof buildPrivateApplication>[1] = {}): Promise<Customer> {
  const person = TEST_PEOPLE.find((p) => p.nationalId === nationalId);
  if (!person) throw new Error(`no test person ${nationalId}`);
  const merchantPaymentReference = nextReference();
  const created = await t.app.inject({
    method: 'POST',
    url: MERCHANT_API.applications.pattern,
    headers: merchantAuth,
    payload: buildPrivateApplication(nationalId, { merchantPaymentReference, version, callbackUrl: `${origin}/demo-shop/return`, webhookUrl: `${origin}/demo-shop/webhook`, ...overrides }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { reference } = created.json<{ reference: string }>();
  const cookie = await loginAndValidate(t, reference);
  return { reference, merchantPaymentReference, cookie, form: buildApplyForm(person) };
}

export async function startBusiness(t: TestApp, organisationNumber: string, origin: string): Promise<Customer> {
  const company = TEST_COMPANIES.find((c) => c.organisationNumber === organisationNumber);
  if (!company) throw new Error(`no test company ${organisationNumber}`);
  const merchantPaymentReference = nextReference();
  const created = await t.app.inject({
    method: 'POST',
    url: MERCHANT_API.applications.pattern,
    headers: merchantAuth,
    payload: buildBusinessApplication(organisationNumber, { merchantPaymentReference, callbackUrl: `${origin}/demo-shop/return`, webhookUrl: `${origin}/demo-shop/webhook` }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { reference } = created.json<{ reference: string }>();
  const cookie = await loginAndValidate(t, reference);
  return { reference, merchantPaymentReference, cookie, form: buildApplyForm(company, { leasingTermsConsent: true }) };
}

export async function loginAndValidate(t: TestApp, reference: string): Promise<string> {
  const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } });
  const cookie = sessionCookie(login);
  const validated = await t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie } });
  expect(validated.statusCode, validated.body).toBe(200);
  return cookie;
}

export const call = (t: TestApp, customer: Customer, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie: customer.cookie }, ...(payload ? { payload } : {}) });

export async function paymentStatus(t: TestApp, customer: Customer): Promise<{ paymentStatus: string; redirectUrl: string }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API.paymentStatus.url()}?merchantId=demo&merchantPaymentReference=${customer.merchantPaymentReference}`,
    headers: { cookie: customer.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Waits (polling, like the waiting screen) until `check` answers something. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 8000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * The key facts step as the SPA takes it after a consumer's submit (issue 31): the SECCI mailed,
 * waited for until the mail server took it, then on. Answers where the browser goes: the sign page
 * (version 1) or Resurs' task page (version 2).
 */
export async function throughKeyFacts(t: TestApp, customer: Customer, language?: string): Promise<string> {
  const headers = { ...XHR, cookie: customer.cookie, ...(language ? { 'accept-language': language } : {}) };
  const provided = await t.app.inject({ method: 'POST', url: API.precontractual.pattern, headers });
  expect(provided.statusCode, provided.body).toBe(200);
  await eventually(async () => (await call(t, customer, 'GET', API.precontractual.pattern)).json<{ mail?: { state: string } }>().mail?.state === 'sent');
  const next = await t.app.inject({ method: 'POST', url: API.precontractualContinue.pattern, headers });
  expect(next.statusCode, next.body).toBe(200);
  return next.json<{ url: string }>().url;
}

/**
 * Resurs version 1's signing as the browser goes through it, after the submit: the key facts,
 * a signing session, approve on Resurs' page, and back to the portal with the session's cookie.
 * Answers the portal's address Resurs sent the browser back to (a path), for a test that comes back twice.
 */
export async function signAtResursV1(t: TestApp & { url: string }, customer: Customer): Promise<string> {
  await throughKeyFacts(t, customer);
  const session = await call(t, customer, 'POST', API.resursCreateSigningSession.pattern, {
    successUrl: `${t.url}${API.signSuccess.url()}`,
    failUrl: '/loan-subscription/form/sign/fail',
  });
  expect(session.statusCode, session.body).toBe(200);
  const signed = await fetch(session.json<{ signingUrl: string }>().signingUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=approve',
    redirect: 'manual',
  });
  const back = (signed.headers.get('location') ?? '').replace(t.url, '');
  expect((await t.app.inject({ method: 'GET', url: back, headers: { cookie: customer.cookie } })).statusCode).toBe(302);
  return back;
}

/** Presses a button on a simulator page as a browser form would, without following the redirect. */
export async function press(url: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

export const outcomeOf = (url: string): string | null => new URL(url).searchParams.get('outcome');

/**
 * Runs `during` with the sandbox's `provider` in fault `mode`, then puts it back and waits until
 * the portal sends customers to it again. Calls made meanwhile (other customers, the background
 * jobs' polls) may have opened a lender's circuit; the background probe closes it once the
 * lender answers (every 100 ms in tests), and until then a retry fails at once, as it should.
 */
export async function withFault<T>(t: TestApp, provider: ProviderName, mode: string, during: () => Promise<T>): Promise<T> {
  const put = async (next: string) => {
    const response = await t.app.inject({ method: 'PUT', url: `/sandbox/control/faults/${provider}`, payload: { mode: next } });
    expect(response.statusCode, response.body).toBe(200);
  };
  await put(mode);
  try {
    return await during();
  } finally {
    await put('normal');
    await eventually(async () => t.app.providerHealth.isAvailable(provider));
  }
}
