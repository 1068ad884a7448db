// GET /api/loan-application/payment/status against a bare Fastify route answering the same JSON,
// side by side in one run on this machine (PRODUCT section 7: at least half the requests per
// second). Both servers run as child processes; autocannon loads them one after the other.
//   node bench/payment-status.mjs [--seconds 10] [--connections 20]   (after `npm run build`)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, loggedInCustomer, root, startPortal, waitFor } from './portal.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const connections = arg('connections', 20);

/** CPU time (user + system) a process has used, in microseconds, from /proc (Linux). */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
  } catch {
    return Number.NaN;
  }
}

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

await load(url, { cookie }); // warm up
const portalRun = await measure(url, { cookie }, portal.child.pid);
const portalResult = portalRun.result;
await portal.stop();

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
await waitFor(`http://127.0.0.1:${barePort}/status`);
await load(`http://127.0.0.1:${barePort}/status`, {});
const bareRun = await measure(`http://127.0.0.1:${barePort}/status`, {}, bare.pid);
const bareResult = bareRun.result;
bare.kill('SIGTERM');

const rps = (r) => r.requests.average;
const ratio = rps(portalResult) / rps(bareResult);
const cpu = (run) => `${run.cpuPerRequest.toFixed(0).padStart(4)} µs CPU/request`;
console.log(`payment/status  ${rps(portalResult).toFixed(0).padStart(7)} req/s   ${cpu(portalRun)}   p99 ${portalResult.latency.p99} ms   errors ${portalResult.errors + portalResult.non2xx}`);
console.log(`bare Fastify    ${rps(bareResult).toFixed(0).padStart(7)} req/s   ${cpu(bareRun)}   p99 ${bareResult.latency.p99} ms`);
console.log(`ratio ${ratio.toFixed(2)} req/s (target at least 0.50); CPU cost ratio ${(bareRun.cpuPerRequest / portalRun.cpuPerRequest).toFixed(2)}`);
console.log(`${connections} connections, ${seconds} s each, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
