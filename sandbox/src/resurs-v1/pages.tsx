/**
 * The simulator's pages: Resurs' signing step, which looks like the BankID of the customer's
 * country (Norwegian for NO, Swedish for SE), and its credit documents. Plain HTML forms, no
 * script, CSS from a file: the portal's Content-Security-Policy allows nothing inline.
 */
import type { ReactNode } from 'react';
import { type CountryCode, type Currency, type Language, LANGUAGES } from '@portal/domain';
import { renderPage } from '../lib/html';
import { formatMoney } from './documents';
import { fill, RESURS_TEXTS } from './texts';

export const STYLESHEET_PATH = '/assets/resurs.css';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sv: 'Svenska', nb: 'Norsk' };

/** `path` may carry a query already (documents): the language is added to it. */
const withLanguage = (path: string, code: Language) => `${path}${path.includes('?') ? '&' : '?'}lang=${code}`;

function LanguageLinks({ lang, path }: { lang: Language; path: string }) {
  return (
    <nav aria-label={RESURS_TEXTS[lang].signing.language}>
      <ul className="langs">
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a href={withLanguage(path, code)} lang={code} hrefLang={code} aria-current={code === lang ? 'true' : undefined}>
              {LANGUAGE_NAMES[code]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function BankIdFrame({ lang, country, path, children }: { lang: Language; country: CountryCode; path: string; children: ReactNode }) {
  const t = RESURS_TEXTS[lang].signing;
  return (
    <>
      <header className="bankid-header">
        <p className="wordmark" aria-hidden="true">
          BankID
        </p>
        <p className="country">{t.brand[country]}</p>
      </header>
      <main className="bankid-card">
        <p className="sandbox">{t.sandboxNotice}</p>
        {children}
        <LanguageLinks lang={lang} path={path} />
      </main>
    </>
  );
}

export interface SigningView {
  paymentId: string;
  country: CountryCode;
  currency: Currency;
  customerName: string;
  amount: number;
  duration: number | null;
  monthlyPayment: number | null;
}

export function signingPage(options: { lang: Language; view: SigningView; base: string }): string {
  const { lang, view, base } = options;
  const t = RESURS_TEXTS[lang].signing;
  const path = `${base}/sign/${encodeURIComponent(view.paymentId)}`;
  const money = (value: number) => formatMoney(lang, value, view.currency);
  return renderPage({
    title: `${t.title}: Resurs Bank`,
    lang,
    stylesheet: `${base}${STYLESHEET_PATH}`,
    bodyClass: `bankid bankid-${view.country.toLowerCase()}`,
    body: (
      <BankIdFrame lang={lang} country={view.country} path={path}>
        <h1>{t.title}</h1>
        <p>{t.intro}</p>
        <dl className="summary">
          <dt>{t.signer}</dt>
          <dd data-testid="signer">{view.customerName}</dd>
          <dt>{t.creditor}</dt>
          <dd>Resurs Bank AB</dd>
          <dt>{t.amount}</dt>
          <dd data-testid="amount">{money(view.amount)}</dd>
          {view.duration !== null ? (
            <>
              <dt>{t.period}</dt>
              <dd data-testid="period">{fill(t.months, { n: view.duration })}</dd>
            </>
          ) : null}
          {view.monthlyPayment !== null ? (
            <>
              <dt>{t.monthly}</dt>
              <dd data-testid="monthly">{money(view.monthlyPayment)}</dd>
            </>
          ) : null}
        </dl>
        <p className="statement">{t.statement}</p>
        <form method="post" action={path} className="actions">
          <input type="hidden" name="lang" value={lang} />
          <button type="submit" name="action" value="approve" className="primary">
            {t.approve}
          </button>
          <button type="submit" name="action" value="cancel" className="secondary">
            {t.cancel}
          </button>
        </form>
      </BankIdFrame>
    ),
  });
}

/** Unknown or finished signings: a message in the BankID frame, nothing to press. */
export function signingMessagePage(options: { lang: Language; country: CountryCode; base: string; path: string; title: string; message: string }): string {
  const { lang, country, base, path, title, message } = options;
  return renderPage({
    title: `${title}: Resurs Bank`,
    lang,
    stylesheet: `${base}${STYLESHEET_PATH}`,
    bodyClass: `bankid bankid-${country.toLowerCase()}`,
    body: (
      <BankIdFrame lang={lang} country={country} path={path}>
        <h1>{title}</h1>
        <p role="alert">{message}</p>
      </BankIdFrame>
    ),
  });
}

/** A message that must be announced (errors). */
export const alertMessage = (message: string): ReactNode => <p role="alert">{message}</p>;

/** A Resurs document (price information, SECCI, general terms) as a page of its own. */
export function documentPage(options: { lang: Language; base: string; path: string; title: string; body: ReactNode }): string {
  const { lang, base, path, title, body } = options;
  return renderPage({
    title: `${title}: Resurs Bank`,
    lang,
    stylesheet: `${base}${STYLESHEET_PATH}`,
    bodyClass: 'resurs-document',
    body: (
      <>
        <header className="resurs-header">
          <p className="wordmark">Resurs Bank</p>
        </header>
        <main className="document">
          <h1>{title}</h1>
          {body}
          <LanguageLinks lang={lang} path={path} />
        </main>
      </>
    ),
  });
}

export const RESURS_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1d1d1f;overflow-wrap:anywhere}
.bankid{min-height:100vh}
.bankid-header{display:flex;flex-wrap:wrap;align-items:baseline;gap:.75rem;padding:1rem 1.25rem;color:#fff}
.bankid-header p{margin:0}
.wordmark{font-weight:800;font-size:1.6rem;letter-spacing:-.02em}
.country{font-size:.95rem;opacity:.9}
.bankid-no{background:#f4f1f6}
.bankid-no .bankid-header{background:#39134c}
.bankid-no .primary{background:#39134c}
.bankid-no .primary:hover{background:#2a0d38}
.bankid-se{background:#eef3f5}
.bankid-se .bankid-header{background:#193e4f}
.bankid-se .primary{background:#193e4f}
.bankid-se .primary:hover{background:#0f2935}
.bankid-card{max-width:30rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.bankid-card h1{font-size:1.4rem;margin:0 0 .75rem}
.sandbox{background:#fff4ce;border:1px solid #c9a227;border-radius:.375rem;padding:.375rem .625rem;font-size:.875rem;margin:0 0 1rem}
.summary{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.375rem 1rem;margin:1rem 0}
.summary dt{color:#4a4a4f}
.summary dd{margin:0;font-weight:600}
@media (max-width:30rem){.summary{grid-template-columns:minmax(0,1fr);gap:0}.summary dd{margin-bottom:.5rem}}
.statement{font-size:.95rem}
.actions{display:flex;flex-direction:column;gap:.625rem;margin-top:1.25rem}
.actions button{padding:.75rem 1rem;border-radius:.5rem;font:inherit;font-weight:700;cursor:pointer}
.primary{border:0;color:#fff}
.secondary{border:2px solid #4a4a4f;background:#fff;color:#1d1d1f}
.secondary:hover{background:#f2f2f2}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
.langs{display:flex;flex-wrap:wrap;gap:.25rem .75rem;list-style:none;padding:0;margin:1.5rem 0 0;font-size:.9rem}
.langs a{color:#1a4f8b}
.langs a[aria-current="true"]{font-weight:700;text-decoration:none}
.resurs-header{background:#00483d;color:#fff;padding:1rem 1.25rem}
.resurs-header p{margin:0}
.document{max-width:60rem;margin:0 auto;padding:1.25rem}
.document h1{font-size:1.5rem}
.priceTable{border-collapse:collapse;width:100%;display:block;overflow-x:auto}
.priceTable th,.priceTable td{border:1px solid #c8ccd0;padding:.3rem .5rem;text-align:right;white-space:nowrap}
.priceTable th{text-align:left;font-weight:600}
.oddRow{background:#f6f7f8}
.document dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.25rem 1rem}
.document dt{font-weight:600}
.document dd{margin:0}
a{color:#1a4f8b}
`;
