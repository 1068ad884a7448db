import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  buildApplyForm,
  buildBusinessApplication,
  buildPrivateApplication,
  type LoanApplicationsResponse,
  MERCHANT_API,
  TEST_COMPANIES,
  TEST_PEOPLE,
} from '@portal/domain';
import { DEMO_MERCHANT } from '../src/sandbox-mode/demo-merchant';
import { SANDBOX_CREDIT_AGENCIES } from '../src/services/credit-agencies';
import { merchantAuth, nextReference, startTestServer, type TestApp } from './helpers';
import { call, type Customer, eventually, loginAndValidate, press, throughKeyFacts } from './flow-helpers';

/**
 * The credit check is the customer's business (issue 31, item 5): the customer is told before
 * applying which agency the lender asks (the client API names it), while the merchant hears the
 * outcome and nothing of how it was reached. Every webhook and every merchant API answer of
 * whole applications, approved and declined, by each lender, is searched for a score, a bureau,
 * an agency or a reason.
 */

/** Keys that would carry what the merchant must not learn. */
const FORBIDDEN_KEY = /score|bureau|agency|reason|credit.?check|kredit|rating|risk/i;
/** Values that would: the lender's decline categories, and the agencies' names. */
const FORBIDDEN_VALUE = [
  /CREDIT_DENIED/,
  /\bUC( AB)?\b/,
  /experian/i,
  /bisnode/i,
  /dun ?& ?bradstreet/i,
  /creditsafe/i,
  /upplysningscentralen/i,
  ...Object.values(SANDBOX_CREDIT_AGENCIES.RESURS).flatMap((name) => (name ? [new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')] : [])),
];

/** Each place in a JSON value where a forbidden key or value is, as `path: what`. */
function forbiddenIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => forbiddenIn(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [
      ...(FORBIDDEN_KEY.test(key) ? [`${path}.${key}: key`] : []),
      ...forbiddenIn(inner, `${path}.${key}`),
    ]);
  }
  if (typeof value !== 'string') return [];
  const hits = FORBIDDEN_VALUE.filter((pattern) => pattern.test(value));
  return hits.length > 0 ? [`${path}: ${hits.join(' ')}`] : [];
}

describe('what the merchant is told of the credit check', () => {
  let t: TestApp & { url: string };
  let shop: Server;
  let hooks = '';
  /** Every webhook body the shop's endpoint received. */
  const webhooks: { data: { merchantPaymentReference: string; status: string } }[] = [];
  /** Every merchant API answer the shop got. */
  const answers: { what: string; body: unknown }[] = [];

  beforeAll(async () => {
    shop = createServer((request, response) => {
      let data = '';
      request.on('data', (chunk: Buffer) => (data += chunk.toString()));
      request.on('end', () => {
        webhooks.push(JSON.parse(data) as (typeof webhooks)[number]);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const address = shop.address();
    hooks = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '5000' });
    await t.app.repos.merchants.addAllowedOrigins(DEMO_MERCHANT.id, [hooks]);
  });
  afterAll(async () => {
    await t.close();
    shop.close();
  });

  /** The merchant creates the application (its answer kept), the customer logs in and opens it. */
  async function start(payload: Record<string, unknown>, form: Record<string, unknown>): Promise<Customer> {
    const merchantPaymentReference = String(payload.merchantPaymentReference);
    const created = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload });
    expect(created.statusCode, created.body).toBe(201);
    answers.push({ what: `created ${merchantPaymentReference}`, body: created.json() });
    const { reference } = created.json<{ reference: string }>();
    return { reference, merchantPaymentReference, cookie: await loginAndValidate(t, reference), form };
  }

  const consumer = (nationalId: string, version: 1 | 2) => {
    const person = TEST_PEOPLE.find((p) => p.nationalId === nationalId);
    if (!person) throw new Error(`no test person ${nationalId}`);
    const payload = buildPrivateApplication(nationalId, { merchantPaymentReference: nextReference('credit-check'), version, webhookUrl: `${hooks}/hooks` }, t.url);
    return start(payload, buildApplyForm(person, version === 1 ? { creditConsent: true } : {}));
  };

  /** The merchant API's view, kept, once it reads `status`. */
  async function merchantSees(customer: Customer, status: string) {
    const view = await eventually(async () => {
      const answer = await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth });
      const body = answer.json<{ status: string }>();
      return body.status === status && body;
    }, 20_000);
    answers.push({ what: `${customer.merchantPaymentReference} ${status}`, body: view });
    // The webhook of that status has come too.
    await eventually(async () => webhooks.some((w) => w.data.merchantPaymentReference === customer.merchantPaymentReference && w.data.status === status), 30_000);
  }

  async function resursV2(nationalId: string, status: string) {
    const customer = await consumer(nationalId, 2);
    const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { callBackUrl } = submitted.json<{ callBackUrl: string }>();
    // A credit to sign goes through the key facts first (the SECCI mailed), then to Resurs' task page.
    const taskUrl = callBackUrl.endsWith('/form/key-facts') ? await throughKeyFacts(t, customer) : callBackUrl;
    const pressed = await press(`${taskUrl}/approve`);
    await t.app.inject({ method: 'GET', url: (pressed.location ?? '').replace(t.url, ''), headers: { cookie: customer.cookie } });
    await merchantSees(customer, status);
  }

  async function resursV1(nationalId: string, status: string) {
    const customer = await consumer(nationalId, 1);
    const submitted = await call(t, customer, 'PATCH', API.resursSubmit.pattern, customer.form);
    // Resurs version 1 declines at the booking: the customer's answer is the catalogue's 400.
    expect(submitted.statusCode, submitted.body).toBe(status === 'COMPLETED' ? 200 : 400);
    if (status === 'COMPLETED') {
      await throughKeyFacts(t, customer);
      const session = await call(t, customer, 'POST', API.resursCreateSigningSession.pattern, { successUrl: `${t.url}${API.signSuccess.url()}`, failUrl: '/loan-subscription/form/sign/fail' });
      const { signingUrl } = session.json<{ signingUrl: string }>();
      const signed = await fetch(signingUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=approve', redirect: 'manual' });
      await t.app.inject({ method: 'GET', url: (signed.headers.get('location') ?? '').replace(t.url, ''), headers: { cookie: customer.cookie } });
    }
    await merchantSees(customer, status);
  }

  async function grenke(organisationNumber: string, status: string) {
    const company = TEST_COMPANIES.find((c) => c.organisationNumber === organisationNumber);
    if (!company) throw new Error(`no test company ${organisationNumber}`);
    const payload = buildBusinessApplication(organisationNumber, { merchantPaymentReference: nextReference('credit-check'), webhookUrl: `${hooks}/hooks` }, t.url);
    const customer = await start(payload, buildApplyForm(company, { leasingTermsConsent: true }));
    const submitted = await call(t, customer, 'PATCH', API.grenkeSubmit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    await merchantSees(customer, status);
  }

  it('finds what it looks for', () => {
    // The search itself can fail: a body carrying any of it is caught.
    expect(forbiddenIn({ data: { creditAgency: null } })).toEqual(['$.data.creditAgency: key']);
    expect(forbiddenIn({ data: { event: { detail: { rejectedReason: 'CREDIT_DENIED' } } } })).toHaveLength(2);
    expect(forbiddenIn([{ note: 'asked UC AB' }, { note: 'Experian AS' }, { score: 700 }])).toHaveLength(3);
    expect(forbiddenIn({ status: 'DECLINED', outcome: 'client_sign_success_denied', reference: 'aUCb-x' })).toEqual([]);
  });

  it('names the agency to the customer, per lender and country, and none for a company', async () => {
    const agencyOf = async (customer: Customer) =>
      (await call(t, customer, 'GET', API.applications.pattern)).json<LoanApplicationsResponse>().loanApplications[0]?.creditAgency;
    expect(await agencyOf(await consumer('198305147715', 2))).toBe('UC AB');
    expect(await agencyOf(await consumer('18087248794', 1))).toBe('Experian AS');
    const company = TEST_COMPANIES.find((c) => c.organisationNumber === '892831270');
    if (!company) throw new Error('no test company');
    const lease = await start(buildBusinessApplication('892831270', { merchantPaymentReference: nextReference('credit-check') }, t.url), buildApplyForm(company));
    expect(await agencyOf(lease)).toBeNull();
  });

  it('tells the merchant the outcome of approved and declined applications, and nothing of the credit check', async () => {
    await resursV2('198305147715', 'COMPLETED');
    await resursV2('197211072793', 'DECLINED');
    await resursV1('18087248794', 'COMPLETED');
    await resursV1('01024924986', 'DECLINED');
    await grenke('892831270', 'APPROVED');
    await grenke('996030962', 'DECLINED');

    const statuses = new Set(webhooks.map((w) => w.data.status));
    expect([...statuses]).toEqual(expect.arrayContaining(['COMPLETED', 'APPROVED', 'DECLINED']));
    expect(answers.length).toBeGreaterThanOrEqual(12);
    const found = [
      ...webhooks.flatMap((body, index) => forbiddenIn(body, `webhook ${index} (${body.data.merchantPaymentReference})`)),
      ...answers.flatMap(({ what, body }) => forbiddenIn(body, `answer ${what}`)),
    ];
    expect(found).toEqual([]);
  }, 120_000);
});
