/**
 * The providers' preflight (`npm run providers:check`, the back office's Providers page): against
 * the sandbox every provider answers; against a provider that answers in another shape than it
 * publishes, the check names the provider, the call and the field; a provider left out is off.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_API, findTestOperator } from '@portal/domain';
import { fixture } from '@portal/contracts/fixtures';
import { type StandIn, standIn } from '@portal/contracts/stand-in';
import { explain, main, report } from '../src/cli/providers-check';
import { loadConfig } from '../src/config';
import { runProvidersCheck } from '../src/services/providers-check';
import { OperatorBrowser } from './back-office-helpers';
import { simulated, startTestServer, type TestApp, XHR } from './helpers';

const silent = pino({ level: 'silent' });

describe('providers check', () => {
  let t: TestApp & { url: string };
  let wrongShape: StandIn;
  beforeAll(async () => {
    t = await startTestServer('pglite');
    // Resurs as published, except that its payment methods come one level deeper, as if its API had changed.
    const answer = (name: string) => ({ status: fixture('resurs-v2', name).status ?? 200, body: fixture('resurs-v2', name).answer });
    const methods = fixture('resurs-v2', 'payment-methods').answer as { content: unknown[] };
    wrongShape = await standIn([
      { method: 'POST', path: '/oauth2/token', answer: answer('token') },
      { method: 'GET', path: '/v2/stores', answer: answer('stores') },
      { method: 'GET', path: /^\/v2\/stores\/[^/]+\/payment_methods$/, answer: { body: { content: { paymentMethods: methods.content } } } },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await wrongShape?.close();
  });

  it('finds every provider of the sandbox answering, each country of each', async () => {
    const result = await runProvidersCheck(t.app.config, silent);
    expect(result.sandbox).toBe(true);
    expect(result.checks.filter((check) => check.outcome !== 'ok')).toEqual([]);
    expect(result.checks.map((check) => `${check.provider}${check.country ? `:${check.country}` : ''}`)).toEqual([
      'resurs-v2:NO',
      'resurs-v2:SE',
      'resurs-v1:NO',
      'resurs-v1:SE',
      'grenke:NO',
      'grenke:SE',
      'signing',
      'registry:NO',
      'registry:SE',
      'bankid',
    ]);
    // Harmless calls only: reads and tokens, nothing that creates anything at a provider.
    const calls = result.checks.flatMap((check) => check.calls);
    expect(calls.filter((operation) => /create|book|cancel|annul|upload|delete/i.test(operation))).toEqual([]);
    expect(report(result).join('\n')).not.toMatch(/FAIL/);
  });

  it('names the provider, the call and the field of an answer in another shape, and says what to do', async () => {
    const config = { ...t.app.config, providers: { ...t.app.config.providers, resursV2: { ...simulated(t.app.config).resursV2, baseUrl: wrongShape.url } } };
    const result = await runProvidersCheck(config, silent);
    const norway = result.checks.find((check) => check.provider === 'resurs-v2' && check.country === 'NO');
    expect(norway).toMatchObject({ outcome: 'failed', problem: { kind: 'unreadable', operation: 'getPaymentMethods', field: 'content' } });
    expect(norway && explain(norway)).toBe(
      "answered getPaymentMethods in a shape this portal cannot read (field content): the provider's API differs from what the portal was built for; tell the portal's developers and the provider",
    );
    // The others still answer.
    expect(result.checks.filter((check) => check.outcome === 'failed').map((check) => check.provider)).toEqual(['resurs-v2', 'resurs-v2']);
  });

  it('says which credentials to check when a provider refuses them, and which address when it cannot be reached', async () => {
    const { resursV2 } = simulated(t.app.config);
    const config = {
      ...t.app.config,
      providers: {
        ...t.app.config.providers,
        resursV2: { ...resursV2, accounts: { ...resursV2.accounts, SE: { ...resursV2.accounts.SE, clientSecret: 'not-the-secret' } } },
        signing: { ...simulated(t.app.config).signing, baseUrl: 'http://127.0.0.1:9/signing' },
      },
    };
    const result = await runProvidersCheck(config, silent);
    const sweden = result.checks.find((check) => check.provider === 'resurs-v2' && check.country === 'SE');
    expect(sweden?.problem?.kind).toBe('credentials-refused');
    expect(sweden && explain(sweden)).toMatch(/^refused the portal's credentials \(401\) at getToken: check RESURS_V2_BASE_URL, RESURS_V2_CLIENT_ID_SE \(or RESURS_V2_CLIENT_ID\), RESURS_V2_CLIENT_SECRET_SE/);
    const signing = result.checks.find((check) => check.provider === 'signing');
    expect(signing && explain(signing)).toBe(
      'could not be reached at http://127.0.0.1:9/signing (getToken): check the address, DNS, and that this server may reach it (firewall, proxy)',
    );
  });

  it('prints a provider that is not configured as off, and exits 1 only when a configured one fails', async () => {
    // Only Resurs Merchant API 2.0 (the sandbox's, reached over HTTP) and a BankID broker: the rest is off.
    const lines: string[] = [];
    const { accounts } = simulated(t.app.config).resursV2;
    const env = {
      PUBLIC_URL: t.url,
      LOG_LEVEL: 'silent',
      RESURS_V2_BASE_URL: `${t.url}/sandbox/resurs-v2`,
      RESURS_V2_CLIENT_ID_NO: accounts.NO.clientId,
      RESURS_V2_CLIENT_SECRET_NO: accounts.NO.clientSecret,
      RESURS_V2_CLIENT_ID_SE: accounts.SE.clientId,
      RESURS_V2_CLIENT_SECRET_SE: accounts.SE.clientSecret,
      RESURS_V2_STORE_ID: accounts.NO.storeId,
      OIDC_ISSUER: `${t.url}/sandbox/bankid`,
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'sandbox-oidc-secret',
    };
    expect(loadConfig(env).offers).toMatchObject({ resursV2: ['NO', 'SE'], resursV1: [], business: [] });
    const code = await main(env, (line) => lines.push(line));
    const text = lines.join('\n');
    expect(text).toMatch(/ok +Resurs Merchant API 2\.0 · NO +answers \(getToken, getStores/);
    expect(text).toMatch(/off +GRENKE leasing · NO +off: not configured, so its products are not offered/);
    expect(text).toMatch(/off +Company registry · NO +off: not used, business leasing is not offered there/);
    expect(text).toMatch(/business leasing through GRENKE: off \(not configured\)/);
    expect(text).not.toMatch(/FAIL/);
    expect(code).toBe(0);
    expect(await main({ ...env, OIDC_ISSUER: 'http://127.0.0.1:9/broker' }, () => undefined)).toBe(1);
    expect(await main({ RESURS_V2_BASE_URL: 'https://merchant-api.integration.resurs.com' }, (line) => lines.push(line))).toBe(78);
  });

  it('runs from the back office for support, audited', async () => {
    const support = findTestOperator('operator-support');
    if (!support) throw new Error('no test operator');
    const browser = new OperatorBrowser(t.url);
    await browser.signIn(support);
    const response = await t.app.inject({ method: 'POST', url: BACK_OFFICE_API.checkProviders.route.url(), headers: { ...XHR, cookie: browser.operatorCookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ checks: { outcome: string }[] }>();
    expect(body.checks.every((check) => check.outcome === 'ok')).toBe(true);
    const audit = await t.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'providers.checked'");
    expect(audit).toHaveLength(1);
  });
});
