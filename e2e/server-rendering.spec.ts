import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { buildPrivateApplication } from '@portal/domain/builders/applications';

// The pages customers wait on come rendered from the server (issue 16, ADR 26): their content is
// in the page before any of the app's JavaScript runs, and the app then takes the markup over
// where it stands. These tests read the pages without JavaScript (what the first paint shows) and
// with it (nothing shown is replaced, and the page works).

const FORM = { phone: '+47 91234567', email: 'kari@example.com', address: 'Storgata 1', postalCode: '0155', city: 'Oslo', personalInfoConsent: true, privacyConsent: true };

interface Customer {
  reference: string;
  applyUrl: string;
  merchantPaymentReference: string;
}

/** An application created through the merchant API and a session for its customer, in `context`. */
async function customer(context: BrowserContext, baseURL: string | undefined, nationalId: string, version: 1 | 2 = 2): Promise<Customer> {
  const body = { ...buildPrivateApplication(nationalId, {}, baseURL ?? ''), version };
  const created = await context.request.post('/api/merchant/v1/applications', { headers: { Authorization: 'Bearer sandbox-demo-merchant-key' }, data: body });
  expect(created.status()).toBe(201);
  const { reference, applyUrl } = (await created.json()) as { reference: string; applyUrl: string };
  const login = await context.request.post('/api/loan-application/dummy-login', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { reference } });
  expect(login.ok()).toBe(true);
  expect((await context.request.get(`/api/loan-application/validate/${reference}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).ok()).toBe(true);
  return { reference, applyUrl, merchantPaymentReference: body.merchantPaymentReference };
}

/** The key facts step through the API (issue 31): the SECCI mailed, waited for, then on to the signature. */
async function throughKeyFacts(context: BrowserContext) {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  expect((await context.request.post('/api/loan-application/precontractual', { headers })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await context.request.get('/api/loan-application/precontractual', { headers })).json()) as { mail?: { state: string } }).mail?.state, { timeout: 20_000 })
    .toBe('sent');
  expect((await context.request.post('/api/loan-application/precontractual/continue', { headers })).ok()).toBe(true);
}

async function submit(context: BrowserContext, path: string, data: object) {
  const answer = await context.request.patch(path, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The pages, each for a customer of its own, as a customer reaches them. */
const PAGES = {
  async apply(context: BrowserContext, baseURL?: string) {
    const { applyUrl } = await customer(context, baseURL, '18087248794');
    return { url: applyUrl, heading: 'Hei Kari!', lang: 'nb' };
  },
  async keyFacts(context: BrowserContext, baseURL?: string) {
    // Kari, version 1, accepted: the key facts before her signature (issue 31).
    await customer(context, baseURL, '18087248794', 1);
    await submit(context, '/api/loan-application/resurs/submit', { ...FORM, creditConsent: true });
    return { url: '/loan-subscription/form/key-facts', heading: 'Informasjon om kreditten din', lang: 'nb' };
  },
  async sign(context: BrowserContext, baseURL?: string) {
    await customer(context, baseURL, '18087248794', 1);
    await submit(context, '/api/loan-application/resurs/submit', { ...FORM, creditConsent: true });
    await throughKeyFacts(context);
    return { url: '/loan-subscription/form/sign', heading: 'Signer kredittavtalen', lang: 'nb' };
  },
  async waiting(context: BrowserContext, baseURL?: string) {
    // Anna applies in Sweden; the lender sends her back to an address that names no country.
    const { merchantPaymentReference } = await customer(context, baseURL, '198305147715');
    await submit(context, '/api/loan-application/resurs/v2/submit', { ...FORM, phone: '+46 701234567', address: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm' });
    return { url: `/loan-subscription/form/payment/loading/demo/${merchantPaymentReference}`, heading: /./, lang: 'sv' };
  },
  async declined(context: BrowserContext, baseURL?: string) {
    // Ola, version 1: the lender declines him at the submit, and the decline page is his (issue 32).
    await customer(context, baseURL, '01024924986', 1);
    const declined = await context.request.patch('/api/loan-application/resurs/submit', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { ...FORM, creditConsent: true } });
    expect(declined.status()).toBe(400);
    return { url: '/loan-subscription/form/declined', heading: 'Resurs Bank kunne ikke innvilge søknaden din', lang: 'nb' };
  },
  async mine(context: BrowserContext, baseURL?: string) {
    // The customer's own page, identified, with the application just made (issue 32).
    await customer(context, baseURL, '18087248794');
    return { url: '/loan-subscription/my-applications?countryCode=NO', heading: /^Søknadene dine, \S+/, lang: 'nb' };
  },
  async error() {
    return { url: '/loan-subscription/500', heading: 'Vi har tekniske problemer', lang: 'nb' };
  },
};

for (const [name, prepare] of Object.entries(PAGES)) {
  test(`the ${name} page shows its content before any JavaScript runs, in the customer's language`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const { url, heading, lang } = await prepare(context, baseURL);
      const page = await context.newPage();
      await page.goto(url);
      await expect(page.locator('main h1')).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // The tab is named after the page, in its language, as the app names it.
      const shown = (await page.locator('main h1').textContent()) ?? '';
      await expect(page).toHaveTitle(`${shown} – Finansiering`);
      // No spinner stands in for the page: the waiting page's is its content, and the key facts'
      // the state of the SECCI's mail beside the key facts (the mail goes once the app has loaded).
      await expect(page.getByRole('status')).toHaveCount(name === 'waiting' || name === 'keyFacts' ? 1 : 0);
    } finally {
      await context.close();
    }
  });
}

test('an application past applying: its apply address answers with the step it is at, before any page loads', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  try {
    const { applyUrl } = await customer(context, baseURL, '18087248794', 1);
    await submit(context, '/api/loan-application/resurs/submit', { ...FORM, creditConsent: true });
    const answer = await context.request.get(applyUrl, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    // A consumer's credit: the key facts and the SECCI's mail come before the signature (issue 31).
    expect(answer.headers().location).toBe('/loan-subscription/form/key-facts');
  } finally {
    await context.close();
  }
});

test('the language menu’s choice: the pages the server renders come in it, content and all', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const { url } = await PAGES.apply(context, baseURL);
    await context.addCookies([{ name: 'portal_language', value: 'sv', url: baseURL ?? '' }]);
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page.locator('main h1')).toHaveText('Hej Kari!');
    await expect(page.getByRole('status')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

/**
 * Records every element taken out of the page from its first byte on (before the app loads),
 * but for loading indicators giving way to what they waited for (the signing page's documents).
 */
async function watchRemovals(page: Page) {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedElements: string[] }).removedElements = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && node.getAttribute('role') !== 'status') removed.push(node.outerHTML.slice(0, 120));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

for (const name of ['apply', 'keyFacts', 'sign', 'declined', 'mine', 'error'] as const) {
  test(`the app takes the ${name} page over as it stands: nothing shown is replaced, and it works`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    try {
      const { url, heading } = await PAGES[name](context, baseURL);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await watchRemovals(page);
      // The app asks for the features again once it has taken the page over.
      const features = page.waitForResponse((response) => response.url().endsWith('/api/loan-application/features'));
      await page.goto(url);
      await features;
      await expect(page.locator('main h1')).toHaveText(heading);
      expect(await page.evaluate(() => (window as unknown as { removedElements: string[] }).removedElements)).toEqual([]);

      // It is the app now: the language menu works, and the choice holds for the next page the server renders.
      await page.getByRole('button', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('main h1')).not.toHaveText(heading);
      const again = await context.request.get(url);
      expect(await again.text()).toContain('<html lang="en"');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('before the app has taken the apply page over: the form shows its values, keeps what is typed, and cannot be sent', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  try {
    const { url } = await PAGES.apply(context, baseURL);
    const page = await context.newPage();
    // The app's scripts are held back until released, as on a slow phone.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents.push(request.url());
    });
    // Not until `load`: the browser's load waits for the held scripts.
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const form = page.locator('main form');
    const phone = form.getByLabel('Mobilnummer');
    // The application's own values are in the page as it arrives, not filled in by the app later.
    await expect(phone).not.toHaveValue('');
    await phone.fill('+47 98765432');
    for (const box of await form.locator('input[type=checkbox][aria-required="true"]:visible').all()) await box.check();
    // Sending would be the browser's own form submission (the fields in the address): not possible yet.
    const send = form.locator('button[type=submit]');
    await expect(send).toBeDisabled();
    await phone.press('Enter');

    const submitted = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().includes('/submit'));
    release();
    await expect(send).toBeEnabled();
    await expect(phone).toHaveValue('+47 98765432');
    await send.click();
    expect(JSON.parse((await submitted).postData() ?? '{}')).toMatchObject({ phone: '+47 98765432', personalInfoConsent: true });
    expect(documents).toEqual([new URL(url, baseURL).href]);
  } finally {
    await context.close();
  }
});
