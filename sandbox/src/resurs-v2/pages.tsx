/**
 * The simulated Resurs Bank's pages: the task page where the customer identifies and signs with
 * BankID (a look-alike of the Norwegian or Swedish one, by the payment's country), and the SECCI
 * and general terms documents that legal links point at. Server-rendered, no script.
 */
import type { ReactNode } from 'react';
import { type CountryCode, type Currency, type Language, LANGUAGES, moneyFormatOptions } from '@portal/domain';
import { renderPage } from '../lib/html';
import type { CostEntry } from './pricing';
import { fill, RESURS_TEXTS, type ResursTexts } from './texts';

export const PREFIX = '/sandbox/resurs-v2';
export const STYLESHEET_PATH = `${PREFIX}/resurs.css`;

const LOCALE: Readonly<Record<Language, string>> = { en: 'en-GB', sv: 'sv-SE', nb: 'nb-NO' };
const LANGUAGE_NAME: Readonly<Record<Language, string>> = { en: 'English', sv: 'Svenska', nb: 'Norsk' };

export function formatMoney(lang: Language, currency: Currency, value: number): string {
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat(LOCALE[lang], {
    ...moneyFormatOptions(currency, lang),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
}

export function formatPercent(lang: Language, percent: number): string {
  return new Intl.NumberFormat(LOCALE[lang], { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

function Bar({ t, lang, href, bankId }: { t: ResursTexts; lang: Language; href: (lang: Language) => string; bankId: boolean }) {
  return (
    <header className="bar">
      <p className="brand">
        {bankId ? <span className="wordmark">BankID</span> : null}
        <span>Resurs Bank</span>
      </p>
      <nav aria-label={t.language}>
        <ul>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a href={href(code)} lang={code} hrefLang={code} aria-current={code === lang ? 'true' : undefined}>
                {LANGUAGE_NAME[code]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** A task page plays the BankID step; a document is Resurs Bank's own paper. */
function page(options: {
  title: string;
  lang: Language;
  country: CountryCode;
  href: (lang: Language) => string;
  children: ReactNode;
  kind: 'task' | 'document';
}): string {
  const t = RESURS_TEXTS[options.lang];
  const task = options.kind === 'task';
  return renderPage({
    title: `${options.title} – Resurs Bank`,
    lang: options.lang,
    stylesheet: STYLESHEET_PATH,
    bodyClass: !task ? 'theme-resurs' : options.country === 'NO' ? 'theme-no' : 'theme-se',
    body: (
      <>
        <Bar t={t} lang={options.lang} href={options.href} bankId={task} />
        <main className={task ? undefined : 'doc'}>
          <p className="notice">{task ? t.sandboxNotice : t.documentNotice}</p>
          <div className="card">{options.children}</div>
        </main>
      </>
    ),
  });
}

const withLang = (path: string) => (lang: Language) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;

export interface TaskView {
  paymentId: string;
  country: CountryCode;
  currency: Currency;
  storeName: string;
  amount: number;
  period: number | null;
  monthlyCost: number | null;
  name: string | null;
  maskedId: string | null;
  /** The documents' addresses, price already appended where needed. */
  secciUrl: string | null;
  generalTermsUrl: string | null;
}

export function taskPage(lang: Language, view: TaskView): string {
  const t = RESURS_TEXTS[lang];
  const path = `${PREFIX}/task/${view.paymentId}`;
  const docHref = (url: string) => withLang(new URL(url).pathname + new URL(url).search)(lang);
  return page({
    title: t.taskTitle,
    lang,
    country: view.country,
    href: withLang(path),
    kind: 'task',
    children: (
      <>
        <h1>{t.taskHeading}</h1>
        <p>{t.taskIntro}</p>
        <dl className="summary">
          <dt>{t.store}</dt>
          <dd>{view.storeName}</dd>
          <dt>{t.amount}</dt>
          <dd data-testid="amount">{formatMoney(lang, view.currency, view.amount)}</dd>
          {view.period !== null ? (
            <>
              <dt>{t.period}</dt>
              <dd>{fill(t.months, { n: view.period })}</dd>
            </>
          ) : null}
          {view.monthlyCost !== null ? (
            <>
              <dt>{t.monthlyCost}</dt>
              <dd data-testid="monthly-cost">{formatMoney(lang, view.currency, view.monthlyCost)}</dd>
            </>
          ) : null}
          {view.name ? (
            <>
              <dt>{t.applicant}</dt>
              <dd data-testid="applicant">{view.name}</dd>
            </>
          ) : null}
          {view.maskedId ? (
            <>
              <dt>{t.nationalId}</dt>
              <dd>{view.maskedId}</dd>
            </>
          ) : null}
        </dl>
        <p>{t.creditCheck[view.country]}</p>
        {view.secciUrl || view.generalTermsUrl ? (
          <>
            <p>{t.readFirst}</p>
            <ul className="docs">
              {view.secciUrl ? (
                <li>
                  <a href={docHref(view.secciUrl)}>{t.secciTitle}</a>
                </li>
              ) : null}
              {view.generalTermsUrl ? (
                <li>
                  <a href={docHref(view.generalTermsUrl)}>{t.generalTermsTitle}</a>
                </li>
              ) : null}
            </ul>
          </>
        ) : null}
        <div className="actions">
          <form method="post" action={`${path}/approve`}>
            <button type="submit" className="primary" aria-describedby="sign-hint">
              {t.sign}
            </button>
            <p className="hint" id="sign-hint">
              {t.signHint}
            </p>
          </form>
          <form method="post" action={`${path}/cancel`}>
            <button type="submit" className="secondary">
              {t.cancel}
            </button>
          </form>
        </div>
      </>
    ),
  });
}

export type DoneKind = 'signed' | 'aborted' | 'expired';

export function donePage(lang: Language, paymentId: string, country: CountryCode, kind: DoneKind, returnUrl: string | null): string {
  const t = RESURS_TEXTS[lang];
  const message = { signed: t.doneSigned, aborted: t.doneAborted, expired: t.doneExpired }[kind];
  return page({
    title: t.doneTitle,
    lang,
    country,
    href: withLang(`${PREFIX}/task/${paymentId}`),
    kind: 'task',
    children: (
      <>
        <h1>{t.doneTitle}</h1>
        <p data-testid="done">{message}</p>
        {returnUrl ? (
          <p>
            <a href={returnUrl}>{t.backToStore}</a>
          </p>
        ) : null}
      </>
    ),
  });
}

export function notFoundPage(lang: Language, path: string): string {
  const t = RESURS_TEXTS[lang];
  return page({
    title: t.notFoundTitle,
    lang,
    country: lang === 'nb' ? 'NO' : 'SE',
    href: withLang(path),
    kind: 'task',
    children: (
      <>
        <h1>{t.notFoundTitle}</h1>
        <p>{t.notFound}</p>
      </>
    ),
  });
}

export interface SecciView {
  country: CountryCode;
  currency: Currency;
  amount: number | null;
  costs: CostEntry[];
  /** Path and query of this document, without `lang`. */
  path: string;
}

export function secciPage(lang: Language, view: SecciView): string {
  const t = RESURS_TEXTS[lang];
  const money = (value: number) => formatMoney(lang, view.currency, value);
  const percent = (value: number) => formatPercent(lang, value);
  const example = view.costs.find((cost) => cost.durationMonths === 36) ?? view.costs[0];
  return page({
    title: t.secciTitle,
    lang,
    country: view.country,
    href: withLang(view.path),
    kind: 'document',
    children: (
      <>
        <h1>{t.secciTitle}</h1>
        <dl className="summary">
          <dt>{t.creditor}</dt>
          <dd>{t.creditorName}</dd>
          <dt>{t.creditType}</dt>
          <dd>{t.creditTypeValue}</dd>
          {view.amount !== null ? (
            <>
              <dt>{t.creditAmount}</dt>
              <dd>{money(view.amount)}</dd>
            </>
          ) : null}
        </dl>
        {view.amount !== null && example ? (
          <>
            <table>
                <caption>{t.costsHeading}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.period}</th>
                    <th scope="col">{t.monthlyCost}</th>
                    <th scope="col">{t.nominalRate}</th>
                    <th scope="col">{t.effectiveRate}</th>
                    <th scope="col">{t.setupFee}</th>
                    <th scope="col">{t.administrationFee}</th>
                    <th scope="col">{t.totalPayable}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.costs.map((cost) => (
                    <tr key={cost.durationMonths}>
                      <th scope="row">{fill(t.months, { n: cost.durationMonths })}</th>
                      <td data-label={t.monthlyCost}>{money(cost.monthlyCost)}</td>
                      <td data-label={t.nominalRate}>{percent(cost.interest)}</td>
                      <td data-label={t.effectiveRate}>{percent(cost.effectiveInterest)}</td>
                      <td data-label={t.setupFee}>{money(cost.setupFee)}</td>
                      <td data-label={t.administrationFee}>{money(cost.administrationFee)}</td>
                      <td data-label={t.totalPayable}>{money(cost.totalCost)}</td>
                    </tr>
                  ))}
                </tbody>
            </table>
            <p>
              {fill(t.example, {
                amount: money(view.amount),
                n: example.durationMonths,
                rate: percent(example.interest),
                monthly: money(example.monthlyCost),
                apr: percent(example.effectiveInterest),
                total: money(example.totalCost),
              })}
            </p>
          </>
        ) : (
          <p>{t.noAmount}</p>
        )}
        <p>{t.withdrawal}</p>
      </>
    ),
  });
}

export function generalTermsPage(lang: Language, country: CountryCode, path: string): string {
  const t = RESURS_TEXTS[lang];
  return page({
    title: t.generalTermsTitle,
    lang,
    country,
    href: withLang(path),
    kind: 'document',
    children: (
      <>
        <h1>{t.generalTermsTitle}</h1>
        <ol>
          {t.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
        <p>{t.withdrawal}</p>
      </>
    ),
  });
}
