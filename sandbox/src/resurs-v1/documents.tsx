/**
 * Resurs' price information and credit documents as the simulator renders them. The cost table
 * has the shape of Resurs' published getCostOfPurchaseHtml answer (getcostofpurchasehtml.md):
 * span.headText, table.priceTable whose rows (tr.oddRow / tr.evenRow) are a td.header and one
 * td.content per plan: credit amount, plan, term, nominal rate, monthly fee, setup fee, monthly
 * amount, and no effective rate or total, as Resurs' has none; plans the annuity factors do not
 * list among them; span.tailText; then the SECCI and general-terms links (a.legalInfoLink).
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type Currency, type IndividualizedTermsType, type Language, moneyFormatOptions } from '@portal/domain';
import { costTablePlans, planFigures, planFor, type SandboxPaymentMethod } from './catalogue';
import { fill, RESURS_TEXTS } from './texts';

const LOCALES: Record<Language, string> = { en: 'en-GB', sv: 'sv-SE', nb: 'nb-NO' };

// Building an Intl.NumberFormat costs more than formatting with it: a cost table needs a hundred.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(lang: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}:${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(LOCALES[lang], options);
    formatters.set(key, found);
  }
  return found;
}

export function formatNumber(lang: Language, value: number, minimumFractionDigits = 2): string {
  return formatter(lang, { minimumFractionDigits, maximumFractionDigits: 2 }).format(value);
}

export function formatMoney(lang: Language, value: number, currency: Currency): string {
  return formatter(lang, { ...moneyFormatOptions(currency, lang), minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

export function formatPercent(lang: Language, value: number): string {
  return formatter(lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100);
}

export interface DocumentLinks {
  secci: string;
  generalTerms: string;
}

function PriceRow({ header, values, odd }: { header: string; values: string[]; odd: boolean }) {
  return (
    <tr className={odd ? 'oddRow' : 'evenRow'}>
      <td className="header">{header}</td>
      {values.map((value, i) => (
        <td key={i} className="content">
          {value}
        </td>
      ))}
    </tr>
  );
}

export function CostOfPurchase({ method, amount, lang, links }: { method: SandboxPaymentMethod; amount: number; lang: Language; links: DocumentLinks }) {
  const t = RESURS_TEXTS[lang].documents;
  const currency = method.currency;
  const figures = costTablePlans(method).map((plan) => planFigures(method, amount, plan));
  const rows: [string, string[]][] = [
    [fill(t.amountRow, { currency }), figures.map(() => formatNumber(lang, amount, 0))],
    [t.planRow, figures.map((f) => fill(t.plan, { n: f.duration }))],
    [t.durationRow, figures.map((f) => String(f.duration))],
    [t.nominalRow, figures.map((f) => formatNumber(lang, f.nominalRate))],
    [fill(t.monthlyFeeRow, { currency }), figures.map(() => formatNumber(lang, method.monthlyFee, 0))],
    [fill(t.setupFeeRow, { currency }), figures.map(() => formatNumber(lang, method.setupFee, 0))],
    [fill(t.monthlyRow, { currency }), figures.map((f) => formatNumber(lang, f.monthlyPayment))],
  ];
  return (
    <>
      <p>
        <span className="headText">{fill(t.priceHeading, { amount: formatMoney(lang, amount, currency) })}</span>
      </p>
      <table className="priceTable">
        <tbody>
          {rows.map(([header, values], i) => (
            <PriceRow key={header} header={header} values={values} odd={i % 2 === 0} />
          ))}
        </tbody>
      </table>
      <p>
        <span className="tailText">
          {t.setupFeeNote} {t.exampleNote} {t.creditCheckNote}
        </span>
      </p>
      <p>
        {t.secci}:{' '}
        <a className="legalInfoLink" href={links.secci} target="_blank" rel="noopener noreferrer">
          {t.documentLanguage} {t.opensInNewWindow}
        </a>
      </p>
      <p>
        {t.generalTerms}:{' '}
        <a className="legalInfoLink" href={links.generalTerms} target="_blank" rel="noopener noreferrer">
          {t.documentLanguage} {t.opensInNewWindow}
        </a>
      </p>
    </>
  );
}

export interface TermsContext {
  method: SandboxPaymentMethod;
  amount: number;
  /** The chosen payment plan; the nearest offered plan is used when it is not one of them. */
  duration: number | null;
  lang: Language;
  /** Known once the payment is booked: the document is then this customer's. */
  customerName: string | null;
}

function Secci({ method, amount, duration, lang, customerName }: TermsContext) {
  const t = RESURS_TEXTS[lang].documents;
  const months = RESURS_TEXTS[lang].signing.months;
  const f = planFigures(method, amount, planFor(method, duration));
  const money = (value: number) => formatMoney(lang, value, method.currency);
  return (
    <article className="secci">
      <section>
        <h2>{t.creditorHeading}</h2>
        <dl>
          <dt>{RESURS_TEXTS[lang].signing.creditor}</dt>
          <dd>{t.creditorName}</dd>
          {customerName ? (
            <>
              <dt>{t.borrower}</dt>
              <dd>{customerName}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section>
        <h2>{t.descriptionHeading}</h2>
        <dl>
          <dt>{t.creditType}</dt>
          <dd>{t.creditTypeValue}</dd>
          <dt>{t.totalCredit}</dt>
          <dd>{money(amount)}</dd>
          <dt>{t.duration}</dt>
          <dd>{fill(months, { n: f.duration })}</dd>
          <dt>{t.instalments}</dt>
          <dd>{fill(t.instalmentsValue, { count: f.duration, payment: money(f.monthlyPayment) })}</dd>
          <dt>{t.totalPayable}</dt>
          <dd>{money(f.totalPayable)}</dd>
        </dl>
      </section>
      <section>
        <h2>{t.costsHeading}</h2>
        <dl>
          <dt>{t.nominalRate}</dt>
          <dd>{formatPercent(lang, f.nominalRate)}</dd>
          <dt>{t.effectiveRate}</dt>
          <dd>{formatPercent(lang, f.effectiveRate)}</dd>
          <dt>{t.monthlyFee}</dt>
          <dd>{money(method.monthlyFee)}</dd>
          <dt>{t.setupFee}</dt>
          <dd>{money(method.setupFee)}</dd>
          <dt>{t.totalCost}</dt>
          <dd>{money(f.cost)}</dd>
        </dl>
        <p>
          {fill(t.representative, {
            amount: money(amount),
            months: f.duration,
            cost: money(f.cost),
            apr: formatPercent(lang, f.effectiveRate),
          })}
        </p>
      </section>
      <section>
        <h2>{t.legalHeading}</h2>
        <ul>
          <li>{t.withdrawal}</li>
          <li>{t.earlyRepayment}</li>
          <li>{t.creditCheck}</li>
        </ul>
      </section>
    </article>
  );
}

function GeneralTerms({ method, amount, duration, lang, customerName }: TermsContext) {
  const t = RESURS_TEXTS[lang].documents;
  const f = planFigures(method, amount, planFor(method, duration));
  const money = (value: number) => formatMoney(lang, value, method.currency);
  return (
    <article className="generalTerms">
      {customerName ? <p>{fill(t.termsFor, { name: customerName })}</p> : null}
      <p>{t.termsIntro}</p>
      <ol>
        <li>{fill(t.termsLimit, { amount: money(amount) })}</li>
        <li>{fill(t.termsInterest, { rate: formatPercent(lang, f.nominalRate), apr: formatPercent(lang, f.effectiveRate) })}</li>
        <li>{fill(t.termsFees, { monthlyFee: money(method.monthlyFee), setupFee: money(method.setupFee) })}</li>
        <li>{fill(t.termsPayment, { payment: money(f.monthlyPayment), months: f.duration })}</li>
        <li>{t.termsWithdrawal}</li>
      </ol>
    </article>
  );
}

/**
 * The documents behind the payment method's legal links (README): ISEKKI_NEW_ACCOUNT is the SECCI
 * (SEKKI/SEF) for the amount the link carries; COMMON the general terms of the account.
 */
export function termsDocument(termsType: IndividualizedTermsType, context: TermsContext): { title: string; element: ReactElement } {
  const t = RESURS_TEXTS[context.lang].documents;
  return termsType === 'ISEKKI_NEW_ACCOUNT'
    ? { title: t.secci, element: <Secci {...context} /> }
    : { title: t.termsTitle, element: <GeneralTerms {...context} /> };
}

/** An HTML fragment, as Resurs returns inside a SOAP answer. */
export const renderFragment = (element: ReactElement): string => renderToStaticMarkup(element);
