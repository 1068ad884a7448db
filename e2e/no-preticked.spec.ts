import { expect, type Locator, type Page, test } from '@playwright/test';

// Nothing is chosen for the customer (issue 31, item 4; CCD2 Art. 15(1)-(2) and recital 50: "pre-
// ticked boxes" are no agreement; Art. 14: an add-on is the customer's own choice): every screen
// of every flow, from the shop's checkout to its return page, is watched from before its first
// paint until the customer's first press or key there, and fails on a checked checkbox or radio
// button, an `aria-checked="true"` or `aria-pressed="true"` control, or a select that has chosen
// a consent or an add-on. The same walk checks Konsumentverket's warning (on a Swedish consumer's
// credit only) and the credit check notice (the lender's agency, the copy by post; ADR 34).

const DUMMY_LOGIN = /^(Log in as test customer|Logga in som testkund|Logg inn som testkunde)$/;
const SIGN_WITH_BANKID = /^(Sign with BankID|Signera med BankID|Signer med BankID)$/;
const GO_ON = /^(Continue|Fortsätt|Fortsett)$/;
const KEY_FACTS_GO_ON = /^(Continue to|Fortsätt till|Gå videre til)/;
const TRY_AGAIN = /^(Try again|Försök igen|Prøv igjen)$/;
const BACK_TO_SHOP = /^(Back to|Tillbaka till|Tilbake til) Demo shop$/;

/**
 * Installed in every document before its first byte is parsed: each frame, and on each change to
 * the DOM, until the person's first press or key (a trusted event), anything pre-selected is
 * recorded. A move to another screen inside the app (history.pushState) watches again, leaving
 * out what the person had chosen on the screen before. The language buttons in the header show
 * the page's language (aria-pressed), not an option of the credit: they are left out.
 */
function watchForPreselection() {
  const ADD_ON_OR_CONSENT = /consent|samtyck|samtykk|add-?on|tillval|tillegg|tillägg|insurance|försäkr|forsikr|accessor|tillbehör|tilbehør/i;
  const reported = new Set<string>();
  let armed = true;
  let chosenBefore = new WeakSet<Element>();
  const describe = (element: Element, what: string) => {
    const label =
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element.labels?.[0]?.textContent : null) ??
      element.textContent ??
      '';
    const name = element.getAttribute('name');
    return `${location.pathname}: ${what} <${element.tagName.toLowerCase()}${name ? ` name=${name}` : ''}> "${label.replace(/\s+/g, ' ').trim().slice(0, 80)}"`;
  };
  const chosen = (): [Element, string][] => {
    const hits: [Element, string][] = [];
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]'))) {
      if (input.checked) hits.push([input, `checked ${input.type}`]);
    }
    for (const control of Array.from(document.querySelectorAll('[aria-checked="true"], [aria-pressed="true"]'))) {
      if (!control.closest('header')) hits.push([control, control.getAttribute('aria-checked') === 'true' ? 'aria-checked' : 'aria-pressed']);
    }
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const option = select.selectedOptions[0];
      if (!option || option.value === '') continue;
      const about = [select.name, select.id, select.getAttribute('aria-label'), select.labels?.[0]?.textContent, option.value, option.textContent].join(' ');
      if (ADD_ON_OR_CONSENT.test(about)) hits.push([select, `selected "${option.textContent ?? ''}"`]);
    }
    return hits.filter(([element]) => !chosenBefore.has(element));
  };
  const scan = () => {
    if (!armed) return;
    for (const [element, what] of chosen()) {
      const entry = describe(element, what);
      if (reported.has(entry)) continue;
      reported.add(entry);
      // To the test, which keeps it when the page goes on to the next address by itself.
      (window as unknown as { __reportPreselected?: (entry: string) => void }).__reportPreselected?.(entry);
    }
  };
  const frame = () => {
    scan();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener('DOMContentLoaded', scan);
  for (const type of ['pointerdown', 'mousedown', 'keydown', 'touchstart']) {
    window.addEventListener(type, (event) => {
      if (event.isTrusted) {
        scan();
        armed = false;
      }
    }, { capture: true });
  }
  const rearm = () => {
    chosenBefore = new WeakSet(chosen().map(([element]) => element));
    armed = true;
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      rearm();
      original(...args);
    };
  }
  window.addEventListener('popstate', rearm);
  Object.assign(window, {
    /** What is chosen now (for a part of a screen that opens on a press, such as the renewal list). */
    __chosenNow: () => chosen().map(([element, what]) => describe(element, what)),
  });
}

interface Flow {
  title: string;
  scenario: 'consumer-no-v1' | 'consumer-no-v2' | 'consumer-se-v1' | 'consumer-se-v2' | 'business-no' | 'business-se';
  customer: string;
  product?: string;
  /** The name typed at the signing service (a company's signatory). */
  signatory?: string;
  /** Cancel at Resurs' signing once: the signing failure page, then again. */
  cancelOnce?: boolean;
  /** Screens the walk must have checked (a waiting screen that passes at once may be gone before it is looked at). */
  screens: string[];
}

const FLOWS: Flow[] = [
  {
    title: 'consumer, Norway, Resurs version 1 (frozen a moment: the waiting screen)',
    scenario: 'consumer-no-v1',
    customer: '23068201608',
    screens: ['shop', 'identify', 'apply', 'sign', 'waiting'],
  },
  {
    title: 'consumer, Sweden, Resurs version 1, signing cancelled once',
    scenario: 'consumer-se-v1',
    customer: '198305147715',
    cancelOnce: true,
    screens: ['shop', 'identify', 'apply', 'sign', 'sign-fail'],
  },
  {
    title: 'consumer, Norway, Resurs version 2 with products up for renewal',
    scenario: 'consumer-no-v2',
    customer: '18087248794',
    screens: ['shop', 'identify', 'apply', 'renewal'],
  },
  {
    title: 'consumer, Sweden, Resurs version 2 with products up for renewal',
    scenario: 'consumer-se-v2',
    customer: '198305147715',
    product: 'LAP-14',
    screens: ['shop', 'identify', 'apply', 'renewal'],
  },
  {
    title: 'business, Norway, GRENKE lease signed at the signing service',
    scenario: 'business-no',
    customer: '892831270',
    signatory: 'Kari Nordmann',
    screens: ['shop', 'identify', 'apply', 'renewal', 'sign'],
  },
  {
    title: 'business, Sweden, GRENKE lease signed at the signing service',
    scenario: 'business-se',
    customer: '6997368573',
    signatory: 'Anna Andersson',
    screens: ['shop', 'identify', 'apply', 'sign'],
  },
];

/** The portal's screen a path shows (its reference left out). */
function screenOf(url: URL): string | null {
  const path = url.pathname;
  if (path.startsWith('/demo-shop/return')) return 'shop-return';
  if (path.startsWith('/demo-shop')) return 'shop';
  if (!path.startsWith('/loan-subscription')) return null;
  const rest = path.slice('/loan-subscription'.length).replace(/\/$/, '');
  if (rest === '') return 'identify';
  if (/^\/[A-Za-z0-9_-]{22,}$/.test(rest)) return 'apply';
  if (rest.startsWith('/form/payment/loading')) return 'waiting';
  if (rest === '/form/sign/fail') return 'sign-fail';
  return rest.replace(/^\/form\//, '');
}

/**
 * The screen drawn (its heading, for a portal page), and two frames more; or the page went on
 * to another address by itself (the waiting screen, a signed lease), which the walk takes next.
 */
async function settle(page: Page) {
  const start = page.url();
  await page.waitForLoadState('domcontentloaded');
  const screen = screenOf(new URL(start));
  if (screen && screen !== 'shop' && screen !== 'shop-return') {
    await expect.poll(async () => page.url() !== start || (await page.locator('main h1').count()) > 0, { timeout: 30_000 }).toBe(true);
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))).catch(() => undefined);
}

/** Whether `locator` shows up (true) or the page goes on to another address first (false). */
async function showsOrLeaves(page: Page, locator: Locator, timeout = 30_000): Promise<boolean> {
  const start = page.url();
  await expect.poll(async () => page.url() !== start || (await locator.first().isVisible()), { timeout }).toBe(true);
  return page.url() === start;
}

/** Clicks and waits until the browser is at another address. */
async function leave(page: Page, action: () => Promise<void>, timeout = 30_000) {
  const before = page.url();
  await action();
  await page.waitForURL((url) => url.href !== before, { timeout, waitUntil: 'commit' });
}

const consumer = (flow: Flow) => flow.scenario.startsWith('consumer');
const swedishConsumer = (flow: Flow) => flow.scenario.startsWith('consumer-se');

/** On the apply screen: the warning where it belongs, and the credit check notice (ADR 34). */
async function expectWarningAndNotice(page: Page, flow: Flow) {
  const warning = page.locator('main aside[data-credit-warning]');
  const notice = page.locator('main [data-credit-check-notice]');
  if (!swedishConsumer(flow)) await expect(warning).toHaveCount(0);
  else {
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Att låna kostar pengar!');
    await expect(warning).toContainText('Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning.');
    await expect(warning).toContainText('För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.');
    // The red symbol, three lines of the warning's text high, beside it; black on white.
    const sizes = await warning.evaluate((box) => {
      const symbol = box.querySelector('svg');
      const line = box.querySelector('p');
      const style = getComputedStyle(box);
      return {
        symbol: symbol?.getBoundingClientRect().height ?? 0,
        line: line ? parseFloat(getComputedStyle(line).lineHeight) : Infinity,
        colour: style.color,
        background: style.backgroundColor,
      };
    });
    expect(sizes.symbol).toBeGreaterThanOrEqual(3 * sizes.line - 0.5);
    expect(sizes.colour).toBe('rgb(0, 0, 0)');
    expect(sizes.background).toBe('rgb(255, 255, 255)');
  }
  if (!consumer(flow)) {
    await expect(notice).toHaveCount(0);
    return;
  }
  // The sandbox's agencies (server/src/services/credit-agencies.ts), and the copy by post.
  await expect(notice).toContainText(swedishConsumer(flow) ? 'UC AB' : 'Experian AS');
  await expect(notice).toContainText(swedishConsumer(flow) ? /kreditupplysningskopia .*med posten/ : /gjenpart .*i posten/);
}

/** What the page reported as pre-selected, in every document of the test. */
const reports = new WeakMap<Page, string[]>();

/** What was pre-selected since the last look. */
function preselected(page: Page): string[] {
  const list = reports.get(page) ?? [];
  return list.splice(0, list.length);
}

async function walk(page: Page, flow: Flow) {
  const checked = new Set<string>();
  const seen: string[] = [];
  let cancelled = false;
  const look = (screen: string) => {
    const found = preselected(page);
    expect.soft(found, `${flow.scenario}, ${screen}: chosen before the customer chose`).toEqual([]);
    checked.add(screen);
  };

  await page.goto('/demo-shop/?lang=en');
  await settle(page);
  look('shop');
  const form = page.locator(`form[data-scenario="${flow.scenario}"]`);
  await form.locator('select[name=person]').selectOption(flow.customer);
  if (flow.product) await form.locator('select[name=sku]').selectOption(flow.product);
  await leave(page, () => form.locator('button[type=submit]').click());

  for (let step = 0; step < 24; step++) {
    await settle(page);
    const url = new URL(page.url());
    const screen = screenOf(url);
    seen.push(screen ?? url.pathname);
    if (screen === 'shop-return') break;
    if (screen) {
      look(screen);
      if (!swedishConsumer(flow)) await expect.soft(page.locator('[data-credit-warning]'), `${flow.scenario}, ${screen}: no Swedish warning`).toHaveCount(0);
    }

    if (screen === 'identify') {
      await leave(page, () => page.getByRole('button', { name: DUMMY_LOGIN }).click());
    } else if (screen === 'apply') {
      await expectWarningAndNotice(page, flow);
      const applyForm = page.locator('main form');
      await expect(applyForm.locator('button[type=submit]')).toBeEnabled();
      // The renewal list opens on a press: what it holds is looked at as it opens.
      const renewal = applyForm.locator('[aria-expanded=false]');
      if ((await renewal.count()) > 0) {
        await renewal.first().click();
        await expect(applyForm.locator('[aria-expanded=true]').first()).toBeVisible();
        const now = await page.evaluate(() => (window as unknown as { __chosenNow: () => string[] }).__chosenNow());
        expect.soft(now, `${flow.scenario}, renewal list: chosen before the customer chose`).toEqual([]);
        checked.add('renewal');
      }
      for (const box of await applyForm.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
      await leave(page, () => applyForm.locator('button[type=submit]').click());
    } else if (screen === 'key-facts') {
      // Enabled once the SECCI was mailed; the page may also send the customer on by itself.
      const goOn = page.getByRole('main').getByRole('button', { name: KEY_FACTS_GO_ON, disabled: false });
      if (await showsOrLeaves(page, goOn, 60_000)) {
        look(screen);
        await leave(page, () => goOn.first().click());
      }
    } else if (screen === 'sign') {
      const action = page
        .getByRole('main')
        .getByRole('button', { name: SIGN_WITH_BANKID })
        .or(page.getByRole('main').getByRole('link', { name: SIGN_WITH_BANKID }))
        .or(page.getByRole('main').getByRole('link', { name: GO_ON }))
        // The key facts before a consumer's signature, where the sign page shows them.
        .or(page.getByRole('main').getByRole('button', { name: KEY_FACTS_GO_ON }));
      if (await showsOrLeaves(page, action)) {
        // The page changed as the lessor decided: what it shows now is looked at too.
        look(screen);
        await leave(page, () => action.first().click());
      }
    } else if (screen === 'sign-fail') {
      await leave(page, () => page.getByRole('button', { name: TRY_AGAIN }).click());
    } else if (screen === 'waiting') {
      if (page.url() === url.href) await page.waitForURL((next) => next.href !== url.href, { timeout: 60_000, waitUntil: 'commit' });
    } else if (screen === 'payment') {
      await leave(page, () => page.getByRole('main').getByRole('link', { name: BACK_TO_SHOP }).click());
    } else if (url.pathname.startsWith('/sandbox/resurs-v1/sign/')) {
      const choice: 'cancel' | 'approve' = flow.cancelOnce && !cancelled ? 'cancel' : 'approve';
      cancelled ||= choice === 'cancel';
      await leave(page, () => page.locator(`button[name=action][value=${choice}]`).click());
    } else if (url.pathname.startsWith('/sandbox/resurs-v2/task/')) {
      await leave(page, () => page.locator('form[action$="/approve"] button[type=submit]').click());
    } else if (url.pathname.startsWith('/sandbox/signing/sign/')) {
      await page.locator('#signer-name').fill(flow.signatory ?? '');
      await leave(page, () => page.locator('button[name=action][value=sign]').click());
    } else {
      throw new Error(`${flow.scenario}: no way on from ${url.pathname} (seen: ${seen.join(' → ')})`);
    }
  }
  expect(seen.at(-1), `${flow.scenario} ends at the shop (seen: ${seen.join(' → ')})`).toBe('shop-return');
  look('shop-return');
  expect([...checked]).toEqual(expect.arrayContaining(flow.screens));
}

test.beforeEach(async ({ page }) => {
  const list: string[] = [];
  reports.set(page, list);
  await page.exposeBinding('__reportPreselected', (_source, entry: string) => {
    list.push(entry);
  });
  await page.addInitScript(watchForPreselection);
});

for (const flow of FLOWS) {
  test(`nothing pre-selected on any screen: ${flow.title}`, async ({ page }) => {
    test.slow();
    await walk(page, flow);
  });
}

test('nothing pre-selected on the pages without an application', async ({ page }) => {
  for (const path of ['/loan-subscription/', '/loan-subscription/form/sign/fail', '/loan-subscription/form/payment/fail', '/loan-subscription/404']) {
    await page.goto(path);
    await settle(page);
    expect.soft(preselected(page), path).toEqual([]);
  }
});

test('the watch finds a box ticked before the first paint, and not one the customer ticked', async ({ page }) => {
  await page.route('**/watch-self-test', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><main><h1>t</h1><label><input type="checkbox" checked> I agree</label><label><input type="checkbox" id="mine"> Mine</label></main>',
    }),
  );
  await page.goto('/watch-self-test');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect.poll(() => reports.get(page)?.length).toBe(1);
  expect(preselected(page)).toEqual(['/watch-self-test: checked checkbox <input> "I agree"']);
  await page.locator('#mine').check();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(preselected(page)).toEqual([]);
});
