/**
 * A merchant's own Resurs account (ADR 22), end to end on the real server with the Resurs
 * simulator over HTTP: an admin enters the merchant's Merchant API account for a country in the
 * back office; that merchant's version 2 applications in that country go through it (the
 * simulator knows a payment to the account that made it only), the account is kept on the
 * provider row, and the secret is sealed at rest and never answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, BACK_OFFICE_API, findTestOperator } from '@portal/domain';
import { DEMO_MERCHANT, SANDBOX_SHOP_RESURS_ACCOUNTS } from '../src/sandbox-mode/demo-merchant';
import { OperatorBrowser } from './back-office-helpers';
import { call, type Customer, eventually, paymentStatus, press, startConsumer, throughKeyFacts } from './flow-helpers';
import { startTestServer, type TestApp, XHR, simulated } from './helpers';

const ADMIN = findTestOperator('operator-admin');
const ANNA = '198305147715'; // SE, accepted
const KARI = '18087248794'; // NO, accepted

describe("a merchant's own Resurs account", () => {
  let t: TestApp & { url: string };
  const admin = { browser: null as OperatorBrowser | null };

  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '2000' });
    if (!ADMIN) throw new Error('no admin operator');
    admin.browser = new OperatorBrowser(t.url);
    expect(await admin.browser.signIn(ADMIN)).toBe(`${t.url}/back-office/`);
  });
  afterAll(async () => t.close());

  const setAccounts = async (credentials: object) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: BACK_OFFICE_API.providerSettings.route.url({ merchantId: DEMO_MERCHANT.id }),
      headers: { ...XHR, cookie: admin.browser?.operatorCookie ?? '' },
      payload: { resurs: { storeId: null, credentials } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const submit = (customer: Customer) => call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
  const accountOf = async (customer: Customer) => {
    const [row] = await t.db.query<{ lender_account: unknown }>(
      'SELECT p.lender_account FROM provider_applications p JOIN applications a ON a.id = p.application_id WHERE a.reference = $1',
      [customer.reference],
    );
    return row?.lender_account;
  };

  it("sends the merchant's applications in that country through its account, and keeps following them through it", async () => {
    const own = SANDBOX_SHOP_RESURS_ACCOUNTS.SE;
    const saved = await setAccounts({ SE: own });
    expect(saved.body).not.toContain(own.clientSecret);

    const anna = await startConsumer(t, ANNA, 2, t.url);
    const submitted = await submit(anna);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await accountOf(anna)).toEqual({ source: 'merchant', country: 'SE', id: own.clientId });
    // Support sees which account it went through, never a secret.
    const detail = await t.app.inject({
      method: 'GET',
      url: BACK_OFFICE_API.application.route.url({ reference: anna.reference }),
      headers: { cookie: admin.browser?.operatorCookie ?? '' },
    });
    expect(detail.json<{ lenderAccount: unknown }>().lenderAccount).toEqual({ source: 'merchant', country: 'SE', id: own.clientId });
    expect(detail.body).not.toContain(own.clientSecret);

    // Signed at Resurs; the portal reads the payment back, which only the account that made it can.
    expect((await press(`${await throughKeyFacts(t, anna)}/approve`)).status).toBe(303);
    const status = await eventually(async () => {
      const s = await paymentStatus(t, anna);
      return s.paymentStatus === 'ACCEPTED' && s;
    });
    expect(status.paymentStatus).toBe('ACCEPTED');

    // Norway has no account of the merchant's: the portal's own Norwegian account.
    const kari = await startConsumer(t, KARI, 2, t.url);
    expect((await submit(kari)).statusCode).toBe(200);
    expect(await accountOf(kari)).toEqual({ source: 'portal', country: 'NO', id: simulated(t.app.config).resursV2.accounts.NO.clientId });
  });

  it("refuses a submission through another country's account, which Resurs does not know in that country", async () => {
    // Norway's account entered as Sweden's: the simulator has no Swedish store for it.
    await setAccounts({ SE: SANDBOX_SHOP_RESURS_ACCOUNTS.NO });
    const anna = await startConsumer(t, ANNA, 2, t.url);
    const submitted = await submit(anna);
    expect(submitted.statusCode, submitted.body).toBeGreaterThanOrEqual(400);
    expect(await accountOf(anna)).toEqual({ source: 'merchant', country: 'SE', id: SANDBOX_SHOP_RESURS_ACCOUNTS.NO.clientId });
    await setAccounts({});
  });

  it('keeps the secret sealed at rest: the stored settings hold no secret in the clear', async () => {
    await setAccounts({ SE: SANDBOX_SHOP_RESURS_ACCOUNTS.SE });
    const [row] = await t.db.query<{ provider_settings: unknown }>('SELECT provider_settings FROM merchants WHERE id = $1', [DEMO_MERCHANT.id]);
    const stored = JSON.stringify(row?.provider_settings);
    expect(stored).toContain(SANDBOX_SHOP_RESURS_ACCOUNTS.SE.clientId);
    expect(stored).not.toContain(SANDBOX_SHOP_RESURS_ACCOUNTS.SE.clientSecret);
    expect(stored).toMatch(/"clientSecret":"pd1\./);
    await setAccounts({});
  });
});
