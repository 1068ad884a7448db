// Two instances of the built portal on one PostgreSQL server (the DATABASE_URL mode), as an
// orchestrator runs two replicas behind a load balancer (PRODUCT section 7, ADR 18). Prints:
// - start-up: both started at the same moment on an empty database, several tries;
// - a customer's session made on A, used on B;
// - webhook jobs queued on both, each delivered once (both instances' workers take jobs);
// - a status changed on A (the shop cancels): how long until B's payment-status poll says so;
// - payment-status polling: requests per second of A alone, then of A and B together, in turn.
// The load generator runs in this process, on the same machine: on a small machine the servers,
// PostgreSQL and autocannon share the cores, so two instances cannot show twice one's rate.
//   node bench/instances.mjs [--tries 5] [--seconds 5] [--rounds 3] [--connections 20] [--changes 10] [--server server/dist/server.js]
//   (after `npm run build`). PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
//   where a throwaway database is made for each try and dropped at the end.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMicros, freePort, loggedInCustomer, root } from './portal.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const tries = Number(arg('tries', 5));
const seconds = Number(arg('seconds', 5));
const connections = Number(arg('connections', 20));
const changes = Number(arg('changes', 10));
const rounds = Number(arg('rounds', 3));
const serverScript = arg('server', 'server/dist/server.js');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MERCHANT_KEY = 'sandbox-demo-merchant-key';
const READY = '/readyz';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;

// --- throwaway databases --------------------------------------------------------------------
// Pools: a connection dropped by the server (another run's clean-up) is replaced, not fatal.
const pool = (connectionString) => new pg.Pool({ connectionString, max: 2 }).on('error', () => undefined);
const admin = pool(adminUrl);
const databases = [];
async function freshDatabase() {
  const name = `portal_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// --- instances --------------------------------------------------------------------------------
/** Starts one instance; answers when it is ready, or when it stopped (with its last error line). */
async function startInstance(databaseUrl) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['--optimize-for-size', serverScript], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, SANDBOX: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      const line = stderr.split('\n').find((l) => l.startsWith('Failed to start')) ?? stderr.trim().split('\n').at(-1) ?? `exit ${child.exitCode}`;
      return { ok: false, error: line, stop };
    }
    try {
      if ((await fetch(`${base}${READY}`)).ok) return { ok: true, base, databaseUrl, child, stop, seconds: (Date.now() - started) / 1000 };
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 120_000) {
      await stop();
      return { ok: false, error: 'not ready after 120 s', stop };
    }
    await sleep(50);
  }
}

const merchantHeaders = { authorization: `Bearer ${MERCHANT_KEY}`, 'content-type': 'application/json' };
const cancel = (base, merchantPaymentReference) =>
  fetch(`${base}/api/merchant/v1/applications/${merchantPaymentReference}/cancel`, { method: 'POST', headers: { authorization: merchantHeaders.authorization } });
const statusUrl = (base, customer) => `${base}/api/loan-application/payment/status?merchantId=demo&merchantPaymentReference=${customer.merchantPaymentReference}`;
const paymentStatus = async (base, customer) => (await fetch(statusUrl(base, customer), { headers: { cookie: customer.cookie } }).then((r) => r.json())).paymentStatus;

let pair = [];
try {
  // --- 1. start-up -------------------------------------------------------------------------
  console.log(`start-up: two instances at the same moment on an empty database (${serverScript})`);
  const alone = await startInstance(await freshDatabase());
  await alone.stop();
  console.log(`  one instance alone: ${alone.ok ? `ready in ${alone.seconds.toFixed(1)} s` : `stopped: ${alone.error}`}`);
  let bothStarted = 0;
  for (let i = 1; i <= tries; i += 1) {
    await Promise.all(pair.map((instance) => instance.stop()));
    const url = await freshDatabase();
    pair = await Promise.all([startInstance(url), startInstance(url)]);
    const ok = pair.every((instance) => instance.ok);
    if (ok) bothStarted += 1;
    const each = pair.map((instance, n) => `${'AB'[n]} ${instance.ok ? `ready in ${instance.seconds.toFixed(1)} s` : `stopped: ${instance.error}`}`);
    console.log(`  try ${i}: ${each.join(', ')}`);
  }
  console.log(`  both started in ${bothStarted} of ${tries} tries`);
  if (!pair.every((instance) => instance.ok)) throw new Error('the last pair did not start: nothing more to measure');
  const [a, b] = pair;

  // --- 2. a session moves between instances ---------------------------------------------------
  const customer = await loggedInCustomer(a.base, `bench-session-${Date.now()}`);
  const onB = await fetch(`${b.base}/api/loan-application/validate/${customer.reference}`, { headers: { cookie: customer.cookie } });
  console.log(`session: made on A, used on B: ${onB.status === 200 ? 'yes' : `no (${onB.status})`}`);

  // --- 3. jobs run once ---------------------------------------------------------------------
  const deliveries = new Map();
  const receiver = createServer((request, response) => {
    const id = String(request.headers['x-portal-event-id'] ?? '');
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    request.resume();
    response.statusCode = 204;
    response.end();
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}`;
  const direct = pool(a.databaseUrl);
  await direct.query(`UPDATE merchants SET allowed_origins = array_append(allowed_origins, $1) WHERE id = 'demo'`, [receiverUrl]);
  const jobs = 20;
  const references = [];
  for (let i = 0; i < jobs; i += 1) {
    const on = i % 2 === 0 ? a : b;
    const merchantPaymentReference = `bench-job-${Date.now()}-${i}`;
    const created = await fetch(`${on.base}/api/merchant/v1/applications`, {
      method: 'POST',
      headers: merchantHeaders,
      body: JSON.stringify({
        merchantPaymentReference,
        countryCode: 'NO',
        customer: { type: 'PRIVATE', nationalId: '27028809552', firstName: 'Ola', lastName: 'Hansen', email: 'ola@example.com', phone: '+47 92345678', address: 'Bryggen 5', postalCode: '5003', city: 'Bergen' },
        loan: { loanAmount: 15000, loanPeriod: 36 },
        version: 2,
        items: [{ sku: 'LAP-14', name: 'Laptop 14"', quantity: 1, unitPrice: 15000 }],
        callbackUrl: `${on.base}/demo-shop/return`,
        webhookUrl: `${receiverUrl}/hooks`,
      }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const cancelled = await cancel(on.base, merchantPaymentReference);
    if (cancelled.status !== 200) throw new Error(`cancel: ${cancelled.status} ${await cancelled.text()}`);
    references.push(merchantPaymentReference);
  }
  const { rows: events } = await direct.query(
    `SELECT w.id FROM webhook_events w JOIN applications a ON a.id = w.application_id WHERE a.merchant_payment_reference = ANY($1::text[])`,
    [references],
  );
  const jobsDone = async () =>
    (
      await direct.query(`SELECT count(*)::int AS open FROM pgboss.job WHERE name = 'webhook-delivery' AND data ->> 'eventId' = ANY($1::text[]) AND state < 'completed'`, [
        events.map((e) => e.id),
      ])
    ).rows[0].open === 0;
  const until = Date.now() + 30_000;
  while (!(await jobsDone()) && Date.now() < until) await sleep(200);
  // A little longer: a job taken twice would show now.
  await sleep(2000);
  const counts = events.map((e) => deliveries.get(e.id) ?? 0);
  const once = counts.filter((c) => c === 1).length;
  const twice = counts.filter((c) => c > 1).length;
  console.log(`jobs: ${events.length} webhook jobs queued on A and B: ${once} delivered once, ${twice} more than once, ${counts.filter((c) => c === 0).length} not delivered`);
  receiver.close();

  // --- 4. a change on A seen on B -------------------------------------------------------------
  const latencies = [];
  for (let i = 0; i < changes; i += 1) {
    const watched = await loggedInCustomer(a.base, `bench-change-${Date.now()}-${i}`);
    // B answers the poll and keeps it in memory, as for a waiting customer.
    for (let n = 0; n < 3; n += 1) await paymentStatus(b.base, watched);
    const t0 = performance.now();
    const cancelled = await cancel(a.base, watched.merchantPaymentReference);
    if (cancelled.status !== 200) throw new Error(`cancel: ${cancelled.status} ${await cancelled.text()}`);
    const t1 = performance.now();
    let seen = null;
    while (performance.now() - t0 < 10_000) {
      if ((await paymentStatus(b.base, watched)) === 'REJECTED') {
        seen = performance.now();
        break;
      }
      await sleep(5);
    }
    latencies.push(seen === null ? Number.POSITIVE_INFINITY : seen - t1);
  }
  const shown = latencies.filter(Number.isFinite);
  console.log(
    `status change: cancelled on A, seen by B's poll after the cancel answered: median ${ms(median(latencies))}, max ${ms(Math.max(...latencies))} ` +
      `(${shown.length} of ${changes} within 10 s; ${latencies.filter((l) => l <= 1000).length} within a second)`,
  );

  // --- 5. polling throughput -------------------------------------------------------------------
  const poller = await loggedInCustomer(a.base, `bench-poll-${Date.now()}`);
  const load = (base, c = connections) =>
    new Promise((resolve, reject) =>
      autocannon({ url: statusUrl(base, poller), headers: { cookie: poller.cookie }, connections: c, duration: seconds }, (e, r) => (e ? reject(e) : resolve(r))),
    );
  await Promise.all([load(a.base, 5), load(b.base, 5)]); // warm up both
  // One instance, then both at once, in alternating order round by round, so that what else the
  // machine does falls on both alike.
  const rps = (r) => r.requests.average;
  const errors = (r) => r.errors + r.non2xx;
  const ratios = [];
  const cpuRatios = [];
  // CPU time per request of the servers (from /proc): steadier than req/s on a busy machine.
  const cpu = { one: 0, two: 0 };
  for (let round = 1; round <= rounds; round += 1) {
    const single = async () => {
      const before = cpuMicros(a.child.pid);
      const result = await load(a.base);
      cpu.one = (cpuMicros(a.child.pid) - before) / result.requests.total;
      return result;
    };
    const double = async () => {
      const before = cpuMicros(a.child.pid) + cpuMicros(b.child.pid);
      const results = await Promise.all([load(a.base), load(b.base)]);
      cpu.two = (cpuMicros(a.child.pid) + cpuMicros(b.child.pid) - before) / (results[0].requests.total + results[1].requests.total);
      return results;
    };
    let one;
    let both;
    if (round % 2 === 1) {
      one = await single();
      both = await double();
    } else {
      both = await double();
      one = await single();
    }
    const [ta, tb] = both;
    ratios.push((rps(ta) + rps(tb)) / rps(one));
    cpuRatios.push(cpu.two / cpu.one);
    console.log(
      `polling, round ${round}: one instance ${rps(one).toFixed(0)} req/s, ${cpu.one.toFixed(0)} µs CPU/request (errors ${errors(one)}); ` +
        `two instances ${(rps(ta) + rps(tb)).toFixed(0)} req/s together (A ${rps(ta).toFixed(0)}, B ${rps(tb).toFixed(0)}), ${cpu.two.toFixed(0)} µs CPU/request ` +
        `(errors ${errors(ta) + errors(tb)}); ratio of req/s ${ratios.at(-1).toFixed(2)}`,
    );
  }
  const spread = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  console.log(`polling: two instances / one: req/s median ${median(ratios).toFixed(2)} (${spread(ratios)}); CPU per request median ${median(cpuRatios).toFixed(2)} (${spread(cpuRatios)})`);
  console.log(`${connections} connections per instance, ${seconds} s per run, ${readFileSync('/proc/cpuinfo', 'utf8').split('\nprocessor').length} cores, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  await direct.end();
} finally {
  await Promise.all(pair.map((instance) => instance.stop()));
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
