import { randomBytes } from 'node:crypto';
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type CreateApplicationResponse,
  DEMO_SHOP,
  isLanguage,
  type Language,
  languageFromAcceptLanguage,
  LANGUAGES,
  MERCHANT_API,
  type MerchantApplicationView,
  type MerchantStatus,
  type Outcome,
  OUTCOMES,
} from '@portal/domain';
import { shopPage } from './page';
import { checkoutRequest, PERIODS, peopleFor, productsFor, SCENARIOS, type Scenario } from './scenarios';
import { type ReceivedWebhook, type ShopStorage, shopStore } from './store';
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
  /** A PostgreSQL database the shop keeps its own tables in (`demo_shop_orders`, `demo_shop_webhooks`). */
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

function Header({ t, lang, path, query }: { t: ShopTexts; lang: Language; path: string; query?: string }) {
  return (
    <header>
      <h1>{t.title}</h1>
      <p>{t.tagline}</p>
      <nav aria-label={t.language}>
        <ul className="langs">
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a href={`${path}?${query ? `${query}&` : ''}lang=${code}`} lang={code} aria-current={code === lang ? 'true' : undefined}>
                {{ en: 'English', sv: 'Svenska', nb: 'Norsk' }[code]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function ScenarioCard({ scenario, t, lang }: { scenario: Scenario; t: ShopTexts; lang: Language }) {
  const id = (name: string) => `${scenario.id}-${name}`;
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
            {`${p.name}: ${p.price.toLocaleString(lang === 'en' ? 'en-GB' : `${lang}-${scenario.country}`)} ${scenario.country === 'NO' ? 'NOK' : 'SEK'}`}
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

const TIME_LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', sv: 'sv-SE', nb: 'nb-NO' };

/**
 * A moment as the shop's reader writes it, to the second (webhooks arrive within seconds): the
 * date and the time each kept on one line, so a narrow column breaks between them, not inside a
 * number.
 */
function Moment({ lang, iso }: { lang: Language; iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(TIME_LOCALES[lang], { ...options, timeZone: 'Europe/Oslo' }).format(date);
  return (
    <time dateTime={date.toISOString()}>
      <span className="nowrap">{format({ dateStyle: 'short' })}</span> <span className="nowrap">{format({ timeStyle: 'medium' })}</span>
    </time>
  );
}

const isOutcome = (value: string | undefined): value is Outcome => (OUTCOMES as readonly string[]).includes(value ?? '');

/** A code for developers, in small print beside the words it stands for. */
const Code = ({ children, testId }: { children: string; testId?: string }) => (
  <small className="code">
    <code data-testid={testId}>{children}</code>
  </small>
);

/**
 * What the shop knows after the customer comes back: what happened, in words, in the language
 * the customer shopped in (the codes in small print for developers), the status the merchant API
 * gives, and the webhooks received, laid out to read on a phone.
 */
function returnPage(
  lang: Language,
  outcome: string | undefined,
  reference: string | undefined,
  view: MerchantApplicationView | null,
  webhooks: ReceivedWebhook[],
): string {
  const t = SHOP_TEXTS[lang];
  const saidOutcome = (value: string | null | undefined) => (isOutcome(value ?? undefined) ? t.outcomes[value as Outcome] : t.noOutcome);
  return shopPage(
    `${t.returnTitle}: ${t.title}`,
    lang,
    STYLESHEET,
    <>
        <Header t={t} lang={lang} path={DEMO_SHOP.return.pattern} query={returnQuery(outcome, reference)} />
        <main>
          <h2>{t.returnTitle}</h2>
          <p className="result" data-testid="outcome-text">
            {saidOutcome(outcome)}
          </p>
          <dl>
            <dt>{t.order}</dt>
            <dd data-testid="order">{reference ?? '-'}</dd>
            <dt>{t.code}</dt>
            <dd>
              <Code testId="outcome">{outcome ?? '-'}</Code>
            </dd>
          </dl>
          <h3>{t.statusFromApi}</h3>
          {view ? (
            <>
              <dl>
                <dt>{t.status}</dt>
                <dd>
                  {t.statuses[view.status]} <Code testId="api-status">{view.status}</Code>
                </dd>
                <dt>{t.outcome}</dt>
                <dd>
                  {saidOutcome(view.outcome)} <Code testId="api-outcome">{view.outcome ?? '-'}</Code>
                </dd>
              </dl>
              <h4>{t.timeline}</h4>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.when}</th>
                    <th scope="col">{t.what}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.timeline.map((e, i) => (
                    <tr key={i}>
                      <td>
                        <Moment lang={lang} iso={e.at} />
                      </td>
                      <td>
                        {e.status ? t.statuses[e.status] : null}
                        {e.outcome ? ` – ${t.outcomes[e.outcome]}` : null}{' '}
                        <Code>{[e.type, e.status, e.outcome].filter(Boolean).join(' · ')}</Code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p>{t.unknownOrder}</p>
          )}
          <h3>{t.webhooks}</h3>
          {webhooks.length === 0 ? (
            <p>{t.noWebhooks}</p>
          ) : (
            <table data-testid="webhooks">
              <thead>
                <tr>
                  <th scope="col">{t.received}</th>
                  <th scope="col">{t.event}</th>
                </tr>
              </thead>
              <tbody>
                {webhooks.map((w) => (
                  <tr key={w.eventId}>
                    <td>
                      <Moment lang={lang} iso={w.receivedAt} />
                    </td>
                    <td>
                      {t.statuses[w.status as MerchantStatus] ?? w.status}
                      {isOutcome(w.outcome ?? undefined) ? ` – ${t.outcomes[w.outcome as Outcome]}` : null}
                      <br />
                      {/* Only webhooks whose signature checked out are kept. */}
                      <span>{t.signatureValid}</span>{' '}
                      <Code>{[w.type, w.status, w.outcome].filter(Boolean).join(' · ')}</Code> <Code>{w.eventId}</Code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p>
            <a href={`${DEMO_SHOP.home.pattern}?lang=${lang}`}>{t.newOrder}</a>
          </p>
        </main>
      </>,
  );
}

/** The return page's own query (without its language), for its language links. */
function returnQuery(outcome: string | undefined, reference: string | undefined): string {
  const query = new URLSearchParams();
  if (outcome) query.set('outcome', outcome);
  if (reference) query.set('merchantPaymentReference', reference);
  return query.toString();
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

  async function callPortal(path: string, init: { method: 'GET' | 'POST'; lang?: Language; json?: unknown }): Promise<PortalAnswer> {
    const response = await fetch(`${portalUrl}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/json',
        ...(init.lang ? { 'accept-language': init.lang } : {}),
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
    const payload = scenario && checkoutRequest(scenario, form.person ?? '', form.sku ?? '', Number(form.period), reference, shopUrl);
    if (!payload) return sendHtml(reply, homePage(lang, 'invalid choice'), 400);

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
    await store.rememberOrder(reference, lang);
    return reply.redirect(created.applyUrl, 303);
  });

  app.get(DEMO_SHOP.return.pattern, async (request, reply) => {
    const query = request.query as { outcome?: string; merchantPaymentReference?: string; lang?: string };
    const reference = query.merchantPaymentReference;
    const ordered = !isLanguage(query.lang) && reference ? await store.languageOfOrder(reference) : null;
    const lang = isLanguage(ordered) ? ordered : languageOf(request);
    let view: MerchantApplicationView | null = null;
    if (reference) {
      try {
        const answer = await callPortal(MERCHANT_API.application.url({ merchantPaymentReference: reference }), { method: 'GET' });
        if (answer.status === 200) view = answer.body as MerchantApplicationView;
      } catch (error) {
        request.log.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'demo shop: the portal did not answer');
      }
    }
    const webhooks = reference ? await store.webhooksOf(reference) : [];
    return sendHtml(reply, returnPage(lang, query.outcome, reference, view, webhooks));
  });

  await registerWebhookReceiver(app, DEMO_SHOP.webhook.pattern, options.webhookSecret, store);
}
