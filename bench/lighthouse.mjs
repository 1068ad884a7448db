// Lighthouse (mobile, performance) on the pages a customer waits on, as the customer sees them,
// against the built server with the sandbox, in the machine's Chromium (as the end-to-end tests
// do): the apply screen, the key facts and the signing page (Resurs version 1, approved), the waiting page after
// applying (version 2), the decline page, the customer's own page and an error page. Target
// (PRODUCT.md §7): 100 (at least 98 on a busy machine), LCP at most 1.0 s, CLS 0.
//   node bench/lighthouse.mjs [--runs 1] [--page apply|keyFacts|sign|waiting|declined|mine|error] [--details]
//   (after `npm run build`)
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/ensure-chromium.mjs';
import { loggedInCustomer, startPortal } from './portal.mjs';

const option = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(option('runs') ?? 1);
const only = option('page');
const details = process.argv.includes('--details');

const json = (base, path, cookie, method, body) =>
  fetch(`${base}${path}`, {
    method,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => {
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  });

const FORM = { phone: '+47 91234567', email: 'kari@example.com', address: 'Storgata 1', postalCode: '0155', city: 'Oslo', personalInfoConsent: true, privacyConsent: true };

/**
 * The key facts step (issue 31) through the API: the SECCI mailed, waited for, then on to the
 * signature. Without it the sign page sends the customer back to the key facts.
 */
async function throughKeyFacts(base, cookie) {
  await json(base, '/api/loan-application/precontractual', cookie, 'POST');
  for (let tries = 0; ; tries += 1) {
    const { mail } = await json(base, '/api/loan-application/precontractual', cookie, 'GET');
    if (mail?.state === 'sent') break;
    if (tries > 100) throw new Error(`sign: the SECCI's mail is ${mail?.state ?? 'not there'}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await json(base, '/api/loan-application/precontractual/continue', cookie, 'POST');
}

/** Each page with the customer state it is seen in: a URL and the session cookie. */
const PAGES = {
  async apply(base) {
    const { reference, cookie } = await loggedInCustomer(base, `lh-apply-${Date.now()}`);
    return { url: `${base}/loan-subscription/${reference}?countryCode=NO`, cookie };
  },
  async sign(base) {
    // Kari, version 1: accepted, so after applying she signs on the portal's sign page.
    const { cookie } = await loggedInCustomer(base, `lh-sign-${Date.now()}`, { nationalId: '18087248794', version: 1 });
    await json(base, '/api/loan-application/resurs/submit', cookie, 'PATCH', { ...FORM, creditConsent: true });
    await throughKeyFacts(base, cookie);
    return { url: `${base}/loan-subscription/form/sign`, cookie };
  },
  async keyFacts(base) {
    // Kari, version 1, accepted: the key facts before her signature (issue 31), the SECCI's mail under way.
    const { cookie } = await loggedInCustomer(base, `lh-facts-${Date.now()}`, { nationalId: '18087248794', version: 1 });
    await json(base, '/api/loan-application/resurs/submit', cookie, 'PATCH', { ...FORM, creditConsent: true });
    return { url: `${base}/loan-subscription/form/key-facts`, cookie };
  },
  async waiting(base) {
    // Version 2 after applying: the waiting page polls the status.
    const { merchantPaymentReference, cookie } = await loggedInCustomer(base, `lh-wait-${Date.now()}`);
    await json(base, '/api/loan-application/resurs/v2/submit', cookie, 'PATCH', { ...FORM, phone: '+47 92345678', email: 'ola@example.com', address: 'Bryggen 5', postalCode: '5003', city: 'Bergen' });
    return { url: `${base}/loan-subscription/form/payment/loading/demo/${merchantPaymentReference}`, cookie };
  },
  async declined(base) {
    // Ola, version 1: declined at the submit, so he lands on the decline page (issue 32).
    const { cookie } = await loggedInCustomer(base, `lh-declined-${Date.now()}`, { nationalId: '01024924986', version: 1 });
    const submitted = await fetch(`${base}/api/loan-application/resurs/submit`, {
      method: 'PATCH',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      body: JSON.stringify({ ...FORM, creditConsent: true }),
    });
    if (submitted.status !== 400) throw new Error(`declined: the submit answered ${submitted.status}, not the decline`);
    return { url: `${base}/loan-subscription/form/declined`, cookie };
  },
  async mine(base) {
    // The customer's own page, identified, with the application just made on it (issue 32).
    const { cookie } = await loggedInCustomer(base, `lh-mine-${Date.now()}`);
    return { url: `${base}/loan-subscription/my-applications?countryCode=NO`, cookie };
  },
  async error(base) {
    const { cookie } = await loggedInCustomer(base, `lh-error-${Date.now()}`);
    return { url: `${base}/loan-subscription/500`, cookie };
  },
};

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

const portal = await startPortal();
let chrome;
const summary = [];
try {
  for (const [name, prepare] of Object.entries(PAGES)) {
    if (only && only !== name) continue;
    let failedRuns = 0;
    for (let run = 1; run <= runs; run += 1) {
      const { url, cookie } = await prepare(portal.base);
      // A browser of its own for each run: nothing (cookies, cache) carried over from the last page.
      await chrome?.kill();
      chrome = await chromeLauncher.launch({
        chromePath: findChromium({ browser: true }) ?? undefined,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      });
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], extraHeaders: { cookie }, logLevel: 'error' });
      const { categories, audits } = result.lhr;
      if (result.lhr.runtimeError) {
        // Lighthouse's own failure to record (e.g. NO_NAVSTART, "run Lighthouse again"): not a
        // figure of the page. Run again, up to three times per page.
        console.log(`    ${name} run ${run}: ${result.lhr.runtimeError.code}, not counted; run again`);
        failedRuns += 1;
        if (failedRuns <= 3) run -= 1;
        continue;
      }
      const score = Math.round((categories.performance.score ?? 0) * 100);
      const value = (id) => audits[id]?.numericValue ?? Number.NaN;
      summary.push({ name, score, lcp: value('largest-contentful-paint'), cls: value('cumulative-layout-shift') });
      console.log(`${name.padEnd(8)} run ${run}: score ${score}   ${METRICS.map((id) => `${audits[id]?.title ?? id} ${audits[id]?.displayValue ?? '-'}`).join(' · ')}`);
      if (details) {
        const lcpElement = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
        console.log(`    page shown: ${result.lhr.finalDisplayedUrl.replace(portal.base, '')}`);
        console.log(`    LCP element: ${lcpElement?.snippet ?? '-'}`);
        for (const item of audits['layout-shifts']?.details?.items ?? []) console.log(`    layout shift ${item.score?.toFixed(3)}: ${item.node?.snippet ?? '-'}`);
        const requests = audits['network-requests']?.details?.items ?? [];
        for (const r of requests) console.log(`    ${String(Math.round(r.networkRequestTime ?? 0)).padStart(6)}–${String(Math.round(r.networkEndTime ?? 0)).padStart(6)} ms  ${r.url.replace(portal.base, '')}`);
        // What blocked the main thread (TBT counts each task's time past 50 ms), as Lighthouse
        // estimates it on a phone (its CPU slowdown applied to this machine's, whose speed it names).
        console.log(`    this machine's CPU benchmark index: ${result.lhr.environment?.benchmarkIndex ?? '-'}`);
        for (const task of audits['long-tasks']?.details?.items ?? []) {
          console.log(`    long task at ${Math.round(task.startTime)} ms, ${Math.round(task.duration)} ms: ${String(task.url ?? '-').replace(portal.base, '')}`);
        }
        const work = audits['mainthread-work-breakdown']?.details?.items ?? [];
        console.log(`    main thread: ${work.map((w) => `${w.groupLabel ?? w.group} ${Math.round(w.duration)} ms`).join(', ')}`);
        for (const script of audits['bootup-time']?.details?.items ?? []) {
          console.log(`    script ${String(script.url).replace(portal.base, '')}: ${Math.round(script.total)} ms in all, ${Math.round(script.scripting)} ms running, ${Math.round(script.scriptParseCompile)} ms parse and compile`);
        }
      }
    }
  }
} finally {
  await chrome?.kill();
  await portal.stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log('\nmedian per page (target: score 100, at least 98 on a busy machine; LCP ≤ 1.0 s, CLS 0):');
for (const name of new Set(summary.map((s) => s.name))) {
  const of = summary.filter((s) => s.name === name);
  console.log(
    `  ${name.padEnd(8)} score ${median(of.map((s) => s.score))} (${Math.min(...of.map((s) => s.score))}–${Math.max(...of.map((s) => s.score))})` +
      `   LCP ${(median(of.map((s) => s.lcp)) / 1000).toFixed(2)} s   CLS ${median(of.map((s) => s.cls)).toFixed(3)} (max ${Math.max(...of.map((s) => s.cls)).toFixed(3)})`,
  );
}
console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
