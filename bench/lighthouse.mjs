// Lighthouse (mobile, performance) on the apply route as a customer sees it after logging in,
// against the built server with the sandbox: the target is a score of at least 95 (PRODUCT
// section 7). Uses the machine's Chromium (as the end-to-end tests do).
//   node bench/lighthouse.mjs   (after `npm run build`)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/ensure-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = server.address();
    server.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
const portal = spawn('node', ['server/dist/server.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, SANDBOX: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let chrome;
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      if (i > 600) throw new Error('the portal did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const created = await fetch(`${base}/api/merchant/v1/applications`, {
    method: 'POST',
    headers: { authorization: 'Bearer sandbox-demo-merchant-key', 'content-type': 'application/json' },
    body: JSON.stringify({
      merchantPaymentReference: `lighthouse-${Date.now()}`,
      countryCode: 'NO',
      customer: { type: 'PRIVATE', nationalId: '27028809552', firstName: 'Ola', lastName: 'Hansen', email: 'ola@example.com', phone: '+47 92345678', address: 'Bryggen 5', postalCode: '5003', city: 'Bergen' },
      loan: { loanAmount: 15000, loanPeriod: 36 },
      version: 2,
      items: [{ sku: 'LAP-14', name: 'Laptop 14"', quantity: 1, unitPrice: 15000 }],
      callbackUrl: `${base}/demo-shop/return`,
    }),
  }).then((r) => r.json());
  const login = await fetch(`${base}/api/loan-application/dummy-login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify({ reference: created.reference }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

  chrome = await chromeLauncher.launch({
    chromePath: findChromium() ?? undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const url = `${base}/loan-subscription/${created.reference}?countryCode=NO`;
  const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], extraHeaders: { cookie }, logLevel: 'error' });
  const { categories, audits } = result.lhr;
  const metric = (id) => audits[id]?.displayValue ?? '-';
  console.log(`Lighthouse mobile performance on the apply route: ${Math.round((categories.performance.score ?? 0) * 100)} (target at least 95)`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${audits[id]?.title ?? id}: ${metric(id)}`);
  }
} finally {
  await chrome?.kill();
  portal.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
