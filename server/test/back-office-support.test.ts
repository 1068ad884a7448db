/**
 * What the back office does, end to end on the real server: an admin onboards a merchant whose
 * key then creates applications; keys show their last use and stop at revocation or
 * deactivation; a rotated webhook secret signs alongside the old one for the grace period;
 * support finds an application by the shop's reference, reads its timeline, resends its
 * webhook and cancels it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_API, type ApplicationDetail, buildPrivateApplication, findTestOperator, MERCHANT_API, type SearchResult } from '@portal/domain';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook, verifyWebhook } from '../src/services/webhooks';
import { OperatorBrowser } from './back-office-helpers';
import { nextReference, startTestServer, type TestApp, XHR } from './helpers';
import { eventually } from './flow-helpers';

describe('webhook signatures during a secret rotation', () => {
  it('carry one v1 value per secret, and a receiver with either secret accepts them', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const body = '{"id":"e1"}';
    const header = signWebhook(['new-secret', 'old-secret'], now / 1000, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifyWebhook('old-secret', header, body, now)).toBe(true);
    expect(verifyWebhook('new-secret', header, body, now)).toBe(true);
    expect(verifyWebhook(['other', 'new-secret'], header, body, now)).toBe(true);
    expect(verifyWebhook('third-secret', header, body, now)).toBe(false);
    expect(verifyWebhook('old-secret', header, '{"id":"e2"}', now)).toBe(false);
  });
});

interface Received {
  eventId: string;
  signature: string;
  raw: string;
}

// One operator's story, in order: the merchant onboarded first is the one whose keys, secrets and
// settings the later steps change. Kept in this order when the tests are shuffled.
describe('back office: merchants and support', { shuffle: false }, () => {
  let t: TestApp & { url: string };
  let shop: Server;
  let shopUrl = '';
  const received: Received[] = [];
  const browsers = {} as Record<'admin' | 'support', OperatorBrowser>;
  const merchantId = `shop-${Date.now().toString(36)}`;
  let apiKey = '';
  let webhookSecret = '';

  const as = (who: 'admin' | 'support', method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...XHR, cookie: browsers[who].operatorCookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    shop = createServer((request: IncomingMessage, response) => {
      let data = '';
      request.on('data', (chunk: Buffer) => (data += chunk.toString()));
      request.on('end', () => {
        received.push({ eventId: String(request.headers[EVENT_ID_HEADER]), signature: String(request.headers[SIGNATURE_HEADER]), raw: data });
        response.statusCode = 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const address = shop.address();
    shopUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t = await startTestServer('pglite');
    for (const [who, id] of [['admin', 'operator-admin'], ['support', 'operator-support']] as const) {
      const operator = findTestOperator(id);
      if (!operator) throw new Error(id);
      browsers[who] = new OperatorBrowser(t.url);
      await browsers[who].signIn(operator);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
    shop.close();
  });

  const createApplication = (key: string, merchantPaymentReference: string) =>
    t.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: { authorization: `Bearer ${key}` },
      payload: { ...buildPrivateApplication('27028809552', { merchantPaymentReference, callbackUrl: `${shopUrl}/return` }), webhookUrl: undefined },
    });

  it('onboards a merchant whose new key creates applications, and lists the key by prefix and last use', async () => {
    const created = await as('admin', 'POST', BACK_OFFICE_API.createMerchant.route.url(), {
      id: merchantId,
      name: 'Fjellsport AS',
      allowedOrigins: [shopUrl],
      webhookUrl: `${shopUrl}/hooks`,
    });
    expect(created.statusCode, created.body).toBe(201);
    webhookSecret = created.json<{ webhookSecret: string }>().webhookSecret;
    expect(webhookSecret).toMatch(/^whsec_/);

    const again = await as('admin', 'POST', BACK_OFFICE_API.createMerchant.route.url(), { id: merchantId, name: 'Twice' });
    expect(again.statusCode).toBe(409);
    const outside = await as('admin', 'POST', BACK_OFFICE_API.createMerchant.route.url(), { id: `${merchantId}-x`, name: 'X', webhookUrl: 'https://elsewhere.example/hooks' });
    expect(outside.statusCode).toBe(400);

    const issued = await as('admin', 'POST', BACK_OFFICE_API.issueApiKey.route.url({ merchantId }), { label: 'Checkout' });
    expect(issued.statusCode).toBe(201);
    const { key, apiKey: view } = issued.json<{ key: string; apiKey: { id: string; prefix: string; lastUsedAt: string | null } }>();
    apiKey = key;
    expect(key.startsWith(view.prefix)).toBe(true);
    expect(view.prefix.length).toBeLessThan(key.length / 2);
    // Stored hashed: the key itself is nowhere in the database.
    expect(await t.db.query('SELECT 1 FROM merchant_api_keys WHERE key_hash = $1 OR prefix = $1', [key])).toHaveLength(0);

    const application = await createApplication(key, nextReference('fjell'));
    expect(application.statusCode, application.body).toBe(201);
    const listed = await eventually(async () => {
      const keys = (await as('admin', 'GET', BACK_OFFICE_API.apiKeys.route.url({ merchantId }))).json<{ id: string; lastUsedAt: string | null }[]>();
      return keys[0]?.lastUsedAt ? keys : null;
    });
    expect(listed).toHaveLength(1);
  });

  it('stops a revoked key at once, and every key of a deactivated merchant', async () => {
    const second = (await as('admin', 'POST', BACK_OFFICE_API.issueApiKey.route.url({ merchantId }), { label: 'Spare' })).json<{ key: string; apiKey: { id: string } }>();
    expect((await createApplication(second.key, nextReference('spare'))).statusCode).toBe(201);
    await as('admin', 'POST', BACK_OFFICE_API.revokeApiKey.route.url({ merchantId, keyId: second.apiKey.id }), {});
    expect((await createApplication(second.key, nextReference('spare'))).statusCode).toBe(401);

    await as('admin', 'POST', BACK_OFFICE_API.deactivateMerchant.route.url({ merchantId }), { reason: 'Contract ended in March' });
    expect((await createApplication(apiKey, nextReference('off'))).statusCode).toBe(401);
    await as('admin', 'POST', BACK_OFFICE_API.activateMerchant.route.url({ merchantId }), {});
    expect((await createApplication(apiKey, nextReference('on'))).statusCode).toBe(201);
  });

  it('stores provider settings per country without ever answering the secrets', async () => {
    const url = BACK_OFFICE_API.providerSettings.route.url({ merchantId });
    const set = await as('admin', 'PUT', url, { resurs: { storeId: '9001', credentials: { NO: { clientId: 'fjell-no', clientSecret: 's3cret-no' }, SE: { clientId: 'fjell-se', clientSecret: 's3cret-se' } } } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.body).not.toContain('s3cret');
    expect(set.json()).toMatchObject({ providerSettings: { resurs: { storeId: '9001', credentials: { NO: { clientId: 'fjell-no', secretSet: true }, SE: { clientId: 'fjell-se', secretSet: true } } } } });
    // A credential sent without its secret keeps the stored one; a new country needs one.
    const kept = await as('admin', 'PUT', url, { resurs: { storeId: '9001', credentials: { NO: { clientId: 'fjell-no-2' } } } });
    expect(kept.json()).toMatchObject({ providerSettings: { resurs: { credentials: { NO: { clientId: 'fjell-no-2', secretSet: true } } } } });
    const [row] = await t.db.query<{ provider_settings: { resurs: { credentials: { NO: { clientSecret: string } } } } }>('SELECT provider_settings FROM merchants WHERE id = $1', [merchantId]);
    // Sealed at rest (ADR 22): neither secret is in the row.
    expect(row?.provider_settings.resurs.credentials.NO.clientSecret).toMatch(/^pd1\./);
    expect(JSON.stringify(row?.provider_settings)).not.toContain('s3cret');
  });

  it('support finds the application by the shop\u2019s order reference, reads its timeline, resends its webhook and cancels it', async () => {
    const merchantPaymentReference = nextReference('support');
    const created = await createApplication(apiKey, merchantPaymentReference);
    const { reference } = created.json<{ reference: string }>();

    // Rotated with a grace period: deliveries now carry signatures by the new and the old secret.
    const rotated = await as('admin', 'POST', BACK_OFFICE_API.rotateWebhookSecret.route.url({ merchantId }), { graceHours: 24 });
    const newSecret = rotated.json<{ webhookSecret: string; previousSecretValidUntil: string }>().webhookSecret;
    expect(rotated.json<{ previousSecretValidUntil: string | null }>().previousSecretValidUntil).not.toBeNull();

    const found = await as('support', 'GET', `${BACK_OFFICE_API.searchApplications.route.url()}?merchantPaymentReference=${merchantPaymentReference}`);
    const result = found.json<SearchResult>();
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({ reference, merchantId, merchantName: 'Fjellsport AS', status: 'CREATED', nationalIdMasked: '•••••••9552' });
    expect(found.body).not.toContain('27028809552');
    const byMerchant = (await as('support', 'GET', `${BACK_OFFICE_API.searchApplications.route.url()}?merchantId=${merchantId}&status=CREATED`)).json<SearchResult>();
    expect(byMerchant.items.map((item) => item.reference)).toContain(reference);

    const cancel = await as('support', 'POST', BACK_OFFICE_API.cancelApplication.route.url({ reference }), { reason: 'Customer asked us to stop it on the phone' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<ApplicationDetail>().application.status).toBe('CANCELLED');
    const again = await as('support', 'POST', BACK_OFFICE_API.cancelApplication.route.url({ reference }), { reason: 'Customer asked us to stop it on the phone' });
    expect(again.statusCode).toBe(409);

    // The webhook goes to the merchant's default URL, signed by both secrets.
    const delivery = await eventually(async () => received.find((r) => JSON.parse(r.raw).data.merchantPaymentReference === merchantPaymentReference), 20_000);
    expect(verifyWebhook(webhookSecret, delivery.signature, delivery.raw)).toBe(true);
    expect(verifyWebhook(newSecret, delivery.signature, delivery.raw)).toBe(true);

    const detail = await eventually(async () => {
      const d = (await as('support', 'GET', BACK_OFFICE_API.application.route.url({ reference }))).json<ApplicationDetail>();
      return d.timeline.some((entry) => entry.kind === 'webhook') ? d : null;
    });
    expect(detail.timeline.find((entry) => entry.kind === 'lifecycle' && entry.event === 'operator.cancelled')).toMatchObject({ status: 'CANCELLED' });
    expect(detail.timeline.find((entry) => entry.kind === 'webhook')).toMatchObject({ type: 'application.cancelled', httpStatus: 204, trigger: 'delivery' });
    const [event] = detail.webhookEvents;
    expect(event?.type).toBe('application.cancelled');

    const resend = await as('support', 'POST', BACK_OFFICE_API.resendWebhook.route.url({ reference, eventId: event?.id ?? '' }), {});
    expect(resend.statusCode).toBe(202);
    await eventually(async () => received.filter((r) => r.eventId === event?.id).length === 2, 20_000);
    const after = (await as('support', 'GET', BACK_OFFICE_API.application.route.url({ reference }))).json<ApplicationDetail>();
    expect(after.timeline.filter((entry) => entry.kind === 'webhook').map((entry) => entry.kind === 'webhook' && entry.trigger)).toEqual(['delivery', 'resend']);

    const audit = (await as('admin', 'GET', `${BACK_OFFICE_API.auditLog.route.url()}?targetId=${reference}`)).json<{ items: { action: string; reason: string | null }[] }>();
    expect(audit.items.map((item) => item.action)).toEqual(expect.arrayContaining(['application.cancelled', 'webhook.resent', 'application.viewed']));
    expect(audit.items.find((item) => item.action === 'application.cancelled')?.reason).toBe('Customer asked us to stop it on the phone');
  }, 60_000);
});
