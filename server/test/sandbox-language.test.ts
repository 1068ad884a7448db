import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MERCHANT_API } from '@portal/domain';
import { merchantAuth, startTestServer, type TestApp, XHR } from './helpers';
import { type Customer, eventually, startBusiness, startConsumer, throughKeyFacts } from './flow-helpers';

/**
 * The outside parties' pages speak the language the customer reads the portal in: the SPA names
 * it on every call (Accept-Language), and the portal passes it on to Resurs' signing and task
 * pages and to the signing service's order, as real brokers take `ui_locales` (BankID's is in
 * bankid.test.ts). Without it, each page speaks the application's country's language.
 */
describe('the sandbox pages follow the portal’s language', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => t.close());

  const spa = (t: TestApp, customer: Customer, method: 'GET' | 'POST' | 'PATCH', url: string, language: string | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...XHR, cookie: customer.cookie, ...(language ? { 'accept-language': language } : {}) },
      ...(payload ? { payload } : {}),
    });
  const page = async (url: string) => (await fetch(url)).text();

  it('Resurs version 1: the signing page in the portal’s language, else the country’s', async () => {
    for (const [language, expected] of [['sv', 'sv'], ['en', 'en'], [null, 'nb']] as const) {
      const customer = await startConsumer(t, '18087248794', 1, t.url);
      const submitted = await spa(t, customer, 'PATCH', API.resursSubmit.pattern, language, { ...customer.form, creditConsent: true });
      expect(submitted.statusCode, submitted.body).toBe(200);
      await throughKeyFacts(t, customer, language ?? undefined);
      const session = await spa(t, customer, 'POST', API.resursCreateSigningSession.pattern, language, {
        successUrl: `${t.url}${API.signSuccess.url()}`,
        failUrl: '/loan-subscription/form/sign/fail',
      });
      expect(session.statusCode, session.body).toBe(200);
      const { signingUrl } = session.json<{ signingUrl: string }>();
      expect(await page(signingUrl)).toContain(`<html lang="${expected}"`);
    }
  });

  it('Resurs version 2: the task page in the portal’s language', async () => {
    const customer = await startConsumer(t, '198305147715', 2, t.url);
    const submitted = await spa(t, customer, 'PATCH', API.resursV2Submit.pattern, 'nb', customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const callBackUrl = await throughKeyFacts(t, customer, 'nb');
    expect(callBackUrl).toMatch(/\/sandbox\/resurs-v2\/task\//);
    const html = await page(callBackUrl);
    expect(html).toContain('<html lang="nb"');
    // A Swedish payment read in Norwegian: kroner named by their code, never "Skr".
    expect(html).toMatch(/SEK/);
  });

  it('the signing service: the contract’s signing page in the portal’s language', async () => {
    const customer = await startBusiness(t, '892831270', t.url);
    expect((await spa(t, customer, 'PATCH', API.grenkeSubmit.pattern, 'en', customer.form)).statusCode).toBe(200);
    await eventually(async () => {
      const view = await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth });
      return view.json<{ status: string }>().status === 'APPROVED';
    }, 15_000);
    const sessions = await spa(t, customer, 'GET', API.signB2bSessions.pattern, 'en');
    expect(sessions.statusCode, sessions.body).toBe(200);
    const signingUrl = sessions.json<{ sessions: { signingUrl: string }[] }>().sessions[0]?.signingUrl ?? '';
    expect(await page(signingUrl)).toContain('<html lang="en"');
  });
});
