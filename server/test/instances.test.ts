/**
 * Several instances on one PostgreSQL server (PRODUCT section 7, ADR 18). Started at the same
 * moment on an empty database, as an orchestrator starts two replicas, both start (the schema
 * work of each waits for the other's); then they serve one customer interchangeably: a session
 * made on one is good on the other, a job queued by either runs once, and a status changed on
 * one is what the other answers. Needs TEST_DATABASE_URL (each try makes its own database).
 * Figures (start-up, latency, throughput) are in bench/instances.mjs.
 */
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPrivateApplication, MERCHANT_API } from '@portal/domain';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/db';
import { DEMO_MERCHANT } from '../src/sandbox-mode/demo-merchant';
import { WEBHOOK_QUEUE } from '../src/services/queues';
import { EVENT_ID_HEADER } from '../src/services/webhooks';
import { TEST_DATABASE_URL } from './env';
import { type Customer, eventually, paymentStatus, startConsumer } from './flow-helpers';
import { merchantAuth, nextReference, testConfig, type TestApp } from './helpers';

interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the test server (not a schema: the job queue's own schema must be new too). */
async function freshDatabase(): Promise<FreshDatabase> {
  const server = TEST_DATABASE_URL ?? '';
  const name = `portal_instances_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDatabase({ databaseUrl: server });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

const startInstance = (url: string): Promise<FastifyInstance> => buildApp({ config: testConfig({ DATABASE_URL: url }) });
const asTestApp = (app: FastifyInstance): TestApp => ({ app, db: app.db, close: () => app.close() });

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let database: FreshDatabase | null = null;
  let a: FastifyInstance | null = null;
  let b: FastifyInstance | null = null;
  let merchant: Server | null = null;

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    merchant?.close();
  });

  it('both start when started at the same moment on an empty database, every time', async () => {
    // Before the schema lock, one of the two stopped with "deadlock detected" in most tries.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await Promise.all([a?.close(), b?.close()]);
      await database?.drop();
      database = await freshDatabase();
      const started = await Promise.allSettled([startInstance(database.url), startInstance(database.url)]);
      const [first, second] = started;
      a = first?.status === 'fulfilled' ? first.value : null;
      b = second?.status === 'fulfilled' ? second.value : null;
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures, `try ${attempt}`).toEqual([]);
    }
  }, 120_000);

  it('share a customer, run each job once, and answer a status changed on the other', async () => {
    if (!a || !b) throw new Error('the instances did not start');
    const [one, two] = [asTestApp(a), asTestApp(b)];

    // The merchant's webhook endpoint: every delivery by its event id.
    const deliveries: string[] = [];
    merchant = createServer((request, response) => {
      deliveries.push(String(request.headers[EVENT_ID_HEADER]));
      request.resume();
      response.statusCode = 204;
      response.end();
    });
    await new Promise<void>((resolve) => merchant?.listen(0, '127.0.0.1', resolve));
    const address = merchant.address();
    const merchantUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await one.app.repos.merchants.addAllowedOrigins(DEMO_MERCHANT.id, [merchantUrl]);

    // A customer logs in on one instance; the session is good on the other.
    const customer: Customer = await startConsumer(one, '27028809552', 2, 'http://localhost:3000');
    const onOther = await two.app.inject({ method: 'GET', url: `/api/loan-application/validate/${customer.reference}`, headers: { cookie: customer.cookie } });
    expect(onOther.statusCode, onOther.body).toBe(200);

    // The other instance answers the status poll (and keeps it in memory); the shop cancels on the first.
    expect((await paymentStatus(two, customer)).paymentStatus).toBe('TASK_REDIRECTION_REQUIRED');
    const cancelled = await one.app.inject({ method: 'POST', url: MERCHANT_API.cancel.url({ merchantPaymentReference: customer.merchantPaymentReference }), headers: merchantAuth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await eventually(async () => (await paymentStatus(two, customer)).paymentStatus === 'REJECTED');

    // Webhooks queued on either instance, with both instances' workers taking jobs: each delivered once.
    const references: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const on = i % 2 === 0 ? one : two;
      const merchantPaymentReference = nextReference('instances');
      const created = await on.app.inject({
        method: 'POST',
        url: MERCHANT_API.applications.pattern,
        headers: merchantAuth,
        payload: buildPrivateApplication('27028809552', { merchantPaymentReference, webhookUrl: `${merchantUrl}/hooks` }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const cancel = await on.app.inject({ method: 'POST', url: MERCHANT_API.cancel.url({ merchantPaymentReference }), headers: merchantAuth });
      expect(cancel.statusCode, cancel.body).toBe(200);
      references.push(merchantPaymentReference);
    }
    const events = await one.db.query<{ id: string }>(
      `SELECT w.id FROM webhook_events w JOIN applications a ON a.id = w.application_id WHERE a.merchant_payment_reference = ANY($1::text[])`,
      [references],
    );
    expect(events).toHaveLength(references.length);
    await eventually(async () => events.every((event) => deliveries.includes(event.id)), 20_000);
    // Every delivery job has completed, so none can run again: pg-boss handed each to one instance.
    await eventually(async () => {
      const [row] = await one.db.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM ${one.app.jobs.schema}.job WHERE name = $1 AND data ->> 'eventId' = ANY($2::text[]) AND state < 'completed'`,
        [WEBHOOK_QUEUE, events.map((e) => e.id)],
      );
      return row?.open === 0;
    }, 20_000);
    for (const event of events) expect(deliveries.filter((id) => id === event.id), event.id).toHaveLength(1);
    const [attempts] = await one.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_delivery_attempts WHERE event_id = ANY($1::uuid[])`,
      [events.map((e) => e.id)],
    );
    expect(attempts?.n).toBe(events.length);
  }, 90_000);
});
