/**
 * No existence oracle (PRODUCT section 2.4): a reference that does not exist and one that is
 * someone else's answer alike everywhere (client API, payment status, signing, documents): the
 * same status, the same body, and the same work before the answer (the same database queries),
 * so its timing does not tell them apart either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildBusinessApplication, buildPrivateApplication, MERCHANT_API, type Language } from '@portal/domain';
import { sha256Hex } from '../src/lib/crypto';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { merchantAuth, nextReference, sessionCookie, startTestServer, type TestApp, XHR } from './helpers';

let t: TestApp & { url: string };
const UNKNOWN = 'NoSuchReference000000000';

async function create(body: ReturnType<typeof buildPrivateApplication>): Promise<{ reference: string; merchantPaymentReference: string }> {
  const response = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return { reference: response.json<{ reference: string }>().reference, merchantPaymentReference: body.merchantPaymentReference };
}

/** Kari's session, on her own application. */
async function kari(): Promise<string> {
  const own = await create(buildPrivateApplication('18087248794', { merchantPaymentReference: nextReference() }, t.url));
  const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference: own.reference } });
  return sessionCookie(login);
}

/**
 * Makes `reference` the session's application, as identification started from that link does
 * (the BankID start keeps the reference and the callback puts it in the session).
 */
async function withActiveReference(cookie: string, reference: string): Promise<void> {
  const signed = decodeURIComponent(cookie.slice(`${SESSION_COOKIE}=`.length));
  const idHash = sha256Hex(signed.slice(0, signed.lastIndexOf('.')));
  const stored = await t.app.repos.sessions.get(idHash);
  if (!stored) throw new Error('no session');
  await t.app.repos.sessions.set(idHash, { ...stored.data, activeReference: reference }, stored.expiresAt);
}

/** The queries the database ran while `fn` ran. */
async function queriesOf(fn: () => Promise<unknown>): Promise<string[]> {
  const db = t.app.db;
  const original = db.query.bind(db);
  const seen: string[] = [];
  db.query = ((sql: string, params?: readonly unknown[]) => {
    seen.push(sql.replace(/\s+/g, ' ').trim());
    return original(sql, params as never);
  }) as typeof db.query;
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return seen;
}

beforeAll(async () => {
  t = await startTestServer('pglite');
}, 120_000);
afterAll(() => t.close());

describe('an unknown reference and someone else’s answer alike', () => {
  const someoneElses = {
    'a person’s application (national ID given)': () => buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() }, t.url),
    'a person’s application claimed by name (no national ID, another name)': () =>
      buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference(), customer: { nationalId: null } }, t.url),
    'a company’s application for another signatory': () => buildBusinessApplication('996030962', { merchantPaymentReference: nextReference() }, t.url),
  };

  it.each(Object.entries(someoneElses))('validate: %s is 404 with the unknown reference’s body, in every language, after the same queries', async (_name, build) => {
    const cookie = await kari();
    const theirs = await create(build());
    const validate = (reference: string, language: Language) =>
      t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie, 'accept-language': language } });
    for (const language of ['en', 'sv', 'nb'] as const) {
      const unknown = await validate(UNKNOWN, language);
      const other = await validate(theirs.reference, language);
      expect(unknown.statusCode).toBe(404);
      expect(other.statusCode).toBe(404);
      expect(other.body).toBe(unknown.body);
      expect(other.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    const unknownQueries = await queriesOf(() => validate(UNKNOWN, 'en'));
    const otherQueries = await queriesOf(() => validate(theirs.reference, 'en'));
    expect(otherQueries).toEqual(unknownQueries);
  });

  it('validate: a company this person may not sign for (the registry says so) is 404 with the unknown reference’s body', async () => {
    const cookie = await kari();
    // No signatory named: the registry decides, and Kari is not on Fjordbyen's.
    const theirs = await create(buildBusinessApplication('996030962', { merchantPaymentReference: nextReference(), customer: { nationalId: null } }, t.url));
    const unknown = await t.app.inject({ method: 'GET', url: API.validate.url({ reference: UNKNOWN }), headers: { cookie } });
    const other = await t.app.inject({ method: 'GET', url: API.validate.url({ reference: theirs.reference }), headers: { cookie } });
    expect([other.statusCode, other.body]).toEqual([404, unknown.body]);
  });

  // Every call that works on the session's application: the same answer whether that reference
  // does not exist or is someone else's.
  const sessionCalls: [string, 'GET' | 'POST' | 'PATCH', string, object | undefined][] = [
    ['applications', 'GET', API.applications.url(), undefined],
    ['business signing sessions', 'GET', API.signB2bSessions.url(), undefined],
    ['business signing sessions refresh', 'PATCH', API.signB2bSessions.url(), undefined],
    ['signed document', 'GET', `${API.signedDocument.url()}?signingRef=order-1&packagingTaskId=task-1`, undefined],
    ['individualised terms', 'GET', `${API.resursIndividualizedTerms.url()}?termsType=COMMON`, undefined],
    ['signing session', 'POST', API.resursCreateSigningSession.url(), { successUrl: 'http://localhost:3000/api/loan-application/sign/success', failUrl: '/loan-subscription/form/sign/fail' }],
    ['signed return', 'GET', API.signSuccess.url(), undefined],
    ['Resurs v1 submit', 'PATCH', API.resursSubmit.url(), { phone: '+47 91234567', email: 'kari@example.com', address: 'Storgata 1', postalCode: '0155', city: 'Oslo', personalInfoConsent: true, privacyConsent: true, creditConsent: true }],
    ['Resurs v2 submit', 'PATCH', API.resursV2Submit.url(), { phone: '+47 91234567', email: 'kari@example.com', address: 'Storgata 1', postalCode: '0155', city: 'Oslo', personalInfoConsent: true, privacyConsent: true }],
    ['GRENKE submit', 'PATCH', API.grenkeSubmit.url(), { phone: '+47 91234567', email: 'kari@example.com', address: 'Storgata 1', postalCode: '0155', city: 'Oslo', personalInfoConsent: true, privacyConsent: true, leasingTermsConsent: true }],
    ['renewal', 'POST', API.renewalInit.url(), { consents: { fairownRenewalAssessmentConsent: true, fairownRenewalConsent: true }, orders: [{ subscriptionReference: 'S-1', displayedResidualValue: 1, items: [{ productReference: 'P-1', sku: 'X', serialNumber: 'SN', displayedResidualValue: 1 }] }] }],
    ['leave', 'POST', API.leave.url(), undefined],
  ];

  it.each(sessionCalls)('%s: the same status and body', async (_name, method, url, payload) => {
    const theirs = await create(buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() }, t.url));
    // Both of Kari's sessions first: her list of applications is then the same for both calls.
    const sessions = [await kari(), await kari()];
    const answers = [];
    for (const [i, reference] of [UNKNOWN, theirs.reference].entries()) {
      const cookie = sessions[i] ?? '';
      await withActiveReference(cookie, reference);
      const response = await t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
      // The list of one's own applications always answers; everything else refuses.
      expect(response.statusCode, response.body).toBe(url === API.applications.url() ? 200 : 404);
      answers.push(response.body.replaceAll(/"reference":"[^"]+"|"merchantPaymentReference":"[^"]+"/g, ''));
    }
    expect(answers[1]).toBe(answers[0]);
  });

  it('payment status: the same status, body and queries for an unknown order and someone else’s, also while its owner polls', async () => {
    const cookie = await kari();
    const theirs = await create(buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() }, t.url));
    const owner = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference: theirs.reference } });
    const poll = (merchantPaymentReference: string, who: string) =>
      t.app.inject({ method: 'GET', url: `${API.paymentStatus.url()}?merchantId=demo&merchantPaymentReference=${merchantPaymentReference}`, headers: { cookie: who } });
    // The owner's poll puts the status in memory; the refusal still reads the database, as for an unknown order.
    expect((await poll(theirs.merchantPaymentReference, sessionCookie(owner))).statusCode).toBe(200);
    const unknown = await poll(`unknown-${theirs.merchantPaymentReference}`, cookie);
    const other = await poll(theirs.merchantPaymentReference, cookie);
    expect([unknown.statusCode, other.statusCode]).toEqual([404, 404]);
    expect(other.body).toBe(unknown.body);
    const unknownQueries = await queriesOf(() => poll(`unknown-${theirs.merchantPaymentReference}`, cookie));
    const otherQueries = await queriesOf(() => poll(theirs.merchantPaymentReference, cookie));
    expect(otherQueries).toEqual(unknownQueries);
    expect(otherQueries.length).toBeGreaterThan(0);
  });

  it('the return from Resurs: someone else’s reference and an unknown one lead to the same page, and nobody is asked', async () => {
    const cookie = await kari();
    const theirs = await create(buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() }, t.url));
    const back = (reference: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `${API.resursV2Return.url({ result: 'success' })}?ref=${reference}`, headers });
    for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
      const unknown = await back(UNKNOWN, headers);
      const other = await back(theirs.reference, headers);
      expect(other.statusCode).toBe(302);
      expect(unknown.statusCode).toBe(302);
      expect(String(other.headers.location).replace(theirs.reference, UNKNOWN)).toBe(unknown.headers.location);
      expect(String(other.headers.location)).not.toContain(theirs.merchantPaymentReference);
    }
  });

  it('the former way to another application’s shop is gone', async () => {
    const theirs = await create(buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference() }, t.url));
    const response = await t.app.inject({ method: 'GET', url: `/api/loan-application/shop/${theirs.reference}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });
});
