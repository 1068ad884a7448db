import { chromium } from '@playwright/test';
import { findChromium } from '../scripts/ensure-chromium.mjs';
import { loggedInCustomer, startPortal } from './portal.mjs';
const portal = await startPortal();
try {
  const browser = await chromium.launch({ executablePath: findChromium({ browser: true }) ?? undefined, args: ['--no-sandbox', '--disable-gpu'] });
  for (let i = 0; i < 3; i++) {
    const { reference, cookie } = await loggedInCustomer(portal.base, `prof-${Date.now()}`);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const [name, value] = cookie.split(';')[0].split('=');
    await context.addCookies([{ name, value, url: portal.base }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${portal.base}/loan-subscription/${reference}?countryCode=NO`);
    await page.waitForTimeout(4000);
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas; let total = 0;
    for (let k = 0; k < profile.samples.length; k++) {
      const n = byId.get(profile.samples[k]); const d = dt[k] ?? 0; total += d;
      const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*\//, '')}:${cf.lineNumber}:${cf.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + d);
    }
    const byUrl = new Map();
    for (const [k, v] of self) { const u = k.split(' ')[1]?.split(':')[0] || '(native)'; byUrl.set(u, (byUrl.get(u) ?? 0) + v); }
    console.log(`run ${i}: total sampled ${(total / 1000).toFixed(0)} ms`);
    for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`   ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`);
    for (const [k, v] of [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`      ${(v / 1000).toFixed(1).padStart(6)} ms  ${k}`);
    await context.close();
  }
  await browser.close();
} finally { await portal.stop(); }
