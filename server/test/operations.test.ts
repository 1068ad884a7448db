/**
 * Operating the portal (ADR 17): the Prometheus metrics after a customer's journey through the
 * demo shop and the dashboard that reads them; liveness and readiness, also while the database is
 * stopped; and a lender that stops answering, whose new customers are told before they fill a
 * form, and are let through again once it answers.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, BACK_OFFICE_API, buildPrivateApplication, findTestOperator, HEALTH, type LoanApplicationsResponse, MERCHANT_API, METRICS, type ProviderStatuses } from '@portal/domain';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/db';
import { CIRCUIT_FAILURE_THRESHOLD } from '../src/providers/health';
import { OperatorBrowser } from './back-office-helpers';
import { TEST_DATABASE_URL } from './env';
import { call, type Customer, eventually, paymentStatus, press, startConsumer, throughKeyFacts } from './flow-helpers';
import { createTestApp, freePort, merchantAuth, nextReference, openTestDatabase, sessionCookie, startTestServer, type TestApp, testConfig, XHR, simulated } from './helpers';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The series families a scrape declares (`# TYPE`), a histogram's with their suffixes. */
function declaredSeries(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name = '', type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    else names.add(name);
  }
  return names;
}

/** The Prometheus text format, as far as these tests read it. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`unreadable metrics line: ${line}`);
    const [, name = '', labelText = '', value = ''] = match;
    const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
    samples.push({ name, labels, value: Number(value) });
  }
  return samples;
}

const pick = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) => pick(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<Sample[]> {
  const response = await t.app.inject({ method: 'GET', url: METRICS.pattern, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(response.body);
}

const support = () => {
  const found = findTestOperator('operator-support');
  if (!found) throw new Error('no support operator');
  return found;
};

describe('metrics after a journey through the demo shop', () => {
  let t: TestApp & { url: string };
  let customer: Customer;
  let text = '';
  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '3000' });
    // The demo shop's Resurs version 2 journey: the shop creates it, Kari identifies, applies,
    // approves on Resurs' page, the shop's webhook receives the news.
    customer = await startConsumer(t, '18087248794', 2, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await press(`${await throughKeyFacts(t, customer)}/approve`)).status).toBe(303);
    await eventually(async () => (await paymentStatus(t, customer)).paymentStatus === 'ACCEPTED', 15_000);
    await eventually(async () => total(await scrape(t), 'portal_webhook_deliveries_total', { outcome: 'delivered' }) > 0, 15_000);
    text = (await t.app.inject({ method: 'GET', url: METRICS.pattern })).body;
  }, 90_000);
  afterAll(async () => t?.close());

  it('has non-zero series for each group', () => {
    const samples = parseMetrics(text);
    // HTTP: by route pattern and status class.
    expect(total(samples, 'portal_http_request_duration_seconds_count', { route: API.validate.pattern, method: 'GET', status_class: '2xx' })).toBeGreaterThan(0);
    expect(total(samples, 'portal_http_request_duration_seconds_count', { route: API.resursV2Submit.pattern, status_class: '2xx' })).toBeGreaterThan(0);
    // Provider calls: per provider and operation, with their outcome.
    expect(total(samples, 'portal_provider_call_duration_seconds_count', { provider: 'resurs-v2', operation: 'createPayment', outcome: 'ok' })).toBeGreaterThan(0);
    expect(total(samples, 'portal_provider_call_duration_seconds_sum', { provider: 'resurs-v2' })).toBeGreaterThan(0);
    // Job queues: every queue's depth and age, and the runs.
    for (const queue of ['webhook-delivery', 'provider-status-poll', 'resurs-v2-callback', 'contract-delivery']) {
      expect(pick(samples, 'portal_job_queue_depth', { queue }).map((s) => s.labels.state).sort(), queue).toEqual(['active', 'deferred', 'queued']);
      expect(pick(samples, 'portal_job_queue_oldest_age_seconds', { queue }), queue).toHaveLength(1);
    }
    expect(total(samples, 'portal_job_duration_seconds_count', { queue: 'webhook-delivery', outcome: 'completed' })).toBeGreaterThan(0);
    // Webhooks: by outcome and attempt.
    expect(total(samples, 'portal_webhook_deliveries_total', { outcome: 'delivered', attempt: '1', trigger: 'delivery' })).toBeGreaterThan(0);
    expect(total(samples, 'portal_webhook_delay_seconds_count')).toBeGreaterThan(0);
    // The lifecycle: applications entering each status.
    for (const status of ['CREATED', 'SUBMITTED', 'SIGNING', 'COMPLETED']) {
      expect(total(samples, 'portal_application_status_entered_total', { status }), status).toBeGreaterThan(0);
    }
    expect(pick(samples, 'portal_application_status_entered_total', { status: 'DECLINED' })).toHaveLength(1);
    // Customer sessions, the event loop and memory.
    expect(total(samples, 'portal_customer_sessions_active')).toBeGreaterThan(0);
    expect(total(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(total(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(total(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // Provider status: the lender's circuit.
    expect(total(samples, 'portal_provider_circuit_state', { provider: 'resurs-v2', state: 'closed' })).toBe(1);
    expect(pick(samples, 'portal_provider_error_ratio', { provider: 'resurs-v2' })).toHaveLength(1);
  });

  it('never puts a reference, an address or personal data in a label', () => {
    const labelValues = new Set(parseMetrics(text).flatMap((s) => Object.values(s.labels)));
    for (const secret of [customer.reference, customer.merchantPaymentReference, '18087248794', 'kari', 'Nordmann']) {
      expect(text.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
    expect([...labelValues].filter((value) => /^https?:|\?|=/.test(value))).toEqual([]);
    // Routes are patterns: no path segment of a real reference.
    const routes = new Set(parseMetrics(text).filter((s) => s.labels.route).map((s) => s.labels.route ?? ''));
    expect([...routes].filter((route) => route.includes(customer.reference))).toEqual([]);
    expect(routes).toContain('/api/loan-application/validate/:reference');
  });

  it('has a Grafana dashboard that reads exactly these series', () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(exprs.length).toBeGreaterThan(0);
    const used = new Set(exprs.flatMap((expr) => [...expr.matchAll(/\b(portal_\w+|process_\w+|nodejs_\w+)/g)].map((m) => m[1] ?? '')));
    const exported = declaredSeries(text);
    // Every series the dashboard asks for exists…
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
    // …and every family of the portal's own has a panel.
    const families = new Set([...exported].filter((name) => name.startsWith('portal_')).map((name) => name.replace(/_(bucket|sum|count)$/, '')));
    const usedFamilies = new Set([...used].map((name) => name.replace(/_(bucket|sum|count)$/, '')));
    expect([...families].filter((family) => !usedFamilies.has(family))).toEqual([]);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'metrics-token-for-the-test-0123456789';
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: token });
  });
  afterAll(async () => t?.close());

  it('answers only with the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, token]) {
      const response = await t.app.inject({ method: 'GET', url: METRICS.pattern, headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toMatchObject({ status: 401, errorCode: 'INVALID_CREDENTIALS' });
    }
    expect((await scrape(t, { authorization: `Bearer ${token}` })).length).toBeGreaterThan(0);
    // The health checks stay open: load balancers carry no token.
    expect((await t.app.inject({ method: 'GET', url: HEALTH.ready.pattern })).statusCode).toBe(200);
  });
});

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('answer on the new paths and the first ones', async () => {
    for (const path of [HEALTH.live.pattern, HEALTH.legacyLive.pattern]) {
      expect((await t.app.inject({ method: 'GET', url: path })).json(), path).toEqual({ status: 'ok' });
    }
    for (const path of [HEALTH.ready.pattern, HEALTH.legacyReady.pattern]) {
      const ready = await t.app.inject({ method: 'GET', url: path });
      expect(ready.statusCode, path).toBe(200);
      expect(ready.json(), path).toEqual({ status: 'ready', database: 'pglite', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
    }
  });

  it('is not ready while a migration this build carries is missing from the database', async () => {
    const [latest] = await t.db.query<{ version: number }>('SELECT max(version)::int AS version FROM schema_version');
    await t.db.query('DELETE FROM schema_version WHERE version = $1', [latest?.version ?? 0]);
    try {
      const ready = await t.app.inject({ method: 'GET', url: HEALTH.ready.pattern });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 503, errorCode: 'WEB_SERVICE_DOWN', checks: { database: 'ok', migrations: 'pending', jobs: 'ok' } });
    } finally {
      await t.db.query(`INSERT INTO schema_version (version, name, md5, run_at) SELECT $1, 'restored', '', now() WHERE NOT EXISTS (SELECT 1 FROM schema_version WHERE version = $1)`, [latest?.version ?? 0]);
    }
    expect((await t.app.inject({ method: 'GET', url: HEALTH.ready.pattern })).statusCode).toBe(200);
  });
});

/**
 * A TCP proxy in front of the test PostgreSQL server: `stop()` drops every connection and refuses
 * new ones, as a stopped server does, without stopping the server other tests share.
 */
async function databaseProxy(target: URL) {
  const port = await freePort();
  const clients = new Set<Socket>();
  const upstreams = new Set<Socket>();
  let server: TcpServer | null = null;
  const track = (socket: Socket, set: Set<Socket>) => {
    set.add(socket);
    socket.on('close', () => set.delete(socket));
  };
  return {
    port,
    /** The local ports of the proxy's connections to the server, as pg_stat_activity shows them. */
    upstreamPorts: () => [...upstreams].map((socket) => socket.localPort),
    async start() {
      const listening = createTcpServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        track(client, clients);
        track(upstream, upstreams);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        for (const socket of [client, upstream]) socket.on('error', end).on('close', end);
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const socket of [...clients, ...upstreams]) socket.destroy();
      await closing;
      server = null;
    },
  };
}

describe.runIf(Boolean(TEST_DATABASE_URL))('readiness while the database server is stopped', () => {
  it('fails while it is stopped, and recovers after without a restart, jobs and change notices included', async () => {
    // The shop's webhook receiver holds its answer until told: a delivery job is then running
    // when the database goes away (the portal's own origin, where its demo shop's paths are allowed).
    const held: (() => void)[] = [];
    const receiver = createServer((_request, response) => {
      held.push(() => response.writeHead(204).end());
    });
    const receiverPort = await freePort();
    await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${receiverPort}`;

    const direct = new URL(TEST_DATABASE_URL ?? '');
    const database = await openTestDatabase('postgres');
    const [schema] = await database.db.query<{ name: string }>('SELECT current_schema() AS name');
    const proxy = await databaseProxy(direct);
    await proxy.start();
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxied.searchParams.set('options', `-c search_path=${schema?.name ?? 'public'}`);
    const db = await openDatabase({ databaseUrl: proxied.toString() });
    const app = await buildApp({ config: testConfig({ PUBLIC_URL: origin }), db });
    const ready = async () => {
      const response = await app.inject({ method: 'GET', url: HEALTH.ready.pattern });
      return { status: response.statusCode, body: response.json<{ checks: Record<string, string> }>() };
    };
    const listening = async () => {
      const ports = proxy.upstreamPorts();
      const rows = await database.db.query<{ port: number }>(
        "SELECT client_port AS port FROM pg_stat_activity WHERE application_name = 'loan-subscription-portal:listen' AND client_port = ANY($1::int[])",
        [ports.map(String)],
      );
      return rows.length > 0;
    };
    try {
      expect((await ready()).status).toBe(200);
      expect(await eventually(listening)).toBe(true);
      // A customer leaves before applying: the shop is told by webhook, and the receiver holds it.
      const created = await app.inject({
        method: 'POST',
        url: MERCHANT_API.applications.pattern,
        headers: merchantAuth,
        payload: buildPrivateApplication('27028809552', { merchantPaymentReference: nextReference('outage'), callbackUrl: `${origin}/demo-shop/return`, webhookUrl: `${origin}/demo-shop/webhook` }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const login = await app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference: created.json<{ reference: string }>().reference } });
      expect((await app.inject({ method: 'POST', url: API.leave.pattern, headers: { ...XHR, cookie: sessionCookie(login) } })).statusCode).toBe(200);
      await eventually(async () => held.length > 0, 15_000);

      await proxy.stop();
      const down = await eventually(async () => {
        const answer = await ready();
        return answer.status === 503 && answer;
      });
      expect(down.body.checks).toMatchObject({ database: 'unreachable', migrations: 'unknown' });
      // The delivery finishes while the database is away: its result cannot be written, and the
      // process goes on (the job runs again once it expires).
      for (const answer of held.splice(0)) answer();
      // Stopped for longer than one reconnection attempt of the change notices' connection.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect((await ready()).status).toBe(503);

      await proxy.start();
      const up = await eventually(async () => {
        const answer = await ready();
        return answer.status === 200 && answer;
      }, 15_000);
      expect(up.body.checks).toEqual({ database: 'ok', migrations: 'ok', jobs: 'ok' });
      // Change notices from other instances arrive again: the LISTEN connection is back.
      expect(await eventually(listening, 15_000)).toBe(true);
    } finally {
      for (const answer of held.splice(0)) answer();
      await app.close();
      await db.close();
      await proxy.stop();
      await database.drop();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 90_000);
});

describe('a lender that stops answering', () => {
  let t: TestApp & { url: string };
  let browser: OperatorBrowser;
  const setFault = async (mode: string) => {
    const response = await fetch(`${t.url}/sandbox/control/faults/resurs-v2`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });
    expect(response.status).toBe(200);
  };
  const validate = async (customer: Customer) => {
    const response = await t.app.inject({ method: 'GET', url: API.validate.url({ reference: customer.reference }), headers: { cookie: customer.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LoanApplicationsResponse>();
  };
  const providerStatus = async () => {
    const response = await t.app.inject({ method: 'GET', url: BACK_OFFICE_API.providers.route.url(), headers: { cookie: browser.operatorCookie } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ProviderStatuses>();
    const v2 = body.providers.find((p) => p.provider === 'resurs-v2');
    if (!v2) throw new Error('no resurs-v2 status');
    return v2;
  };

  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '5000', PROVIDER_PROBE_INTERVAL_MS: '100' });
    browser = new OperatorBrowser(t.url);
    expect(await browser.signIn(support())).toBe(`${t.url}/back-office/`);
  }, 60_000);
  afterAll(async () => {
    await setFault('normal').catch(() => undefined);
    await t?.close();
  });

  it('tells new customers before they fill a form, fails at once while its circuit is open, and lets them through once it answers', async () => {
    const before = await startConsumer(t, '18087248794', 2, t.url);
    expect((await validate(before)).lenderAvailable).toBe(true);
    expect(await providerStatus()).toMatchObject({ circuit: 'closed', failures: 0 });

    await setFault('down');
    // The first customer after the stop: pricing finds Resurs gone, so the screen says so.
    const first = await startConsumer(t, '27028809552', 2, t.url);
    expect((await validate(first)).lenderAvailable).toBe(false);
    // Customers keep arriving; after CIRCUIT_FAILURE_THRESHOLD calls it did not answer, the circuit opens.
    const others: Customer[] = [];
    for (let i = 0; i < CIRCUIT_FAILURE_THRESHOLD; i += 1) others.push(await startConsumer(t, '27028809552', 2, t.url));
    const open = await providerStatus();
    // Open, or half-open while the background probe tests it.
    expect(open.circuit).not.toBe('closed');
    expect(open.failures).toBeGreaterThanOrEqual(CIRCUIT_FAILURE_THRESHOLD);
    expect(open.errorRate).toBeGreaterThan(0);
    for (const customer of [first, ...others]) expect((await validate(customer)).lenderAvailable).toBe(false);
    // An open circuit answers at once, without calling Resurs: the submit fails as the catalogue says.
    const submitted = await call(t, first, 'PATCH', API.resursV2Submit.pattern, first.form);
    expect(submitted.statusCode).toBe(503);
    expect(submitted.json()).toMatchObject({ errorCode: 'WEB_SERVICE_DOWN' });
    const samples = await scrape(t);
    expect(total(samples, 'portal_provider_circuit_state', { provider: 'resurs-v2', state: 'closed' })).toBe(0);
    expect(total(samples, 'portal_provider_short_circuited_total', { provider: 'resurs-v2' })).toBeGreaterThan(0);
    expect(total(samples, 'portal_provider_call_duration_seconds_count', { provider: 'resurs-v2', outcome: 'unavailable' })).toBeGreaterThan(0);
    // The application a customer had opened before is not sent either.
    expect((await validate(before)).lenderAvailable).toBe(false);

    await setFault('normal');
    // The background probe finds Resurs answering and closes the circuit: the form is back.
    await eventually(async () => (await validate(first)).lenderAvailable, 15_000);
    expect(await providerStatus()).toMatchObject({ circuit: 'closed' });
    const retried = await call(t, first, 'PATCH', API.resursV2Submit.pattern, first.form);
    expect(retried.statusCode, retried.body).toBe(200);
    // Probes are measured, not written against any application.
    const [orphans] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM provider_interactions WHERE application_id IS NULL AND operation = 'getStores'");
    expect(orphans?.n).toBe(0);
  });
});

describe('a lender at an address where nothing answers', () => {
  let t: TestApp & { url: string };
  let relay: Server | null = null;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    // Resurs version 2 at a port nobody listens on; the other providers as usual.
    // The configuration refuses a real provider address beside the sandbox (mode safety), so the
    // address is changed on the loaded configuration, as if that lender had moved.
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '2000', PROVIDER_PROBE_INTERVAL_MS: '100' }, undefined, (config) => ({
      ...config,
      providers: { ...config.providers, resursV2: { ...simulated(config).resursV2, baseUrl: `http://127.0.0.1:${port}/sandbox/resurs-v2` } },
    }));
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
    await t?.close();
  });

  it('is unavailable to new customers, and available once something answers there', async () => {
    const customers: Customer[] = [];
    for (let i = 0; i <= CIRCUIT_FAILURE_THRESHOLD; i += 1) customers.push(await startConsumer(t, '18087248794', 2, t.url));
    const [customer] = customers;
    if (!customer) throw new Error('no customer');
    const validate = async () =>
      (await t.app.inject({ method: 'GET', url: API.validate.url({ reference: customer.reference }), headers: { cookie: customer.cookie } })).json<LoanApplicationsResponse>();
    expect((await validate()).lenderAvailable).toBe(false);
    expect(t.app.providerHealth.circuitState('resurs-v2')).not.toBe('closed');

    // Resurs comes up at that address (here: a relay to the simulator).
    relay = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(Object.entries(request.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host'));
        fetch(`${t.url}${request.url ?? '/'}`, { method: request.method, headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) })
          .then(async (answer) => {
            response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
            response.end(Buffer.from(await answer.arrayBuffer()));
          })
          .catch(() => response.destroy());
      });
    });
    await new Promise<void>((resolve) => relay?.listen(port, '127.0.0.1', resolve));
    await eventually(async () => (await validate()).lenderAvailable, 15_000);
    expect((await validate()).loanApplications[0]?.loan.totalMonthlyPayment).not.toBeNull();
  });
});
