// What the benchmarks share: the built portal started in sandbox mode on a free port with a
// fresh embedded database, and a customer logged in with an application to look at.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** CPU time (user + system) a process has used, in microseconds, from /proc (Linux). */
export function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
  } catch {
    return Number.NaN;
  }
}

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export async function waitFor(url) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Starts `server/dist/server.js` (with `extraEnv` added); answers its base URL, process and a stop function. */
export async function startPortal(logLevel = 'warn', extraEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Node's flags as the README runs the server with (ADR 27); BENCH_NODE_ARGS adds others (e.g.
  // to compare V8 heap settings).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // A benchmark is one client making the load of many (one address, one merchant key, one
  // session polling as fast as it can): those limits are raised, still counted on every request.
  const limits = 'identificationPerIp=100000000,merchantApiPerKey=100000000,pollPerSession=999999999';
  const child = spawn('node', ['--optimize-for-size', ...nodeArgs, 'server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, SANDBOX: 'true', LOG_LEVEL: logLevel, RATE_LIMITS: limits, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/readyz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, child, stop };
}

/** An application (version 2, Ola, no webhooks, unless told) created through the merchant API, and the customer's session cookie. */
export async function loggedInCustomer(base, merchantPaymentReference = `bench-${Date.now()}`, { nationalId = '27028809552', version = 2, webhookUrl } = {}) {
  const created = await fetch(`${base}/api/merchant/v1/applications`, {
    method: 'POST',
    headers: { authorization: 'Bearer sandbox-demo-merchant-key', 'content-type': 'application/json' },
    body: JSON.stringify({
      merchantPaymentReference,
      countryCode: 'NO',
      customer: { type: 'PRIVATE', nationalId, firstName: 'Ola', lastName: 'Hansen', email: 'ola@example.com', phone: '+47 92345678', address: 'Bryggen 5', postalCode: '5003', city: 'Bergen' },
      loan: { loanAmount: 15000, loanPeriod: 36 },
      version,
      items: [{ sku: 'LAP-14', name: 'Laptop 14"', quantity: 1, unitPrice: 15000 }],
      callbackUrl: `${base}/demo-shop/return`,
      ...(webhookUrl ? { webhookUrl } : {}),
    }),
  }).then((r) => r.json());
  const login = await fetch(`${base}/api/loan-application/dummy-login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify({ reference: created.reference }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  await fetch(`${base}/api/loan-application/validate/${created.reference}`, { headers: { cookie } });
  return { reference: created.reference, merchantPaymentReference, cookie };
}
