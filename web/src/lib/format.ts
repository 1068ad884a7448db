/**
 * Dates, numbers and money with `Intl`, per UI language (spec sections 1 and 9): amounts and
 * interest with two decimals, NOK and SEK, written as each language writes them (domain's
 * money.ts). English uses en-GB: day before month, as Nordic readers expect, where plain `en`
 * would write dates the American way.
 */
import { type Currency, type Language, LANGUAGE_LOCALES, moneyFormatOptions } from '@portal/domain';

export const LOCALES = LANGUAGE_LOCALES;

// Building an Intl formatter is slow next to using one: each is made once per locale and options.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format as Intl.NumberFormat;
}
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format as Intl.DateTimeFormat;
}

/** 15000 NOK → "15 000,00 kr" (nb), "15 000,00 NOK" (sv), "NOK 15,000.00" (en). */
export function formatMoney(amount: number, currency: Currency, language: Language): string {
  return numberFormat(LOCALES[language], {
    ...moneyFormatOptions(currency, language),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** An interest rate given in percent: 12.9 → "12,90 %" (nb, sv), "12.90%" (en). */
export function formatInterest(percent: number, language: Language): string {
  return numberFormat(LOCALES[language], {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(percent / 100);
}

/** A plain number with the locale's grouping: 36 → "36", 1234.5 → "1 234,5" (nb). */
export function formatNumber(value: number, language: Language, fractionDigits?: number): string {
  const options: Intl.NumberFormatOptions =
    fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  return numberFormat(LOCALES[language], options).format(value);
}

/**
 * A calendar date: "21.11.2026" (nb), "2026-11-21" (sv), "21/11/2026" (en); `long` writes the
 * month out. A date without a time ("2026-11-21") is that day wherever the browser is; JavaScript
 * would otherwise read it as midnight UTC, the day before west of Greenwich.
 */
export function formatDate(value: Date | string, language: Language, style: 'short' | 'long' = 'short'): string {
  const date = typeof value === 'string' ? parseDate(value) : value;
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { day: 'numeric', month: 'long', year: 'numeric' } : { day: '2-digit', month: '2-digit', year: 'numeric' };
  return dateFormat(LOCALES[language], options).format(date);
}

/** Date and time to the minute, for events ("21.11.2026, 14:05" in nb). */
export function formatDateTime(value: Date | string, language: Language): string {
  const date = typeof value === 'string' ? parseDate(value) : value;
  return dateFormat(LOCALES[language], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

function parseDate(value: string): Date {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  return new Date(value);
}
