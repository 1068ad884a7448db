// Lighthouse (mobile, performance) on the apply route as a customer sees it after logging in,
// against the built server with the sandbox: the target is a score of at least 95 (PRODUCT
// section 7). Uses the machine's Chromium (as the end-to-end tests do).
//   node bench/lighthouse.mjs   (after `npm run build`)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/ensure-chromium.mjs';
import { loggedInCustomer, startPortal } from './portal.mjs';

const portal = await startPortal();
let chrome;
try {
  const { reference, cookie } = await loggedInCustomer(portal.base);
  chrome = await chromeLauncher.launch({
    chromePath: findChromium() ?? undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const url = `${portal.base}/loan-subscription/${reference}?countryCode=NO`;
  const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], extraHeaders: { cookie }, logLevel: 'error' });
  const { categories, audits } = result.lhr;
  const metric = (id) => audits[id]?.displayValue ?? '-';
  console.log(`Lighthouse mobile performance on the apply route: ${Math.round((categories.performance.score ?? 0) * 100)} (target at least 95)`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${audits[id]?.title ?? id}: ${metric(id)}`);
  }
} finally {
  await chrome?.kill();
  await portal.stop();
}
