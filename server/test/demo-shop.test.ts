import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, FAVICON_PATH, OUTCOMES } from '@portal/domain';
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
