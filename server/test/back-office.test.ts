/**
 * The back office's access boundaries, sessions and audit log: operators sign in through the
 * sandbox broker over real HTTP; every route of BACK_OFFICE_API is called with each role, with no
 * session, with a customer's session and with a merchant's key.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  BACK_OFFICE_API,
  BACK_OFFICE_AUTH,
  type BackOfficeOperation,
  buildPrivateApplication,
  findTestOperator,
  MERCHANT_API,
  type TestOperator,
} from '@portal/domain';
import { createMerchant } from '../src/services/back-office/merchants/create-merchant';
import { OperatorBrowser } from './back-office-helpers';
import { merchantAuth, nextReference, startTestServer, type TestApp, XHR } from './helpers';

const operator = (id: string): TestOperator => {
  const found = findTestOperator(id);
  if (!found) throw new Error(`no test operator ${id}`);
  return found;
};
const SUPPORT = operator('operator-support');
const ADMIN = operator('operator-admin');
const NO_ROLE = operator('operator-none');
const REASON = { reason: 'The customer called about the order' };

describe('back office', () => {
  let t: TestApp & { url: string };
  const browsers: Record<'support' | 'admin', OperatorBrowser> = {} as Record<'support' | 'admin', OperatorBrowser>;
  let customerCookie = '';
  let reference = '';
  let eventId = '';
  const merchantId = 'role-test';

  beforeAll(async () => {
    t = await startTestServer('pglite');
    browsers.support = new OperatorBrowser(t.url);
    browsers.admin = new OperatorBrowser(t.url);
    expect(await browsers.support.signIn(SUPPORT)).toBe(`${t.url}/back-office/`);
    expect(await browsers.admin.signIn(ADMIN)).toBe(`${t.url}/back-office/`);

    await createMerchant(t.app.db, { subject: 'test', name: 'Test' }, { id: merchantId, name: 'Role test', allowedOrigins: [t.url] });
    const merchantPaymentReference = nextReference('bo');
    const created = await t.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: merchantAuth,
      payload: buildPrivateApplication('27028809552', { merchantPaymentReference, callbackUrl: `${t.url}/demo-shop/return`, webhookUrl: `${t.url}/demo-shop/webhook` }),
    });
    reference = created.json<{ reference: string }>().reference;
    const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } });
    customerCookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    // Leaving before applying cancels it: a webhook event to resend.
    await t.app.inject({ method: 'POST', url: API.leave.pattern, headers: { ...XHR, cookie: customerCookie } });
    const [event] = await t.db.query<{ id: string }>('SELECT w.id FROM webhook_events w JOIN applications a ON a.id = w.application_id WHERE a.reference = $1', [reference]);
    eventId = event?.id ?? '';
    expect(eventId).not.toBe('');
  }, 60_000);
  afterAll(async () => t.close());

  it('signs an operator in with their own cookie, scoped to the back-office API, and says who they are', async () => {
    const cookie = browsers.support.cookie('bo_sid');
    expect(cookie?.path).toBe('/api/back-office');
    expect(cookie?.attributes.map((a) => a.toLowerCase())).toEqual(expect.arrayContaining(['httponly', 'samesite=strict']));
    // The customer's session cookie is not made or touched by an operator's sign-in.
    expect(browsers.support.cookie('portal_sid')).toBeUndefined();
    const me = await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.me.route.url(), headers: { cookie: browsers.support.operatorCookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: SUPPORT.name, roles: ['support'] });
  });

  it('opens no session for someone the broker gives no back-office role', async () => {
    const browser = new OperatorBrowser(t.url);
    expect(await browser.signIn(NO_ROLE)).toBe(`${t.url}/back-office/?signin=no-role`);
    expect(browser.cookie('bo_sid')).toBeUndefined();
  });

  it('sends an operator who cancels at the broker back to the console with signin=cancelled, without a session', async () => {
    const browser = new OperatorBrowser(t.url);
    expect(await browser.cancelSignIn()).toBe(`${t.url}/back-office/?signin=cancelled`);
    expect(browser.cookie('bo_sid')).toBeUndefined();
    expect(browser.cookie('bo_login')).toBeUndefined();
  });

  it('says the sign-in is unavailable when the broker cannot be reached, and keeps no login', async () => {
    const unreachable = await startTestServer('pglite', {}, undefined, (config) => ({
      ...config,
      backOffice: { ...config.backOffice, oidc: config.backOffice.oidc && { ...config.backOffice.oidc, issuer: 'http://127.0.0.1:9/broker' } },
    }));
    try {
      const browser = new OperatorBrowser(unreachable.url);
      const hop = await browser.request(BACK_OFFICE_AUTH.login.pattern);
      expect(hop.location).toBe(`${unreachable.url}/back-office/?signin=unavailable`);
      expect(browser.cookie('bo_login')).toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });

  it('refuses a callback without the login it started', async () => {
    const browser = new OperatorBrowser(t.url);
    const hop = await browser.request(`${BACK_OFFICE_AUTH.callback.pattern}?code=x&state=y`);
    expect(hop.location).toBe(`${t.url}/back-office/?signin=failed`);
  });

  describe('every route answers only to an operator session with the right role', () => {
    const params: Record<string, string> = {};
    const bodies: Partial<Record<BackOfficeOperation, object>> = {
      revealNationalId: REASON,
      cancelApplication: REASON,
      resendWebhook: {},
      retryMoneyOperation: REASON,
      createMerchant: { id: `role-new-${Date.now().toString(36)}`, name: 'New shop' },
      updateMerchant: { name: 'Role test shop' },
      deactivateMerchant: {},
      activateMerchant: {},
      providerSettings: { resurs: { storeId: 'store-1', credentials: { NO: { clientId: 'client-no', clientSecret: 'secret-no' } } } },
      issueApiKey: { label: 'Role test key' },
      revokeApiKey: {},
      rotateWebhookSecret: {},
      revokeSession: {},
    };
    const urlOf = (operation: BackOfficeOperation) => {
      const pattern: string = BACK_OFFICE_API[operation].route.pattern;
      return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '');
    };
    const send = (operation: BackOfficeOperation, headers: Record<string, string>) =>
      t.app.inject({
        method: BACK_OFFICE_API[operation].method,
        url: urlOf(operation),
        headers: { ...XHR, ...headers },
        ...(BACK_OFFICE_API[operation].method === 'GET' ? {} : { payload: bodies[operation] ?? {} }),
      });

    for (const operation of Object.keys(BACK_OFFICE_API) as BackOfficeOperation[]) {
      const { role } = BACK_OFFICE_API[operation];
      it(`${operation} (${role})`, async () => {
        Object.assign(params, { reference, eventId, merchantId, keyId: randomUUID(), sessionId: randomUUID(), operationId: randomUUID() });
        for (const [who, headers] of [
          ['nobody', {}],
          ['a customer session', { cookie: customerCookie }],
          ['a merchant key', merchantAuth],
          ['a made-up operator cookie', { cookie: 'bo_sid=not-a-session' }],
        ] as const) {
          const response = await send(operation, headers);
          expect(response.statusCode, `${operation} with ${who}: ${response.body}`).toBe(401);
        }
        const support = await send(operation, { cookie: browsers.support.operatorCookie });
        if (role === 'admin') expect(support.statusCode, `support: ${support.body}`).toBe(403);
        else expect([401, 403], `support: ${support.body}`).not.toContain(support.statusCode);
        const admin = await send(operation, { cookie: browsers.admin.operatorCookie });
        expect([401, 403], `admin: ${admin.body}`).not.toContain(admin.statusCode);
        expect(admin.statusCode, `admin: ${admin.body}`).toBeLessThan(500);
      });
    }
  });

  it('refuses a state-changing call without the X-Requested-With header (a cross-site form cannot send it)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: BACK_OFFICE_API.revealNationalId.route.url({ reference }),
      headers: { cookie: browsers.support.operatorCookie },
      payload: REASON,
    });
    expect(response.statusCode).toBe(403);
  });

  it('reveals a national ID only with a reason, and the audit log says who, when, which and why', async () => {
    const cookie = browsers.support.operatorCookie;
    const url = BACK_OFFICE_API.revealNationalId.route.url({ reference });
    const without = await t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload: {} });
    expect(without.statusCode).toBe(400);
    const revealed = await t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload: { reason: 'Customer on the phone, checking identity' } });
    expect(revealed.json()).toEqual({ nationalId: '27028809552' });

    const audit = await t.app.inject({
      method: 'GET',
      url: `${BACK_OFFICE_API.auditLog.route.url()}?action=application.national_id_revealed&targetId=${reference}`,
      headers: { cookie: browsers.admin.operatorCookie },
    });
    const entry = audit.json<{ items: { operatorName: string; targetId: string; reason: string; at: string }[] }>().items[0];
    expect(entry).toMatchObject({ operatorName: SUPPORT.name, targetId: reference, reason: 'Customer on the phone, checking identity' });
  });

  it('keeps the audit log append-only: the database refuses to change or delete an entry', async () => {
    await expect(t.db.query("UPDATE audit_log SET reason = 'changed'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  it('ends a session that an admin revokes, one that sat idle, and one past its shift', async () => {
    const browser = new OperatorBrowser(t.url);
    await browser.signIn(SUPPORT);
    const cookie = browser.operatorCookie;
    const me = () => t.app.inject({ method: 'GET', url: BACK_OFFICE_API.me.route.url(), headers: { cookie } });
    expect((await me()).statusCode).toBe(200);

    const sessions = await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.sessions.route.url(), headers: { cookie: browsers.admin.operatorCookie } });
    const [newest] = sessions.json<{ id: string; operatorName: string }[]>();
    expect(newest?.operatorName).toBe(SUPPORT.name);
    const revoked = await t.app.inject({
      method: 'POST',
      url: BACK_OFFICE_API.revokeSession.route.url({ sessionId: newest?.id ?? '' }),
      headers: { ...XHR, cookie: browsers.admin.operatorCookie },
      payload: {},
    });
    expect(revoked.statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);

    const idle = new OperatorBrowser(t.url);
    await idle.signIn(SUPPORT);
    await t.db.query("UPDATE operator_sessions SET last_seen_at = now() - interval '31 minutes' WHERE revoked_at IS NULL AND operator_subject = 'operator:operator-support' AND last_seen_at > now() - interval '5 seconds'");
    expect((await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.me.route.url(), headers: { cookie: idle.operatorCookie } })).statusCode).toBe(401);

    const late = new OperatorBrowser(t.url);
    await late.signIn(SUPPORT);
    await t.db.query("UPDATE operator_sessions SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL AND last_seen_at > now() - interval '5 seconds'");
    expect((await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.me.route.url(), headers: { cookie: late.operatorCookie } })).statusCode).toBe(401);
    // Re-sign the suite's own operators, whose sessions the last update ended too.
    await browsers.support.signIn(SUPPORT);
    await browsers.admin.signIn(ADMIN);
  });

  it('signs out: the session ends on the server, not only in the browser', async () => {
    const browser = new OperatorBrowser(t.url);
    await browser.signIn(SUPPORT);
    const cookie = browser.operatorCookie;
    const out = await t.app.inject({ method: 'POST', url: BACK_OFFICE_AUTH.logout.pattern, headers: { ...XHR, cookie } });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.me.route.url(), headers: { cookie } })).statusCode).toBe(401);
  });

  it('serves its own OpenAPI document with an operationId on every operation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/back-office/v1/openapi.json', headers: { cookie: browsers.support.operatorCookie } });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, Record<string, { operationId?: string }>> }>();
    const operationIds = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(operationIds.sort()).toEqual(Object.keys(BACK_OFFICE_API).sort());
    // The merchant API's document stays the merchant API's.
    const merchantDoc = await t.app.inject({ method: 'GET', url: MERCHANT_API.openApi.pattern });
    expect(Object.keys(merchantDoc.json<{ paths: object }>().paths).some((path) => path.includes('back-office'))).toBe(false);
  });

  it('leaves the customer-facing CSP as it was', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/loan-subscription/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
  });
});
