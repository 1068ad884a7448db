// The server's resident memory (RSS) right after start and after each of several rounds of load,
// with the embedded database (PGlite, the default) and with a PostgreSQL server, so growth
// across rounds shows. A round: customers arrive from the merchant API, identify, open the apply
// screen (page and API calls), apply (version 2, through the simulated Resurs), and wait on the
// status poll; then a few seconds of polling at full speed.
//   node bench/memory.mjs [--rounds 5] [--customers 60] [--mode pglite|postgres|both]
//   (after `npm run build`). PostgreSQL: BENCH_DATABASE_URL, or a throwaway cluster started with
//   the machine's initdb/pg_ctl when they are on the PATH; skipped when neither is there.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, loggedInCustomer, startPortal } from './portal.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const rounds = Number(arg('rounds', 5));
const customers = Number(arg('customers', 60));
const mode = arg('mode', 'both');
const pollSeconds = Number(arg('poll-seconds', 3));

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** RSS of a process in KB, from /proc (Linux). */
function rssKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN);
}

const settle = (ms) => new Promise((r) => setTimeout(r, ms));

/** One customer's visit: identify, the apply screen's calls, apply, a few polls. */
async function visit(base, index, round) {
  const { reference, merchantPaymentReference, cookie } = await loggedInCustomer(base, `mem-${round}-${index}-${Date.now()}`);
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  await fetch(`${base}/loan-subscription/${reference}`, { headers: { cookie } }).then((r) => r.text());
  const validated = await fetch(`${base}/api/loan-application/validate/${reference}`, { headers }).then((r) => r.json());
  await fetch(`${base}/api/loan-application/features`, { headers }).then((r) => r.text());
  const application = validated.loanApplications?.[0];
  const form = {
    phone: application?.customer.phone,
    email: application?.customer.email,
    address: application?.customer.address,
    postalCode: application?.customer.postalCode,
    city: application?.customer.city,
    personalInfoConsent: true,
    privacyConsent: true,
    orders: [],
  };
  await fetch(`${base}/api/loan-application/resurs/v2/submit`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(form),
  }).then((r) => r.text());
  const status = `${base}/api/loan-application/payment/status?merchantId=demo&merchantPaymentReference=${merchantPaymentReference}`;
  for (let i = 0; i < 5; i += 1) await fetch(status, { headers: { cookie } }).then((r) => r.text());
  return { status, cookie };
}

async function round(base, n) {
  let last;
  // Eight customers at a time.
  for (let start = 0; start < customers; start += 8) {
    const batch = [];
    for (let i = start; i < Math.min(customers, start + 8); i += 1) batch.push(visit(base, i, n));
    const done = await Promise.all(batch);
    last = done.at(-1);
  }
  if (last && pollSeconds > 0) {
    await new Promise((resolve, reject) =>
      autocannon({ url: last.status, headers: { cookie: last.cookie }, connections: 10, duration: pollSeconds }, (e, r) => (e ? reject(e) : resolve(r))),
    );
  }
}

async function run(label, env) {
  const portal = await startPortal('warn', env);
  const pid = portal.child.pid;
  try {
    await settle(2000);
    const figures = [rssKb(pid)];
    console.log(`${label}: after start ${mb(figures[0])}`);
    for (let n = 1; n <= rounds; n += 1) {
      const started = Date.now();
      await round(portal.base, n);
      await settle(3000);
      figures.push(rssKb(pid));
      console.log(`${label}: after round ${n} ${mb(figures.at(-1))}   (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    const later = figures.slice(2);
    const growth = later.length ? Math.max(...later) - figures[1] : 0;
    console.log(`${label}: start ${mb(figures[0])}, round 1 ${mb(figures[1])}, highest after ${mb(Math.max(...figures))}, growth after round 1 ${mb(growth)}`);
    return figures;
  } finally {
    await portal.stop();
  }
}

/** A throwaway PostgreSQL cluster in a temporary folder, on a free port (loopback only). */
async function throwawayPostgres() {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => undefined };
  if (spawnSync('which', ['initdb']).status !== 0 || spawnSync('which', ['pg_ctl']).status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as `nobody` then.
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'nobody', '--'] : [];
  if (asUser.length) execFileSync('chown', ['nobody', dir]);
  const sh = (cmd, args) => execFileSync(asUser[0] ?? cmd, asUser.length ? [...asUser.slice(1), cmd, ...args] : args, { stdio: 'ignore' });
  sh('initdb', ['-D', join(dir, 'data'), '-U', 'bench', '--auth=trust', '-E', 'UTF8']);
  sh('pg_ctl', ['-D', join(dir, 'data'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', join(dir, 'log'), '-w', 'start']);
  const url = `postgres://bench@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: async () => {
      try {
        sh('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

console.log(`${rounds} rounds of ${customers} customers and ${pollSeconds} s of polling; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
if (mode === 'pglite' || mode === 'both') await run('embedded (PGlite)', {});
if (mode === 'postgres' || mode === 'both') {
  const pg = await throwawayPostgres();
  if (!pg) console.log('PostgreSQL: no BENCH_DATABASE_URL and no initdb/pg_ctl on the PATH, skipped');
  else {
    try {
      await run('PostgreSQL server', { DATABASE_URL: pg.url });
    } finally {
      await pg.stop();
    }
  }
}
