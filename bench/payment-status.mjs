// GET /api/loan-application/payment/status against a bare Fastify route answering the same JSON,
// side by side on this machine (issue 16: at least 0.6 of its requests per second). Both servers
// run as child processes; autocannon loads them in turn, several rounds, and each round's ratio
// is printed with the median and spread, as CPU time per request is (steadier on a busy machine).
//   node bench/payment-status.mjs [--seconds 5] [--rounds 4] [--connections 20]   (after `npm run build`)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuMicros, freePort, loggedInCustomer, root, startPortal, waitFor } from './portal.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 5);
const connections = arg('connections', 20);
const rounds = arg('rounds', 4);

/** Loads a server and measures its CPU per request too: steadier than req/s on a busy machine. */
async function measure(url, headers, pid) {
  const before = cpuMicros(pid);
  const result = await load(url, headers);
  const used = cpuMicros(pid) - before;
  return { result, cpuPerRequest: used / result.requests.total };
}

const load = (url, headers) =>
  new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });

// --- the portal ------------------------------------------------------------------------------
const portal = await startPortal(process.env.BENCH_LOG_LEVEL ?? 'info');
let answer;
let cookie;
let url;
try {
  // A customer with an application, as on the waiting screen.
  const customer = await loggedInCustomer(portal.base);
  cookie = customer.cookie;
  url = `${portal.base}/api/loan-application/payment/status?merchantId=demo&merchantPaymentReference=${customer.merchantPaymentReference}`;
  answer = await fetch(url, { headers: { cookie } }).then((r) => r.text());
  if (!answer.includes('paymentStatus')) throw new Error(`unexpected answer: ${answer}`);
} catch (error) {
  await portal.stop();
  throw error;
}

// --- a bare Fastify route with the same answer -----------------------------------------------
const barePort = await freePort();
const bare = spawn(
  'node',
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify';
     const app = Fastify({ logger: false });
     const body = ${JSON.stringify(answer)};
     app.get('/status', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
     await app.listen({ port: ${barePort}, host: '127.0.0.1' });`,
  ],
  { cwd: join(root, 'server'), stdio: ['ignore', 'ignore', 'inherit'] },
);
const bareUrl = `http://127.0.0.1:${barePort}/status`;
try {
  await waitFor(bareUrl);
  await load(url, { cookie }); // warm up
  await load(bareUrl, {});

  // Both servers run throughout and are loaded in turn, in alternating order, so that what
  // else the machine does falls on both alike; each pair gives a ratio.
  const rps = (r) => r.requests.average;
  const pairs = [];
  for (let i = 0; i < rounds; i += 1) {
    const runPortal = () => measure(url, { cookie }, portal.child.pid);
    const runBare = () => measure(bareUrl, {}, bare.pid);
    let portalRun;
    let bareRun;
    if (i % 2 === 0) {
      portalRun = await runPortal();
      bareRun = await runBare();
    } else {
      bareRun = await runBare();
      portalRun = await runPortal();
    }
    pairs.push({ portalRun, bareRun, ratio: rps(portalRun.result) / rps(bareRun.result), cpuRatio: bareRun.cpuPerRequest / portalRun.cpuPerRequest });
    const cpu = (run) => `${run.cpuPerRequest.toFixed(1).padStart(5)} µs CPU/request`;
    const p = portalRun.result;
    console.log(
      `round ${i + 1}: payment/status ${rps(p).toFixed(0).padStart(6)} req/s ${cpu(portalRun)} p99 ${p.latency.p99} ms errors ${p.errors + p.non2xx}` +
        ` | bare ${rps(bareRun.result).toFixed(0).padStart(6)} req/s ${cpu(bareRun)} | ratio ${pairs.at(-1).ratio.toFixed(2)}, CPU ${pairs.at(-1).cpuRatio.toFixed(2)}`,
    );
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const spread = (values) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  const ratios = pairs.map((p) => p.ratio);
  const cpuRatios = pairs.map((p) => p.cpuRatio);
  console.log(`ratio of requests per second: median ${median(ratios).toFixed(2)} (${spread(ratios)}), target at least 0.60`);
  console.log(`ratio of CPU per request (bare / payment status): median ${median(cpuRatios).toFixed(2)} (${spread(cpuRatios)})`);
  console.log(`${connections} connections, ${seconds} s per run, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
} finally {
  bare.kill('SIGTERM');
  await portal.stop();
}
