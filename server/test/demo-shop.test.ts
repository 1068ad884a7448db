import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildApplyForm, DEMO_SHOP, FAVICON_PATH, OUTCOMES, TEST_COMPANIES, TEST_PEOPLE } from '@portal/domain';
import { call, type Customer, eventually, loginAndValidate, paymentStatus, press, throughKeyFacts } from './flow-helpers';
import { startTestServer, type TestApp } from './helpers';

/**
 * The demo shop's pages as a customer meets them: the return page says in the shop's language
 * what happened (the codes in small print for developers), and the shop opened under another
 * name of this machine sends the browser to the configured origin, where its form can submit.
 */
describe('the demo shop', () => {
  // Listening: the shop calls the merchant API over HTTP, as any shop does.
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => t.close());

  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

  async function checkout(lang: string): Promise<{ callbackUrl: string; merchantPaymentReference: string }> {
    const checkout = await t.app.inject({
      method: 'POST',
      url: DEMO_SHOP.checkout.pattern,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `scenario=consumer-no-v2&person=18087248794&sku=LAP-14&period=36&lang=${lang}`,
    });
    expect(checkout.statusCode).toBe(303);
    const reference = new URL(checkout.headers.location ?? '').pathname.split('/').at(-1) ?? '';
    const application = await t.app.repos.applications.findByReference(reference);
    if (!application) throw new Error('no application');
    return application;
  }

  it('brings the customer back to a return page in the language they shopped in, saying what happened in words', async () => {
    const order = await checkout('sv');
    // As the portal sends the customer back: the callback URL with the outcome and the order.
    const back = new URL(order.callbackUrl);
    back.searchParams.set('outcome', 'client_sign_success_approved');
    back.searchParams.set('merchantPaymentReference', order.merchantPaymentReference);
    const page = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(page.body).toContain('<html lang="sv"');
    expect(text(page.body)).toContain('Beviljad och signerad: ordern är betald med finansiering.');
    // The code stays, in small print, for developers.
    expect(page.body).toMatch(/<small class="code"><code data-testid="outcome">client_sign_success_approved<\/code><\/small>/);
  });

  it.each(['en', 'sv', 'nb'] as const)('has words for every outcome in %s', async (lang) => {
    const said = new Set<string>();
    for (const outcome of OUTCOMES) {
      const page = await t.app.inject({ method: 'GET', url: `${DEMO_SHOP.return.pattern}?lang=${lang}&outcome=${outcome}` });
      const words = /data-testid="outcome-text">([^<]+)</.exec(page.body)?.[1] ?? '';
      expect(words, outcome).not.toBe('');
      expect(words, outcome).not.toContain('_');
      said.add(words);
    }
    expect(said.size).toBe(OUTCOMES.length);
  });

  it('names the site’s icon on its pages and the simulators’, and the icon is there (no 404)', async () => {
    for (const url of ['/demo-shop/?lang=en', `${DEMO_SHOP.return.pattern}?lang=en`, '/sandbox/resurs-v1/sign/unknown', '/sandbox/signing/sign/unknown/task']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { host: new URL(t.url).host } });
      const icon = /<link rel="icon" href="([^"]+)"/.exec(page.body)?.[1];
      expect(icon, url).toBe(FAVICON_PATH);
    }
    const icon = await t.app.inject({ method: 'GET', url: FAVICON_PATH });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    // Where a browser looks when a page names none.
    const fallback = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(fallback.statusCode).toBe(301);
    expect(fallback.headers.location).toBe(FAVICON_PATH);
  });

  it('opened under another name of this machine, sends the browser to the configured origin, where its form can submit', async () => {
    const configured = new URL(t.url);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/demo-shop/?lang=nb', headers: { host: `localhost:${configured.port}` } });
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe(`${t.url}/demo-shop/?lang=nb`);
    const here = await t.app.inject({ method: 'GET', url: '/demo-shop/?lang=nb', headers: { host: configured.host } });
    expect(here.statusCode).toBe(200);
  });
});

/**
 * After the sale, as the shop's staff do it in a browser: the order page offers the buttons the
 * order's state allows, each a form posted to the shop, which calls the merchant API with the
 * key the page gave the button and sends the browser back to the order page (POST, redirect,
 * GET), where the money, the operations and the webhooks follow.
 */
describe('the demo shop after the sale', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => t?.close());

  const text = (html: string) =>
    html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ').replace(/ ([,.])/g, '$1');
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const unescape = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

  interface Form {
    action: string;
    /** What the browser sends as it is: hidden fields, and each select's first selected (or first) option. */
    fields: Record<string, string>;
    html: string;
  }

  /** The page's forms by their button's action (data-action), as a browser reads them. */
  function formsOf(html: string): Record<string, Form> {
    const forms: Record<string, Form> = {};
    for (const [whole, open = ''] of html.matchAll(/(<form[^>]*>)[\s\S]*?<\/form>/g)) {
      const name = attribute(open, 'data-action');
      if (!name) continue;
      const fields: Record<string, string> = {};
      for (const [input] of whole.matchAll(/<input[^>]*>/g)) {
        const field = attribute(input, 'name');
        if (field) fields[field] = unescape(attribute(input, 'value') ?? '');
      }
      for (const [, select = '', options = ''] of whole.matchAll(/(<select[^>]*>)([\s\S]*?)<\/select>/g)) {
        const field = attribute(select, 'name');
        const chosen = /<option[^>]*selected=""[^>]*>/.exec(options)?.[0] ?? /<option[^>]*>/.exec(options)?.[0] ?? '';
        if (field) fields[field] = unescape(attribute(chosen, 'value') ?? '');
      }
      forms[name] = { action: unescape(attribute(open, 'action') ?? ''), fields, html: whole };
    }
    return forms;
  }

  /** A GET as the browser makes it, over HTTP. */
  async function open(path: string): Promise<string> {
    const response = await fetch(`${t.url}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  }

  /** A form posted as the browser posts it; the shop answers with the order page to go back to. */
  async function submit(form: Form, changes: Record<string, string> = {}): Promise<{ location: string; page: string }> {
    const response = await fetch(`${t.url}${form.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form.fields, ...changes }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(/^\/demo-shop\/return\?.*#result$/);
    return { location, page: await open(location.replace(/#.*$/, '')) };
  }

  /** The shop's checkout, then the portal's customer pages as the SPA calls them (dummy login). */
  async function checkout(fields: string, formFor: Record<string, unknown>): Promise<Customer & { orderPage: string }> {
    const response = await fetch(`${t.url}${DEMO_SHOP.checkout.pattern}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
      redirect: 'manual',
    });
    expect(response.status, await response.clone().text()).toBe(303);
    const reference = new URL(response.headers.get('location') ?? '').pathname.split('/').at(-1) ?? '';
    const application = await t.app.repos.applications.findByReference(reference);
    if (!application) throw new Error('no application');
    const cookie = await loginAndValidate(t, reference);
    const merchantPaymentReference = application.merchantPaymentReference;
    return { reference, merchantPaymentReference, cookie, form: formFor, orderPage: `${DEMO_SHOP.return.pattern}?merchantPaymentReference=${merchantPaymentReference}` };
  }

  const kari = TEST_PEOPLE.find((p) => p.nationalId === '18087248794');
  const nordlys = TEST_COMPANIES.find((c) => c.organisationNumber === '892831270');
  if (!kari || !nordlys) throw new Error('no test customer');

  /** Kari buys two laptops and a sleeve (Resurs version 2, Norway) and signs: granted, 30 490 NOK open. */
  async function grantedOrder(lang: string): Promise<Customer & { orderPage: string }> {
    const order = await checkout(`scenario=consumer-no-v2&person=${kari?.nationalId}&sku=LAP-14&quantity=2&addOn=LAP-SLEEVE&period=36&lang=${lang}`, buildApplyForm(kari as never));
    const submitted = await call(t, order, 'PATCH', API.resursV2Submit.pattern, order.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const pressed = await press(`${await throughKeyFacts(t, order)}/approve`);
    await t.app.inject({ method: 'GET', url: (pressed.location ?? '').replace(t.url, ''), headers: { cookie: order.cookie } });
    await eventually(async () => (await paymentStatus(t, order)).paymentStatus === 'ACCEPTED' || null, 15_000);
    return order;
  }

  const testId = (html: string, id: string) => text(new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</(?:dd|code|div|table)>`).exec(html)?.[1] ?? '').trim();
  const operations = (html: string) =>
    [...(/<table data-testid="operations">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '').matchAll(/<code>([^<]*)<\/code>/g)].map((m) => m[1]);

  it('ships part, the rest, takes part back, and every step shows in the money, the operations and the webhooks', async () => {
    const order = await grantedOrder('en');
    let page = await open(order.orderPage);
    // Granted: 2 × 15 000 + 490, nothing captured; shipping and cancelling are offered, returning is not.
    expect(testId(page, 'authorized')).toBe('NOK 30,490.00');
    expect(testId(page, 'captured')).toBe('NOK 0.00');
    expect(testId(page, 'settlement')).toBe('AUTHORIZED');
    let forms = formsOf(page);
    expect(Object.keys(forms).sort()).toEqual(['cancel', 'ship', 'ship-part']);
    expect(text(forms.ship?.html ?? '')).toContain('Everything not yet shipped is captured: NOK 30,490.00.');
    // Every field of a form has its label.
    for (const [, id = ''] of (forms['ship-part']?.html ?? '').matchAll(/<select[^>]*id="([^"]+)"/g)) expect(forms['ship-part']?.html).toContain(`for="${id}"`);

    // Nothing chosen: the shop says so and sends nothing.
    const shipPart = forms['ship-part'];
    if (!shipPart) throw new Error('no ship part form');
    const nothing = await submit(shipPart);
    expect(testId(nothing.page, 'result')).toContain('Choose at least one item.');
    expect(operations(nothing.page)).toEqual([]);

    // One laptop ships; the same form sent twice (a double click) does one thing.
    const first = await submit(shipPart, { 'quantity-LAP-14': '1' });
    expect(first.page).toMatch(/data-testid="result"[^>]*data-result="done"/);
    expect(testId(first.page, 'result')).toContain('Part shipped: NOK 15,000.00 captured.');
    const again = await submit(shipPart, { 'quantity-LAP-14': '1' });
    expect(again.location).toBe(first.location);
    expect(testId(again.page, 'captured')).toBe('NOK 15,000.00');
    expect(testId(again.page, 'settlement')).toBe('PARTLY_CAPTURED');
    expect(operations(again.page)).toEqual(['capture · done']);

    // Now a return is offered too (of one unit: all of it, no part); the part form offers what is left.
    forms = formsOf(again.page);
    expect(Object.keys(forms).sort()).toEqual(['cancel', 'return', 'ship', 'ship-part']);
    expect(forms['ship-part']?.html).toContain('Laptop 14&quot; (up to 1)');
    expect(forms['ship-part']?.html).toContain('Laptop sleeve (up to 1)');

    // The rest ships.
    const ship = forms.ship;
    if (!ship) throw new Error('no ship form');
    page = (await submit(ship)).page;
    expect(testId(page, 'result')).toContain('Shipped: NOK 15,490.00 captured.');
    expect(testId(page, 'captured')).toBe('NOK 30,490.00');
    expect(testId(page, 'settlement')).toBe('CAPTURED');
    forms = formsOf(page);
    expect(Object.keys(forms).sort()).toEqual(['return', 'return-part']);

    // The sleeve comes back.
    const returnPart = forms['return-part'];
    if (!returnPart) throw new Error('no return part form');
    page = (await submit(returnPart, { 'quantity-LAP-SLEEVE': '1' })).page;
    expect(testId(page, 'result')).toContain('Part returned: NOK 490.00 refunded to the customer.');
    expect(testId(page, 'refunded')).toBe('NOK 490.00');
    expect(testId(page, 'settlement')).toBe('PARTLY_REFUNDED');
    expect(operations(page)).toEqual(['capture · done', 'capture · done', 'refund · done']);

    // The webhooks arrive, newest last, with their amounts and the money after each.
    const webhookRows = (html: string) => (/<table data-testid="webhooks">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '').split('<tr').slice(2).map(text);
    const rows = await eventually(async () => {
      const found = webhookRows(await open(order.orderPage));
      return found.filter((row) => row.includes('payment.')).length >= 3 && found;
    }, 20_000);
    const afterSale = rows.filter((row) => row.includes('payment.'));
    expect(afterSale).toHaveLength(3);
    expect(afterSale[0]).toContain('Payment captured: NOK 15,000.00 Afterwards: Captured NOK 15,000.00, refunded NOK 0.00, cancelled NOK 0.00');
    expect(afterSale[1]).toContain('Payment captured: NOK 15,490.00');
    expect(afterSale[2]).toContain('Payment refunded: NOK 490.00 Afterwards: Captured NOK 30,490.00, refunded NOK 490.00');
    expect(afterSale[2]).toContain('PARTLY_REFUNDED');
    expect(rows.at(-1)).toContain('payment.refunded');
  }, 60_000);

  it('cancels what has not shipped, and says what the portal refuses, in the order’s language', async () => {
    const order = await grantedOrder('sv');
    let page = await open(order.orderPage);
    expect(page).toContain('<html lang="sv"');
    let forms = formsOf(page);
    const ship = forms.ship;
    const shipPart = forms['ship-part'];
    if (!ship || !shipPart) throw new Error('no ship forms');
    page = (await submit(shipPart, { 'quantity-LAP-14': '2' })).page;
    expect(testId(page, 'result')).toMatch(/En del skickad: 30\s000,00\sNkr debiterat\./);

    forms = formsOf(page);
    const cancel = forms.cancel;
    if (!cancel) throw new Error('no cancel form');
    expect(text(cancel.html)).toMatch(/Makulera det som inte har skickats/);
    page = (await submit(cancel)).page;
    expect(testId(page, 'result')).toMatch(/Makulerat: 490,00\sNkr släppt\./);
    expect(testId(page, 'cancelled')).toMatch(/^490,00\sNkr$/);
    expect(testId(page, 'settlement')).toBe('CAPTURED');
    expect(Object.keys(formsOf(page)).sort()).toEqual(['return', 'return-part']);

    // A page left open from before: its Ship button, pressed now, is refused by the portal, whose
    // message the page shows in the order's language.
    const stale = await submit(ship);
    expect(stale.page).toMatch(/data-testid="result"[^>]*role="alert"|role="alert"[^>]*data-testid="result"/);
    expect(testId(stale.page, 'result')).toContain('Inte gjort: Betalningen är redan slutgiltig och kan inte längre ändras.');
    expect(testId(stale.page, 'result')).toContain('PAYMENT_STATUS_FINAL');
    expect(operations(stale.page)).toEqual(['capture · done', 'cancel · done']);
  }, 60_000);

  it('while the bank is down, says the bank is slow, and shows the capture done once it is back', async () => {
    const order = await grantedOrder('nb');
    const fault = (mode: string) =>
      fetch(`${t.url}/sandbox/control/faults/resurs-v2`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });
    const ship = formsOf(await open(order.orderPage)).ship;
    if (!ship) throw new Error('no ship form');
    await fault('down');
    let pending: { location: string; page: string };
    try {
      pending = await submit(ship);
      expect(pending.page).toMatch(/data-result="pending"/);
      expect(testId(pending.page, 'result')).toContain('Banken svarer tregt: det blir gjort om kort tid.');
      expect(operations(pending.page)).toEqual(['capture · pending']);
    } finally {
      await fault('normal');
    }
    // The portal keeps trying; the same address then says it is done.
    const done = await eventually(async () => {
      const html = await open(pending.location.replace(/#.*$/, ''));
      return /data-result="done"/.test(html) && html;
    }, 45_000);
    expect(testId(done, 'result')).toMatch(/Sendt: 30\s490,00\skr belastet\./);
    expect(testId(done, 'captured')).toMatch(/^30\s490,00\skr$/);
  }, 90_000);

  it('cancels an order the lender has not decided yet', async () => {
    const order = await checkout(`scenario=consumer-no-v2&person=${kari.nationalId}&sku=PHN-128&period=36&lang=en`, buildApplyForm(kari as never));
    const page = await open(order.orderPage);
    expect(text(page)).toContain('No money moves until the lender has approved the order.');
    const forms = formsOf(page);
    expect(Object.keys(forms)).toEqual(['cancel']);
    expect(text(forms.cancel?.html ?? '')).toContain('Cancel the order');
    // The same form on another site is refused: a button moves money.
    const elsewhere = await fetch(`${t.url}${forms.cancel?.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      body: new URLSearchParams(forms.cancel?.fields).toString(),
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(403);
    expect(await open(order.orderPage)).toContain('data-testid="api-status">CREATED<');
    const cancelled = await submit(forms.cancel as Form);
    expect(testId(cancelled.page, 'result')).toContain('The order is cancelled.');
    expect(cancelled.page).toContain('data-testid="api-status">CANCELLED<');
    expect(formsOf(cancelled.page)).toEqual({});
  });

  it('confirms a lease’s delivery with a serial number for each unit: the lease starts', async () => {
    const order = await checkout(`scenario=business-no&person=${nordlys.organisationNumber}&sku=OFF-KIT&quantity=2&period=36&lang=en`, buildApplyForm(nordlys as never, { leasingTermsConsent: true }));
    // The simulated lessor waits for the delivery, as GRENKE does for a reseller that asks for it.
    await fetch(`${t.url}/sandbox/grenke/control/delivery-confirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ externalReference: order.reference, required: true }),
    });
    expect((await call(t, order, 'PATCH', API.grenkeSubmit.pattern, order.form)).statusCode).toBe(200);
    const view = () => t.app.repos.applications.findByReference(order.reference);
    await eventually(async () => (await view())?.status === 'APPROVED' || null, 15_000);
    const sessions = (await call(t, order, 'GET', API.signB2bSessions.pattern)).json<{ sessions: { signingUrl: string }[] }>();
    await fetch(sessions.sessions[0]?.signingUrl ?? '', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=sign&name=Kari+Nordmann', redirect: 'manual' });
    await call(t, order, 'PATCH', API.signB2bSessions.pattern);

    let page = await open(order.orderPage);
    expect(testId(page, 'delivery')).toBe('Not confirmed yet');
    const forms = formsOf(page);
    expect(Object.keys(forms).sort()).toEqual(['cancel', 'confirm-delivery']);
    const confirm = forms['confirm-delivery'];
    if (!confirm) throw new Error('no confirm form');
    expect(text(confirm.html)).toContain('Office kit: laptop, screen and dock, unit 1 of 2');
    expect(text(confirm.html)).toContain('Office kit: laptop, screen and dock, unit 2 of 2');

    // One serial number of two: the portal refuses, by field, and nothing is kept.
    const missing = await submit(confirm, { 'serial-OFF-KIT-1': 'SN-4711' });
    expect(testId(missing.page, 'result')).toContain('Not done: Something in the request was wrong.');
    expect(testId(missing.page, 'result')).toContain('Give one serial number for each delivered unit, each number once');
    expect(operations(missing.page)).toEqual([]);

    // A fresh page, both numbers.
    const fresh = formsOf(await open(order.orderPage))['confirm-delivery'];
    if (!fresh) throw new Error('no confirm form');
    page = (await submit(fresh, { 'serial-OFF-KIT-1': 'SN-4711', 'serial-OFF-KIT-2': 'SN-4712' })).page;
    expect(testId(page, 'result')).toContain('Delivery confirmed: the lease starts.');
    expect(operations(page)).toEqual(['confirm-delivery · done']);
    page = await eventually(async () => {
      const html = await open(order.orderPage);
      return html.includes('data-testid="api-status">COMPLETED<') && html.includes('lease.delivery_confirmed') && html;
    }, 20_000);
    expect(testId(page, 'delivery')).toMatch(/^Confirmed /);
    expect(Object.keys(formsOf(page))).toEqual([]);
  }, 60_000);
});
