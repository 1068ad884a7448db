/**
 * How the adapter gets structured loan figures out of Resurs v1, which has no structured price
 * call: the monthly instalment is amount × annuity factor (getAnnuityFactors, Resurs' documented
 * formula); the nominal rate and the fees come from the cost-of-purchase table
 * (getCostOfPurchaseHtml), the price information Resurs is legally bound to show, and so does the
 * effective rate when the table has that row. Resurs' published example has none: then the
 * effective rate is computed from the same figures with the Consumer Credit Directive's formula.
 * The table is read by its documented shape (table.priceTable, a header cell then one cell per
 * payment plan): the period's column by the row of the plans' durations, the other rows by words
 * in Swedish, Norwegian or English. The table may list plans the annuity factors do not (Resurs'
 * own examples: 36 months in the table, not among the factors); only the period's column is read.
 * A missing rate makes the answer unreadable, never guessed.
 */
import type { DocumentLink } from '@portal/domain';

export interface CostColumn {
  nominalRate: number;
  /** Null when the table has no effective-rate row. */
  effectiveRate: number | null;
  monthlyFee: number;
  setupFee: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const cellText = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();

/**
 * A number as Resurs prints it in any of the Nordic or English locales: "1 229,50", "12,9",
 * "1,229.50", "−3". The decimal separator is whichever of `,` and `.` comes last.
 */
export function parseLocaleNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f\u2009%]/g, '').replace(/\u2212/g, '-');
  if (!/^-?[\d.,]+$/.test(compact)) return null;
  const decimal = compact.lastIndexOf(',') > compact.lastIndexOf('.') ? ',' : '.';
  const other = decimal === ',' ? '.' : ',';
  const normal = compact.split(other).join('').replace(decimal, '.');
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

interface Row {
  header: string;
  values: string[];
}

function tableRows(html: string): Row[] {
  const rows: Row[] = [];
  for (const [, inner = ''] of html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...inner.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map(([, cell = '']) => cellText(cell));
    const [header, ...values] = cells;
    if (header !== undefined) rows.push({ header, values });
  }
  return rows;
}

const ROW_WORDS = {
  nominalRate: /kreditränta|nominell|nominal|kredittrente|lånerente/i,
  effectiveRate: /effektiv|effective|\bapr\b/i,
  // Resurs' own example breaks words across lines ("Administrations- avgift").
  monthlyFee: /administrations-?\s*avgift|termin-?\s*gebyr|aviavgift|månadsavgift|månedsgebyr|monthly fee|administration fee/i,
  setupFee: /uppläggnings-?\s*avgift|etablerings-?\s*gebyr|setup fee|set-up fee|arrangement fee/i,
} as const;

/** A whole number of months, as the plans' row prints it. */
function months(text: string | undefined): number | null {
  const value = text === undefined ? null : parseLocaleNumber(text);
  return value !== null && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The plans' row: the first whose cells are all whole numbers, each larger than the one before
 * ("Löptid (mån)": 3, 6, 12, …, 72). The credit amount repeats itself, the plan names are words,
 * and the figures come after it.
 */
function durationRow(rows: readonly Row[]): Row | undefined {
  return rows.find(
    (row) =>
      row.values.length > 0 &&
      row.values.every((value, index) => {
        const n = months(value);
        const before = index === 0 ? 0 : months(row.values[index - 1]);
        return n !== null && before !== null && n > before;
      }),
  );
}

/** The period's figures, or where in the table they could not be read (a path, never a value). */
export type CostColumnRead = { ok: true; column: CostColumn } | { ok: false; path: string[] };

export function readCostColumn(html: string, period: number): CostColumnRead {
  const rows = tableRows(html);
  const plans = durationRow(rows);
  if (!plans) return { ok: false, path: ['priceTable', 'durations'] };
  const column = plans.values.findIndex((value) => months(value) === period);
  if (column < 0) return { ok: false, path: ['priceTable', `${period} months`] };
  const valueOf = (words: RegExp): number | null => {
    const row = rows.find((r) => words.test(r.header) && !(words !== ROW_WORDS.effectiveRate && ROW_WORDS.effectiveRate.test(r.header)));
    const cell = row?.values[column];
    return cell === undefined ? null : parseLocaleNumber(cell);
  };
  const nominalRate = valueOf(ROW_WORDS.nominalRate);
  if (nominalRate === null) return { ok: false, path: ['priceTable', 'nominalRate', `${period} months`] };
  return {
    ok: true,
    column: {
      nominalRate,
      effectiveRate: valueOf(ROW_WORDS.effectiveRate),
      monthlyFee: valueOf(ROW_WORDS.monthlyFee) ?? 0,
      setupFee: valueOf(ROW_WORDS.setupFee) ?? 0,
    },
  };
}

export interface LegalInfoLink {
  appendPriceLast: boolean;
  endUserDescription: string;
  url: string;
}

const SECCI_WORDS = /sekki|secci|\bsef\b|konsumentkreditinformation|opplysningsskjema/i;
const TERMS_WORDS = /villkor|vilkår|\bterms\b|commonterms/i;
const PRICE_WORDS = /prisinformation|prisinformasjon|price information|prisskyltning|priceinfo/i;

export interface ClassifiedLinks {
  secciLinks: DocumentLink[];
  generalTermsLinks: DocumentLink[];
  priceInfoLinks: DocumentLink[];
}

/**
 * Sorts a payment method's legal links into the SECCI, the general terms and the price
 * information. Links Resurs marks appendPriceLast get the amount appended, as Resurs requires:
 * "the amount is an integer!" (SEK 999.90 gives …1000) [Resurs docs api-types/weblink.md].
 */
export function classifyLegalLinks(links: readonly LegalInfoLink[], amount: number): ClassifiedLinks {
  const classified: ClassifiedLinks = { secciLinks: [], generalTermsLinks: [], priceInfoLinks: [] };
  for (const link of links) {
    const document: DocumentLink = { url: link.appendPriceLast ? `${link.url}${Math.round(amount)}` : link.url, label: link.endUserDescription };
    const words = `${link.endUserDescription} ${link.url}`;
    if (SECCI_WORDS.test(words)) classified.secciLinks.push(document);
    else if (PRICE_WORDS.test(words)) classified.priceInfoLinks.push(document);
    else if (TERMS_WORDS.test(words)) classified.generalTermsLinks.push(document);
  }
  return classified;
}

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/**
 * The effective yearly rate (APR) in percent, two decimals: the X at which the monthly payments,
 * discounted to the day of the credit, equal the credit (Consumer Credit Directive, Annex I):
 * amount = Σ payment_k / (1 + X)^(k / 12). Found by bisection: the sum falls as X rises.
 */
export function effectiveAnnualRate(amount: number, payments: readonly number[]): number {
  const presentValue = (x: number) => payments.reduce((sum, p, i) => sum + p / (1 + x) ** ((i + 1) / 12), 0);
  if (presentValue(0) <= amount) return 0;
  let low = 0;
  let high = 1;
  // A set-up fee on a small, short credit makes the rate run to millions of per cent a year: the
  // bracket widens until it holds the root, rather than stopping at a made-up ceiling.
  while (presentValue(high) > amount && high < 1e12) high *= 2;
  // Sixty halvings leave an error far below the two decimals the rate is shown with.
  for (let i = 0; i < 60; i += 1) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > amount) low = mid;
    else high = mid;
  }
  return round(((low + high) / 2) * 100, 2);
}

export interface LoanFigures {
  interestRate: number;
  effectiveInterestRate: number;
  totalMonthlyPayment: number;
  cost: number;
}

/** The terms for one plan: instalment from the factor plus the monthly fee; setup fee paid first. */
export function loanFigures(input: { amount: number; period: number; factor: number; column: CostColumn }): LoanFigures {
  const { amount, period, factor, column } = input;
  const totalMonthlyPayment = round(amount * factor + column.monthlyFee, 2);
  const payments = Array.from({ length: period }, (_, i) => totalMonthlyPayment + (i === 0 ? column.setupFee : 0));
  return {
    interestRate: column.nominalRate,
    effectiveInterestRate: column.effectiveRate ?? effectiveAnnualRate(amount, payments),
    totalMonthlyPayment,
    cost: round(totalMonthlyPayment * period + column.setupFee - amount, 2),
  };
}
