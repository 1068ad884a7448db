import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildPrivateApplication, DEMO_SHOP, MERCHANT_API, webhookBodySchema } from '@portal/domain';
import { VERIFY_STANDARD_IN_NODE } from '../src/routes/merchant/openapi';
import { DEMO_MERCHANT } from '../src/sandbox-mode/demo-merchant';
import { rotateWebhookSecret } from '../src/services/back-office/merchants/rotate-webhook-secret';
import { newWebhookSecret } from '../src/services/back-office/merchants/secrets';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook, verifyWebhook } from '../src/services/webhooks';
import type { Db, SqlParam } from '../src/db/db';
import { merchantAuth, nextReference, openTestDatabase, startTestServer, type TestApp } from './helpers';
import { call, eventually, press, startConsumer, throughKeyFacts } from './flow-helpers';

describe('webhook signatures', () => {
  it('verify the body they were made for, within five minutes, and nothing else', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const body = '{"id":"e1"}';
    const header = signWebhook('secret', now / 1000, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook('secret', header, body, now)).toBe(true);
    expect(verifyWebhook('secret', header, '{"id":"e2"}', now)).toBe(false);
    expect(verifyWebhook('other', header, body, now)).toBe(false);
    expect(verifyWebhook('secret', header, body, now + 301_000)).toBe(false);
    expect(verifyWebhook('secret', undefined, body, now)).toBe(false);
  });
});

describe('the demo shop, as a merchant', () => {
  // The shop checks signatures with its own code, written from the documented contract: the
  // portal's signing and the shop's check must agree, and a mistake in either shows here.
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => t.close());

  const deliver = (body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: DEMO_SHOP.webhook.pattern, headers: { 'content-type': 'application/json', ...headers }, payload: body });

  it('accepts what the portal signs, with its secret or while a rotated one overlaps, and refuses anything else', async () => {
    const merchantPaymentReference = nextReference('shop-webhook');
    const event = (id: string, sequence: number) =>
      JSON.stringify({ id, type: 'application.submitted', createdAt: new Date().toISOString(), sequence, data: { merchantPaymentReference, status: 'SUBMITTED', outcome: null } });
    const now = Math.floor(Date.now() / 1000);
    const signed = (body: string, secrets: string | string[], at = now) => signWebhook(secrets, at, body);
    const secret = DEMO_MERCHANT.webhookSecret;

    const first = event('evt-shop-1', 1);
    expect((await deliver(first, { [SIGNATURE_HEADER]: signed(first, secret), [EVENT_ID_HEADER]: 'evt-shop-1' })).statusCode).toBe(204);
    const rotated = event('evt-shop-2', 2);
    expect((await deliver(rotated, { [SIGNATURE_HEADER]: signed(rotated, ['a-new-secret', secret]), [EVENT_ID_HEADER]: 'evt-shop-2' })).statusCode).toBe(204);

    const refused = event('evt-shop-3', 3);
    for (const [why, headers, body] of [
      ['another secret', { [SIGNATURE_HEADER]: signed(refused, 'another-secret'), [EVENT_ID_HEADER]: 'evt-shop-3' }, refused],
      ['a changed body', { [SIGNATURE_HEADER]: signed(refused, secret), [EVENT_ID_HEADER]: 'evt-shop-3' }, refused.replace('SUBMITTED', 'COMPLETED')],
      ['a replay', { [SIGNATURE_HEADER]: signed(refused, secret, now - 400), [EVENT_ID_HEADER]: 'evt-shop-3' }, refused],
      ['no signature', { [EVENT_ID_HEADER]: 'evt-shop-3' }, refused],
      ['no event id', { [SIGNATURE_HEADER]: signed(refused, secret) }, refused],
    ] as const) {
      expect((await deliver(body, headers)).statusCode, why).toBe(401);
    }

    // What the shop kept, it shows on its return page, once each.
    const page = await t.app.inject({ method: 'GET', url: `${DEMO_SHOP.return.pattern}?merchantPaymentReference=${merchantPaymentReference}&lang=en` });
    expect(page.body.match(/evt-shop-\d/g)).toEqual(['evt-shop-1', 'evt-shop-2']);
  });
});

interface Received {
  eventId: string;
  signature: string;
  body: { id: string; type: string; sequence: number; data: { status: string; outcome: string | null; merchantPaymentReference: string } };
}

/** A shop's webhook endpoint: `answer` gets each request with its body, once all of it has come. */
const webhookEndpoint = (answer: (body: Received['body'], request: IncomingMessage, response: ServerResponse) => void): Server =>
  createServer((request, response) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => answer(JSON.parse(data) as Received['body'], request, response));
  });

describe('webhooks to the merchant', () => {
  let t: TestApp & { url: string };
  let merchant: Server;
  let merchantUrl = '';
  const received: Received[] = [];
  // The merchant's endpoint fails its first call, as a shop under maintenance would.
  let failuresLeft = 1;

  beforeAll(async () => {
    merchant = webhookEndpoint((body, request, response) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.statusCode = 503;
        response.end();
        return;
      }
      received.push({ eventId: String(request.headers[EVENT_ID_HEADER]), signature: String(request.headers[SIGNATURE_HEADER]), body });
      response.statusCode = 204;
      response.end();
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    const address = merchant.address();
    merchantUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t = await startTestServer('pglite');
    await t.app.repos.merchants.addAllowedOrigins(DEMO_MERCHANT.id, [merchantUrl]);
  });
  afterAll(async () => {
    await t.close();
    merchant.close();
  });

  it('are signed, carry a stable event id, and are delivered again after a failure', async () => {
    const merchantPaymentReference = nextReference();
    const created = await t.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: merchantAuth,
      payload: buildPrivateApplication('27028809552', { merchantPaymentReference, webhookUrl: `${merchantUrl}/hooks` }),
    });
    expect(created.statusCode).toBe(201);
    const { reference } = created.json<{ reference: string }>();
    const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { reference } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    await t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie } });
    const left = await t.app.inject({ method: 'POST', url: API.leave.pattern, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(left.statusCode).toBe(200);
    // Leaving before applying closes the application: the browser, the merchant API and the
    // webhook all say apply_cancelled.
    expect(new URL(left.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('outcome')).toBe('apply_cancelled');
    const view = await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference }), headers: merchantAuth });
    expect(view.json()).toMatchObject({ status: 'CANCELLED', outcome: 'apply_cancelled' });

    // The first delivery failed (503); the queue delivered it again.
    const event = await eventually(async () => received.find((r) => r.body.data.merchantPaymentReference === merchantPaymentReference), 30_000);
    expect(event.body).toMatchObject({ type: 'application.cancelled', data: { status: 'CANCELLED', outcome: 'apply_cancelled' } });
    expect(event.eventId).toBe(event.body.id);
    expect(event.body.sequence).toBeGreaterThan(0);
    // The body is the one the merchant API's OpenAPI document describes.
    expect(webhookBodySchema.safeParse(event.body).success).toBe(true);

    // Closed: it cannot be applied for any more.
    const form = { phone: '+47 92345678', email: 'ola@example.com', address: 'Bryggen 5', postalCode: '5003', city: 'Bergen', personalInfoConsent: true, privacyConsent: true };
    const submitted = await t.app.inject({ method: 'PATCH', url: API.resursV2Submit.pattern, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' }, payload: form });
    expect(submitted.statusCode, submitted.body).toBe(409);
    const [stored] = await t.db.query<{ attempts: number; delivered_at: Date | null; payload: unknown }>(
      'SELECT attempts, delivered_at, payload FROM webhook_events WHERE id = $1',
      [event.eventId],
    );
    expect(stored?.attempts).toBe(2);
    expect(stored?.delivered_at).not.toBeNull();
    expect(JSON.stringify(stored?.payload)).not.toContain('27028809552');
  }, 45_000);
});

describe('webhooks side by side', () => {
  // One shop's endpoint that takes every request and never answers (until the test lets it) must
  // not hold up another shop's webhooks: with one delivery at a time, the next waited for the
  // first to time out (10 s), and a busy portal delivered one webhook a second.
  let t: TestApp & { url: string };
  let hanging: Server;
  let prompt: Server;
  let slow: Server;
  let refusing: Server;
  const refusedOnce = new Set<string>();
  const held: { closed: boolean; answer: () => void }[] = [];
  const received: { reference: string; heldStillOpen: boolean }[] = [];
  /** What the slow endpoint saw: each event's sequence, when it came and when it was answered. */
  const timed: { reference: string; sequence: number; came: number; answered: number }[] = [];
  const urlOf = (server: Server) => {
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };

  beforeAll(async () => {
    hanging = createServer((request, response) => {
      const entry = { closed: false, answer: () => response.writeHead(204).end() };
      request.resume();
      response.on('close', () => (entry.closed = true));
      held.push(entry);
    });
    prompt = webhookEndpoint((body, _, response) => {
      received.push({ reference: body.data.merchantPaymentReference, heldStillOpen: held.some((entry) => !entry.closed) });
      response.writeHead(204).end();
    });
    // Takes 100 ms to answer each webhook.
    slow = webhookEndpoint((body, _, response) => {
      const came = performance.now();
      setTimeout(() => {
        timed.push({ reference: body.data.merchantPaymentReference, sequence: body.sequence, came, answered: performance.now() });
        response.writeHead(204).end();
      }, 100);
    });
    // Refuses the first webhook of each order (503), as a shop that is briefly down would.
    refusing = webhookEndpoint((body, _, response) => {
      const reference = body.data.merchantPaymentReference;
      const first = !refusedOnce.has(reference);
      refusedOnce.add(reference);
      response.writeHead(first ? 503 : 204).end();
    });
    await Promise.all([hanging, prompt, slow, refusing].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
    t = await startTestServer('pglite');
    await t.app.repos.merchants.addAllowedOrigins(DEMO_MERCHANT.id, [urlOf(hanging), urlOf(prompt), urlOf(slow), urlOf(refusing)]);
  });
  afterAll(async () => {
    for (const entry of held) entry.answer();
    await t.close();
    hanging.close();
    prompt.close();
    slow.close();
    refusing.close();
  });

  /** An application sent to `webhookUrl` that the customer leaves at once: one webhook. */
  async function leftApplication(webhookUrl: string): Promise<string> {
    const merchantPaymentReference = nextReference('hol');
    const created = await t.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: merchantAuth,
      payload: buildPrivateApplication('27028809552', { merchantPaymentReference, webhookUrl }),
    });
    const { reference } = created.json<{ reference: string }>();
    const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { reference } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const left = await t.app.inject({ method: 'POST', url: API.leave.pattern, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(left.statusCode).toBe(200);
    return merchantPaymentReference;
  }

  it('does not hold up webhooks to another merchant', async () => {
    await leftApplication(`${urlOf(hanging)}/hooks`);
    await eventually(async () => held.length > 0, 15_000);
    const other = await leftApplication(`${urlOf(prompt)}/hooks`);
    const delivered = await eventually(async () => received.find((entry) => entry.reference === other), 30_000);
    expect(delivered.heldStillOpen).toBe(true);
  }, 45_000);

  it('sends one application\u2019s webhooks one after another, in their order, while other applications\u2019 go side by side', async () => {
    // Applying (Resurs version 2) makes two changes at once: submitted, then signing.
    const customers = await Promise.all(['18087248794', '27028809552', '01024924986'].map((id) => startConsumer(t, id, 2, urlOf(slow))));
    await Promise.all(customers.map(async (customer) => expect((await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form)).statusCode).toBe(200)));
    await eventually(async () => timed.length >= 2 * customers.length, 30_000);
    for (const customer of customers) {
      const own = timed.filter((entry) => entry.reference === customer.merchantPaymentReference).sort((a, b) => a.came - b.came);
      expect(own).toHaveLength(2);
      expect(own.map((entry) => entry.sequence)).toEqual([...own.map((entry) => entry.sequence)].sort((a, b) => a - b));
      // The next one came only once the one before it was answered.
      own.slice(1).forEach((entry, i) => expect(entry.came).toBeGreaterThanOrEqual(own[i]?.answered ?? Infinity));
    }
  }, 45_000);

  it('does not send an application\u2019s next webhook past one its shop has just refused: both are tried again later', async () => {
    const customer = await startConsumer(t, '18087248794', 2, urlOf(refusing));
    expect((await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form)).statusCode).toBe(200);
    const events = await eventually(async () => {
      const rows = await t.db.query<{ id: string }>(
        'SELECT w.id FROM webhook_events w JOIN applications p ON p.id = w.application_id WHERE p.reference = $1 ORDER BY w.seq',
        [customer.reference],
      );
      return rows.length === 2 && rows.map((row) => row.id);
    });
    const [first = '', next = ''] = events;
    // Both jobs wait for their retry: the first after its 503, the next without having been sent.
    const jobs = await eventually(async () => {
      const rows = await t.db.query<{ event: string; state: string }>(
        `SELECT data->>'eventId' AS event, state FROM ${t.app.jobs.schema}.job WHERE name = 'webhook-delivery' AND data->>'eventId' = ANY($1::text[])`,
        [[first, next]],
      );
      return rows.length === 2 && rows.every((row) => row.state !== 'created' && row.state !== 'active') && rows;
    }, 15_000);
    expect(Object.fromEntries(jobs.map((job) => [job.event, job.state]))).toEqual({ [first]: 'retry', [next]: 'retry' });
    const attempts = await t.db.query<{ event_id: string; http_status: number }>(
      'SELECT event_id, http_status FROM webhook_delivery_attempts WHERE event_id = ANY($1::uuid[])',
      [[first, next]],
    );
    expect(attempts).toEqual([{ event_id: first, http_status: 503 }]);
  }, 45_000);
});

describe('subscriptions', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => t.close());

  it('are made of an approved application, and a later application of the customer lists their products for renewal', async () => {
    const first = await startConsumer(t, '27028809552', 2, t.url);
    expect((await call(t, first, 'PATCH', API.resursV2Submit.pattern, first.form)).statusCode).toBe(200);
    await press(`${await throughKeyFacts(t, first)}/approve`);
    const person = t.db.personalData?.nationalIdHash('27028809552') ?? '';
    await eventually(async () => (await t.db.query(`SELECT 1 FROM subscriptions WHERE national_id_hash = $1`, [person])).length === 1, 15_000);

    const second = await startConsumer(t, '27028809552', 2, t.url);
    const list = (await call(t, second, 'GET', API.applications.pattern)).json<{
      loanApplications: { isRenewal: boolean }[];
      products: { productName: string; subscriptionReference: string }[];
    }>();
    expect(list.loanApplications[0]?.isRenewal).toBe(true);
    expect(list.products.map((p) => p.productName)).toEqual(['Phone 128 GB']);
  });
});

/**
 * A database handle that can lose its connection, as a process that dies (killed, out of memory,
 * its machine gone) does: from then on nothing it does reaches the database, so its queue cannot
 * give back the job it holds, as a graceful stop does.
 */
function severable(db: Db): { db: Db; sever(): void } {
  let severed = false;
  const lost = () => Promise.reject(new Error('connection lost'));
  return {
    sever: () => (severed = true),
    db: {
      ...db,
      query: <Row>(sql: string, params?: readonly SqlParam[]) => (severed ? lost() : db.query<Row>(sql, params)),
      execRows: <Row>(sql: string) => (severed ? lost() : db.execRows<Row>(sql)),
      transaction: (fn) => (severed ? lost() : db.transaction(fn)),
    },
  };
}

describe('a delivery in flight when its instance dies', () => {
  it('is delivered by another instance within a minute', async () => {
    // The merchant's endpoint holds the first delivery open (the instance sending it dies); it
    // answers the next one.
    const deliveries: number[] = [];
    const merchant = createServer((request: IncomingMessage, response) => {
      request.resume();
      request.on('end', () => {
        deliveries.push(Date.now());
        if (deliveries.length === 1) return; // never answered
        response.statusCode = 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    const address = merchant.address();
    const merchantUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const database = await openTestDatabase('pglite');
    const connection = severable(database.db);
    const first = await startTestServer('pglite', {}, { db: connection.db, drop: async () => undefined });
    let second: (TestApp & { url: string }) | null = null;
    try {
      await first.app.repos.merchants.addAllowedOrigins(DEMO_MERCHANT.id, [merchantUrl]);
      const merchantPaymentReference = nextReference();
      const created = await first.app.inject({
        method: 'POST',
        url: MERCHANT_API.applications.pattern,
        headers: merchantAuth,
        payload: buildPrivateApplication('27028809552', { merchantPaymentReference, webhookUrl: `${merchantUrl}/hooks` }),
      });
      const cancelled = await first.app.inject({ method: 'POST', url: MERCHANT_API.cancel.url({ merchantPaymentReference }), headers: merchantAuth });
      expect([created.statusCode, cancelled.statusCode]).toEqual([201, 200]);
      await eventually(async () => deliveries.length === 1, 10_000);

      // The instance dies mid-delivery; another one on the same database carries on.
      connection.sever();
      const died = Date.now();
      await first.app.close().catch(() => undefined);
      second = await startTestServer('pglite', {}, database);
      const [event] = await second.db.query<{ id: string }>(
        'SELECT w.id FROM webhook_events w JOIN applications a ON a.id = w.application_id WHERE a.merchant_payment_reference = $1',
        [merchantPaymentReference],
      );
      await eventually(
        async () => (await second?.db.query('SELECT 1 FROM webhook_events WHERE id = $1 AND delivered_at IS NOT NULL', [event?.id ?? '']))?.length === 1,
        70_000,
      );
      expect(Date.now() - died).toBeLessThan(60_000);
      expect(deliveries).toHaveLength(2);
    } finally {
      await second?.app.close();
      await database.drop();
      merchant.closeAllConnections();
      merchant.close();
    }
  }, 100_000);
});

describe('Standard Webhooks, as a merchant checks them with the specification\u2019s library', () => {
  // The shop below checks every delivery with `standardwebhooks` (the specification's published
  // library for JavaScript), given its secret as the portal issued it: no code of its own.
  interface Delivery {
    raw: string;
    headers: Record<string, string>;
  }
  let t: TestApp & { url: string };
  let shop: Server;
  let shopUrl = '';
  const deliveries: Delivery[] = [];
  const actor = { subject: 'support-1', name: 'Support' };

  beforeAll(async () => {
    shop = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
        deliveries.push({ raw, headers });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const address = shop.address();
    shopUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t = await startTestServer('pglite');
    await t.app.repos.merchants.addAllowedOrigins(DEMO_MERCHANT.id, [shopUrl]);
  });
  afterAll(async () => {
    await t.close();
    shop.close();
  });

  /** An application the customer leaves before applying: one webhook, application.cancelled. */
  async function delivered(): Promise<Delivery> {
    const merchantPaymentReference = nextReference('std');
    const created = await t.app.inject({
      method: 'POST',
      url: MERCHANT_API.applications.pattern,
      headers: merchantAuth,
      payload: buildPrivateApplication('27028809552', { merchantPaymentReference, webhookUrl: `${shopUrl}/hooks` }),
    });
    const { reference } = created.json<{ reference: string }>();
    const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { reference } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const left = await t.app.inject({ method: 'POST', url: API.leave.pattern, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect([created.statusCode, left.statusCode]).toEqual([201, 200]);
    return eventually(async () => deliveries.find((delivery) => delivery.raw.includes(`"${merchantPaymentReference}"`)), 15_000);
  }

  const refuses = (webhook: Webhook, raw: string, headers: Record<string, string>) => () => webhook.verify(raw, headers);

  it('verify every delivery with the merchant\u2019s secret as issued, beside the portal\u2019s own signature, and refuse a changed body', async () => {
    const delivery = await delivered();
    const { raw, headers } = delivery;
    const webhook = new Webhook(DEMO_MERCHANT.webhookSecret);
    expect(webhook.verify(raw, headers)).toEqual(JSON.parse(raw));

    // webhook-id is the event's id, stable across attempts; the timestamp is the portal signature's.
    const body = webhookBodySchema.parse(JSON.parse(raw));
    expect(headers['webhook-id']).toBe(body.id);
    expect(headers[EVENT_ID_HEADER]).toBe(body.id);
    expect(headers[SIGNATURE_HEADER]).toMatch(new RegExp(`^t=${headers['webhook-timestamp']},v1=[0-9a-f]{64}$`));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // Shops that check the portal's own signature are served as before.
    expect(verifyWebhook(DEMO_MERCHANT.webhookSecret, headers[SIGNATURE_HEADER], raw)).toBe(true);

    expect(refuses(webhook, raw.replace('"CANCELLED"', '"COMPLETED"'), headers)).toThrow(WebhookVerificationError);
    expect(refuses(webhook, raw, { ...headers, 'webhook-id': randomUUID() })).toThrow(WebhookVerificationError);
    expect(refuses(webhook, raw, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow(WebhookVerificationError);
    expect(refuses(new Webhook(newWebhookSecret()), raw, headers)).toThrow(WebhookVerificationError);
  }, 30_000);

  it('the OpenAPI document\u2019s Node.js check, run as it is printed, verifies a delivery and refuses a changed one', async () => {
    const { raw, headers } = await delivered();
    // Under the repository, so the snippet's `import 'standardwebhooks'` finds the package.
    const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'verify-standard-'));
    try {
      writeFileSync(join(dir, 'verify.mjs'), VERIFY_STANDARD_IN_NODE);
      process.env.PORTAL_WEBHOOK_SECRET = DEMO_MERCHANT.webhookSecret;
      const { verifyPortalWebhook } = (await import(join(dir, 'verify.mjs'))) as { verifyPortalWebhook: (body: string, headers: Record<string, string>) => unknown };
      expect(verifyPortalWebhook(raw, headers)).toEqual(JSON.parse(raw));
      expect(() => verifyPortalWebhook(raw.replace('"CANCELLED"', '"COMPLETED"'), headers)).toThrow(WebhookVerificationError);
    } finally {
      delete process.env.PORTAL_WEBHOOK_SECRET;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('during a secret rotation carry a signature by each secret: the library verifies with either', async () => {
    const old = (await t.app.repos.merchants.findDetails(DEMO_MERCHANT.id))?.webhookSecret ?? '';
    const rotated = await rotateWebhookSecret(t.db, actor, DEMO_MERCHANT.id, 24);
    try {
      expect(rotated.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const { raw, headers } = await delivered();
      expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
      for (const secret of [rotated.webhookSecret, old]) {
        expect(new Webhook(secret).verify(raw, headers)).toEqual(JSON.parse(raw));
        expect(refuses(new Webhook(secret), raw.replace('"CANCELLED"', '"COMPLETED"'), headers)).toThrow(WebhookVerificationError);
        expect(verifyWebhook(secret, headers[SIGNATURE_HEADER], raw)).toBe(true);
      }
      expect(refuses(new Webhook(newWebhookSecret()), raw, headers)).toThrow(WebhookVerificationError);

      // Once the grace period is over, only the new secret signs.
      await t.app.repos.merchants.rotateWebhookSecret(DEMO_MERCHANT.id, rotated.webhookSecret, null);
      const after = await delivered();
      expect(after.headers['webhook-signature']?.split(' ')).toHaveLength(1);
      expect(new Webhook(rotated.webhookSecret).verify(after.raw, after.headers)).toEqual(JSON.parse(after.raw));
      expect(refuses(new Webhook(old), after.raw, after.headers)).toThrow(WebhookVerificationError);
    } finally {
      await t.app.repos.merchants.rotateWebhookSecret(DEMO_MERCHANT.id, DEMO_MERCHANT.webhookSecret, null);
    }
  }, 45_000);

  it('with a secret issued before (base64url), verify once it is given in base64 as the document says; the portal\u2019s own signature takes it as it is', async () => {
    // Bytes whose base64url has both - and _ (the libraries read only base64).
    const bytes = Buffer.concat([Buffer.from([0xfb, 0xef, 0xff]), randomBytes(29)]);
    const legacy = `whsec_${bytes.toString('base64url')}`;
    expect(legacy).toMatch(/^whsec_--__/);
    await t.app.repos.merchants.rotateWebhookSecret(DEMO_MERCHANT.id, legacy, null);
    try {
      const { raw, headers } = await delivered();
      const converted = `whsec_${Buffer.from(legacy.slice(6), 'base64url').toString('base64')}`;
      expect(new Webhook(converted).verify(raw, headers)).toEqual(JSON.parse(raw));
      expect(verifyWebhook(legacy, headers[SIGNATURE_HEADER], raw)).toBe(true);
    } finally {
      await t.app.repos.merchants.rotateWebhookSecret(DEMO_MERCHANT.id, DEMO_MERCHANT.webhookSecret, null);
    }
  }, 30_000);
});
