import { PHONE_PATTERNS, POSTAL_CODE_PATTERNS } from './patterns';

export const COUNTRY_CODES = ['NO', 'SE'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY: CountryCode = 'NO';

export const LANGUAGES = ['en', 'sv', 'nb'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const CURRENCIES = ['NOK', 'SEK'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface CountryConfig {
  countryCode: CountryCode;
  /** UI and document language: Norwegian bokmål for Norway, Swedish for Sweden. */
  language: Language;
  /** BCP 47 locale for dates, numbers and money. */
  locale: string;
  currency: Currency;
  currencySymbol: string;
  phonePattern: RegExp;
  postalCodePattern: RegExp;
  /**
   * The standard VAT rate in percent (25 means 25 %), the one unit of VAT everywhere (ADR 21):
   * merchants' prices include it; money.ts converts between gross and net.
   */
  vatPercent: number;
}

export const COUNTRIES: Readonly<Record<CountryCode, CountryConfig>> = {
  NO: {
    countryCode: 'NO',
    language: 'nb',
    locale: 'nb-NO',
    currency: 'NOK',
    currencySymbol: 'kr',
    phonePattern: PHONE_PATTERNS.NO,
    postalCodePattern: POSTAL_CODE_PATTERNS.NO,
    vatPercent: 25,
  },
  SE: {
    countryCode: 'SE',
    language: 'sv',
    locale: 'sv-SE',
    currency: 'SEK',
    currencySymbol: 'kr',
    phonePattern: PHONE_PATTERNS.SE,
    postalCodePattern: POSTAL_CODE_PATTERNS.SE,
    vatPercent: 25,
  },
};

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** Reads a country code case-insensitively (`?countryCode=se`), falling back to the default. */
export function countryFromParam(value: string | null | undefined): CountryCode | null {
  const upper = value?.trim().toUpperCase();
  return isCountryCode(upper) ? upper : null;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the best supported language from an Accept-Language header. `no` and `nn` are read as
 * bokmål, the only written Norwegian the portal offers.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'no' || primary === 'nn' || primary === 'nb') return 'nb';
    if (isLanguage(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}
