/**
 * A provider's answer the portal cannot read is the provider's fault, said loudly (issue 29,
 * item 8): logged as an error naming the provider, the call and the field, counted in the
 * metrics and on the back office's Providers page, and shown to the customer as the lender
 * being unavailable: never a price summary with empty figures, never "something in your request
 * was wrong".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type LoanApplicationsResponse } from '@portal/domain';
import { fixture } from '@portal/contracts/fixtures';
import { type StandIn, standIn } from '@portal/contracts/stand-in';
import { call, type Customer, startConsumer } from './flow-helpers';
import { createTestApp, freePort, simulated, type TestApp } from './helpers';

describe('an answer the portal cannot read', () => {
  let t: TestApp & { url: string };
  let resurs: StandIn;
  let customer: Customer;
  const lines: string[] = [];

  beforeAll(async () => {
    // Resurs as published, but its payment methods no longer a list: a change on Resurs' side.
    const answer = (name: string) => ({ status: fixture('resurs-v2', name).status ?? 200, body: fixture('resurs-v2', name).answer });
    resurs = await standIn([
      { method: 'POST', path: '/oauth2/token', answer: answer('token') },
      { method: 'GET', path: '/v2/stores', answer: answer('stores') },
      { method: 'GET', path: /^\/v2\/stores\/[^/]+\/payment_methods$/, answer: { body: { content: { items: [] } } } },
      { method: 'POST', path: '/v2/payments/search', answer: { body: { content: [] } } },
    ]);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = await createTestApp(
      'pglite',
      { PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'info' },
      undefined,
      { write: (line) => void lines.push(line) },
      (config) => ({ ...config, providers: { ...config.providers, resursV2: { ...simulated(config).resursV2, baseUrl: resurs.url } } }),
    );
    await app.app.listen({ port, host: '127.0.0.1' });
    t = { ...app, url };
    customer = await startConsumer(t, '198305147715', 2, url);
  });
  afterAll(async () => {
    await t?.close();
    await resurs?.close();
  });

  it('shows the customer that the lender is unavailable, with no price summary', async () => {
    const list = await call(t, customer, 'GET', API.applications.pattern);
    expect(list.statusCode, list.body).toBe(200);
    const answer = list.json<LoanApplicationsResponse>();
    expect(answer.lenderAvailable).toBe(false);
    expect(answer.loanApplications[0]?.loan).toMatchObject({ cost: null, totalMonthlyPayment: null, interestRate: null, secciLinks: [] });
  });

  it('answers a submission with the lender-unavailable message, not a request error', async () => {
    const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(502);
    expect(submitted.json()).toMatchObject({ errorCode: 'WEB_SERVICE_DOWN' });
  });

  it('logs an error naming the provider, the call and the field, and never the call as ok', () => {
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.operation === 'getPaymentMethods');
    expect(logged.length).toBeGreaterThan(0);
    for (const entry of logged) {
      expect(entry).toMatchObject({ level: 50, provider: 'resurs-v2', outcome: 'unreadable', field: 'content' });
      expect(entry.msg).toBe('provider answer unreadable: resurs-v2 getPaymentMethods, field content');
    }
  });

  it('counts it in the metrics and on the Providers page', async () => {
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/portal_provider_call_duration_seconds_count\{provider="resurs-v2",operation="getPaymentMethods",outcome="unreadable"\} [1-9]/);
    const resursV2 = t.app.providerHealth.statuses().find((status) => status.provider === 'resurs-v2');
    expect(resursV2).toMatchObject({ configured: true, lastUnreadable: { operation: 'getPaymentMethods', field: 'content' } });
    expect(resursV2?.unreadable).toBeGreaterThan(0);
    // An answer in another shape is not an outage: new customers are not turned away by the circuit.
    expect(resursV2?.circuit).toBe('closed');
  });
});
