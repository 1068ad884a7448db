// How soon merchants hear of a change: a burst of customers who each leave their application
// (one `application.cancelled` webhook each, to the demo shop's endpoint on the same server),
// then the server's own histogram of the wait from each change to its webhook's first delivery
// attempt (`portal_webhook_delay_seconds`), and how long the whole burst took to go out.
//   node bench/webhooks.mjs [--customers 80] [--at-once 8]   (after `npm run build`)
import { loggedInCustomer, startPortal } from './portal.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const customers = arg('customers', 80);
const atOnce = arg('at-once', 8);

/** The delay histogram's cumulative buckets, sum and count, from the exposition text. */
async function delays(base) {
  const text = await fetch(`${base}/metrics`).then((r) => r.text());
  const value = (line) => Number(line.slice(line.lastIndexOf(' ') + 1));
  const lines = text.split('\n').filter((line) => line.startsWith('portal_webhook_delay_seconds'));
  const buckets = lines
    .filter((line) => line.startsWith('portal_webhook_delay_seconds_bucket'))
    .map((line) => ({ le: Number(/le="([^"]+)"/.exec(line)?.[1]?.replace('+Inf', 'Infinity')), count: value(line) }));
  const sum = value(lines.find((line) => line.startsWith('portal_webhook_delay_seconds_sum')) ?? ' 0');
  const count = value(lines.find((line) => line.startsWith('portal_webhook_delay_seconds_count')) ?? ' 0');
  return { buckets, sum, count };
}

/** The bucket bound under which a share of the webhooks went out (a quantile, to the bucket). */
const within = ({ buckets, count }, share) => buckets.find((bucket) => bucket.count >= share * count)?.le ?? Number.NaN;

const portal = await startPortal('warn');
try {
  const { base } = portal;
  const webhookUrl = `${base}/demo-shop/webhook`;
  const started = Date.now();
  for (let first = 0; first < customers; first += atOnce) {
    await Promise.all(
      Array.from({ length: Math.min(atOnce, customers - first) }, async (_, i) => {
        const { cookie } = await loggedInCustomer(base, `bench-webhook-${started}-${first + i}`, { webhookUrl });
        const left = await fetch(`${base}/api/loan-application/leave`, { method: 'POST', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
        if (!left.ok) throw new Error(`leaving answered ${left.status}`);
      }),
    );
  }
  const made = Date.now();
  let figures = await delays(base);
  while (figures.count < customers && Date.now() - made < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    figures = await delays(base);
  }
  const done = Date.now();
  const s = (seconds) => (Number.isFinite(seconds) ? `≤ ${seconds} s` : 'over the last bucket');
  console.log(`${customers} changes (${atOnce} customers at a time) in ${((made - started) / 1000).toFixed(1)} s; their webhooks had all gone out ${((done - made) / 1000).toFixed(1)} s later`);
  console.log(`first attempts: ${figures.count} of ${customers}; wait from change to first attempt: mean ${(figures.sum / Math.max(1, figures.count)).toFixed(2)} s, half ${s(within(figures, 0.5))}, 95 % ${s(within(figures, 0.95))}, all ${s(within(figures, 1))}`);
  if (figures.count < customers) process.exitCode = 1;
} finally {
  await portal.stop();
}
