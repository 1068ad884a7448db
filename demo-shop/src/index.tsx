import { randomBytes } from 'node:crypto';
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type CreateApplicationResponse,
  DEMO_SHOP,
  IDEMPOTENCY_KEY_HEADER,
  isLanguage,
  type Language,
  languageFromAcceptLanguage,
  MERCHANT_API,
  type MerchantApplicationView,
  merchantPaymentReferenceSchema,
} from '@portal/domain';
import { ORDER_ACTION, requestOf, resultOf } from './orders';
import { orderPage, orderQuery } from './order-page';
import { shopPage } from './page';
import { Header } from './parts';
import { addOnsFor, checkoutRequest, orderLines, PERIODS, peopleFor, productsFor, QUANTITIES, SCENARIOS, type Scenario } from './scenarios';
import { type ActionRecord, ORDER_ACTIONS, type OrderAction, type ShopStorage, shopStore } from './store';
import { SHOP_CSS } from './styles';
import { SHOP_TEXTS, type ShopTexts } from './texts';
import { registerWebhookReceiver } from './webhooks';

export type { ShopStorage } from './store';

export type DemoShopOptions = {
  /** The origin the shop is reached at, without a trailing slash (its return and webhook addresses). */
  shopUrl: string;
  /** The portal's origin: the merchant API the shop calls, as any merchant does, over HTTP. */
  portalUrl: string;
  /** The shop's merchant API key and webhook secret, as the portal issued them. */
  apiKey: string;
  webhookSecret: string;
  /** A PostgreSQL database the shop keeps its own tables in (`demo_shop_orders`, `demo_shop_webhooks`, `demo_shop_actions`). */
  storage: ShopStorage;
};

const STYLESHEET = '/demo-shop/shop.css';
/** A merchant API call that takes longer than this is answered as failed. */
const PORTAL_TIMEOUT_MS = 15_000;

function languageOf(request: FastifyRequest): Language {
  const query = request.query as { lang?: unknown };
  const body = request.body as { lang?: unknown } | undefined;
  const chosen = body?.lang ?? query.lang;
  return isLanguage(chosen) ? chosen : languageFromAcceptLanguage(request.headers['accept-language']);
}

function ScenarioCard({ scenario, t, lang }: { scenario: Scenario; t: ShopTexts; lang: Language }) {
  const id = (name: string) => `${scenario.id}-${name}`;
  const price = (amount: number) => `${amount.toLocaleString(lang === 'en' ? 'en-GB' : `${lang}-${scenario.country}`)} ${scenario.country === 'NO' ? 'NOK' : 'SEK'}`;
  return (
    <form className="card" method="post" action={DEMO_SHOP.checkout.pattern} data-scenario={scenario.id}>
      <h2 id={id('title')}>{t.scenarios[scenario.id]}</h2>
      <input type="hidden" name="scenario" value={scenario.id} />
      <input type="hidden" name="lang" value={lang} />
      <label htmlFor={id('person')}>{scenario.customerType === 'PRIVATE' ? t.person : t.company}</label>
      <select id={id('person')} name="person">
        {peopleFor(scenario).map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
      <label htmlFor={id('product')}>{t.product}</label>
      <select id={id('product')} name="sku">
        {productsFor(scenario).map((p) => (
          <option key={p.sku} value={p.sku}>
            {`${p.name}: ${price(p.price)}`}
          </option>
        ))}
      </select>
      <label htmlFor={id('quantity')}>{t.quantity}</label>
      <select id={id('quantity')} name="quantity" defaultValue="1">
        {QUANTITIES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <label htmlFor={id('add-on')}>{t.addOn}</label>
      <select id={id('add-on')} name="addOn" defaultValue="">
        <option value="">{t.noAddOn}</option>
        {addOnsFor(scenario).map((p) => (
          <option key={p.sku} value={p.sku}>
            {`${p.name}: ${price(p.price)}`}
          </option>
        ))}
      </select>
      <label htmlFor={id('period')}>{t.period}</label>
      <select id={id('period')} name="period" defaultValue="36">
        {PERIODS.map((n) => (
          <option key={n} value={n}>
            {t.months.replace('{n}', String(n))}
          </option>
        ))}
      </select>
      <button type="submit" aria-describedby={id('title')}>
        {t.pay}
      </button>
    </form>
  );
}

function homePage(lang: Language, error?: string): string {
  const t = SHOP_TEXTS[lang];
  return shopPage(
    t.title,
    lang,
    STYLESHEET,
    <>
        <Header t={t} lang={lang} path={DEMO_SHOP.home.pattern} />
        <main>
          <p className="notice">{t.sandboxNotice}</p>
          {error ? (
            <p className="error" role="alert">
              {t.error} {error}
            </p>
          ) : null}
          <div className="grid">
            {SCENARIOS.map((s) => (
              <ScenarioCard key={s.id} scenario={s} t={t} lang={lang} />
            ))}
          </div>
        </main>
      </>,
  );
}

/** A browser names the page a form was posted from (`Origin`, `Sec-Fetch-Site`); a post without them is not a browser's. */
function sameOrigin(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === undefined;
  try {
    // Fastify's host: the one the browser asked for, behind a trusted proxy too.
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

interface PortalAnswer {
  status: number;
  body: unknown;
}

/**
 * The demo shop: a merchant of its own, talking to the portal only through the merchant API over
 * HTTP with its key, as a real shop would, and receiving the portal's webhooks. It seeds nothing
 * in the portal: the merchant it is, and its customers' earlier subscriptions, are the portal's
 * own sandbox data.
 */
export default async function demoShop(app: FastifyInstance, options: DemoShopOptions) {
  await app.register(formBody, { bodyLimit: 4096 });
  const store = await shopStore(options.storage);
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const portalUrl = options.portalUrl.replace(/\/+$/, '');

  async function callPortal(path: string, init: { method: 'GET' | 'POST'; lang?: Language; json?: unknown; idempotencyKey?: string }): Promise<PortalAnswer> {
    const response = await fetch(`${portalUrl}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/json',
        ...(init.lang ? { 'accept-language': init.lang } : {}),
        ...(init.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: init.idempotencyKey } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(PORTAL_TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  app.get(STYLESHEET, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(SHOP_CSS),
  );

  app.get('/demo-shop', (_request, reply) => reply.redirect(DEMO_SHOP.home.pattern, 301));
  // The portal's Content-Security-Policy lets a form post only to the configured origin (and the
  // checkout answers with a redirect to it): a shop opened under another name of this machine
  // (127.0.0.1 for localhost) could not submit, so the browser goes to the configured one first.
  const shopOrigin = new URL(shopUrl);
  app.get(DEMO_SHOP.home.pattern, (request, reply) => {
    if (request.hostname !== shopOrigin.hostname) return reply.redirect(`${shopOrigin.origin}${request.url}`, 302);
    return sendHtml(reply, homePage(languageOf(request)));
  });

  app.post(DEMO_SHOP.checkout.pattern, async (request, reply) => {
    const lang = languageOf(request);
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const scenario = SCENARIOS.find((s) => s.id === form.scenario);
    const reference = `demo-${Date.now().toString(36)}-${randomBytes(4).toString('base64url')}`;
    // A form of an earlier version of the page has no quantity: one.
    const basket = { sku: form.sku ?? '', quantity: Number(form.quantity ?? 1), addOn: form.addOn || undefined };
    const payload = scenario && checkoutRequest(scenario, form.person ?? '', basket, Number(form.period), reference, shopUrl);
    const lines = scenario && orderLines(scenario, basket);
    if (!payload || !lines) return sendHtml(reply, homePage(lang, 'invalid choice'), 400);

    let answer: PortalAnswer;
    try {
      answer = await callPortal(MERCHANT_API.applications.pattern, { method: 'POST', lang, json: payload });
    } catch (error) {
      request.log.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'demo shop: the portal did not answer');
      return sendHtml(reply, homePage(lang, 'the portal did not answer'), 502);
    }
    if (answer.status !== 201 && answer.status !== 200) {
      const body = (answer.body ?? {}) as { message?: string; fieldErrors?: Record<string, string> };
      const detail = [body.message, ...Object.entries(body.fieldErrors ?? {}).map(([k, v]) => `${k}: ${v}`)]
        .filter(Boolean)
        .join(' ');
      return sendHtml(reply, homePage(lang, detail), 400);
    }
    const created = answer.body as CreateApplicationResponse;
    // The customer comes back to a return page in the language they shopped in.
    await store.rememberOrder(reference, lang, lines);
    return reply.redirect(created.applyUrl, 303);
  });

  async function viewOf(reference: string, log: FastifyRequest['log']): Promise<MerchantApplicationView | null> {
    try {
      const answer = await callPortal(MERCHANT_API.application.url({ merchantPaymentReference: reference }), { method: 'GET' });
      return answer.status === 200 ? (answer.body as MerchantApplicationView) : null;
    } catch (error) {
      log.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'demo shop: the portal did not answer');
      return null;
    }
  }

  app.get(DEMO_SHOP.return.pattern, async (request, reply) => {
    const query = request.query as { outcome?: string; merchantPaymentReference?: string; lang?: string; action?: string };
    const reference = query.merchantPaymentReference;
    const order = reference ? await store.order(reference) : null;
    const ordered = !isLanguage(query.lang) ? order?.lang : null;
    const lang = isLanguage(ordered) ? ordered : languageOf(request);
    const view = reference ? await viewOf(reference, request.log) : null;
    const webhooks = reference ? await store.webhooksOf(reference) : [];
    const pressed = reference && query.action ? await store.action(reference, query.action) : null;
    return sendHtml(
      reply,
      orderPage({ lang, outcome: query.outcome, reference, view, lines: order?.lines ?? [], webhooks, pressed, stylesheet: STYLESHEET }),
    );
  });

  /**
   * A button on the order page: the merchant API call it stands for, sent with the key the page
   * gave the button (a second press of it, or a browser sending the form again, does one thing),
   * then back to the order page, which says what came of it (POST, redirect, GET).
   */
  app.post(ORDER_ACTION.pattern, async (request, reply) => {
    const { merchantPaymentReference: reference, action } = request.params as { merchantPaymentReference: string; action: string };
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const lang = languageOf(request);
    const key = form.key ?? '';
    // A button moves money: only the shop's own page may press it, not a form on another site.
    if (!sameOrigin(request)) return sendHtml(reply, homePage(lang, 'a form from another site'), 403);
    const isAction = (ORDER_ACTIONS as readonly string[]).includes(action);
    if (!isAction || !merchantPaymentReferenceSchema.safeParse(reference).success || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
      return sendHtml(reply, homePage(lang, 'invalid choice'), 400);
    }
    const orderAction = action as OrderAction;
    // Back to the order page at the answer to this press.
    const back = () => reply.redirect(`${DEMO_SHOP.return.pattern}?${orderQuery(form.outcome, reference, key)}&lang=${lang}#result`, 303);
    const order = await store.order(reference);
    const call = requestOf(orderAction, reference, form, order?.lines ?? []);
    const record = (result: Omit<ActionRecord, 'key' | 'merchantPaymentReference' | 'action'>) =>
      store.keepAction({ key, merchantPaymentReference: reference, action: orderAction, ...result });
    if (call === 'no-items') {
      await record({ result: 'refused', operationId: null, amount: null, errorCode: null, message: SHOP_TEXTS[lang].chooseItems });
      return back();
    }
    try {
      const answer = await callPortal(call.path, { method: 'POST', lang, json: call.body, idempotencyKey: key });
      await record(resultOf(orderAction, answer));
      request.log.info({ reference, action, status: answer.status }, 'demo shop: order action answered');
    } catch (error) {
      request.log.warn({ reference, action, reason: error instanceof Error ? error.name : 'unknown' }, 'demo shop: the portal did not answer');
      await record({ result: 'unanswered', operationId: null, amount: null, errorCode: null, message: null });
    }
    return back();
  });

  await registerWebhookReceiver(app, DEMO_SHOP.webhook.pattern, options.webhookSecret, store);
}
