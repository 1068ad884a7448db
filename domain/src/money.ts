/**
 * Money as people write it in each language: a country's own currency in its own language is
 * "kr" ("15 000,00 kr" in Norwegian for NOK, in Swedish for SEK); any other currency is named by
 * its code ("15 000,00 NOK" in Swedish, "NOK 15,000.00" in English). Intl's symbols would write
 * Norwegian kroner "Nkr" in Swedish, a form Norwegians never use.
 */
import { COUNTRIES, type CountryCode, type Currency, type Language } from './countries';

/** BCP 47 locales of the UI languages; English is en-GB, day before month as Nordic readers expect. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { nb: 'nb-NO', sv: 'sv-SE', en: 'en-GB' };

const homeCurrency = (currency: Currency, language: Language): boolean =>
  Object.values(COUNTRIES).some((country) => country.currency === currency && country.language === language);

/** The `Intl.NumberFormat` options of an amount in `currency` for a reader of `language` (add the digits). */
export function moneyFormatOptions(currency: Currency, language: Language): Intl.NumberFormatOptions {
  return { style: 'currency', currency, currencyDisplay: homeCurrency(currency, language) ? 'symbol' : 'code' };
}

const round2 = (amount: number): number => Math.round(amount * 100) / 100;

/** The standard VAT rate of a country in percent (25 means 25 %). */
export const vatPercentOf = (country: CountryCode): number => COUNTRIES[country].vatPercent;

/** A price without VAT, from one that includes it (merchants' prices do), to the øre/öre. */
export const netOfVat = (gross: number, vatPercent: number): number => round2(gross / (1 + vatPercent / 100));

/** The VAT a price including it holds, to the øre/öre. */
export const vatOfGross = (gross: number, vatPercent: number): number => round2(gross - gross / (1 + vatPercent / 100));

/** The VAT to add to a price without it, to the øre/öre. */
export const vatOnNet = (net: number, vatPercent: number): number => round2((net * vatPercent) / 100);
