import { COUNTRIES, type CountryCode, DEFAULT_COUNTRY, isLanguage, type Language } from './countries';

/**
 * A page the server renders carries what it was rendered from (ADR 26): the language and the API
 * answers the page's first render used, keyed by their URL, in
 * `<script type="application/json" id="portal-page-data">`. The app starts from them, so its
 * first render matches the markup and takes it over (hydration) instead of asking again first.
 */
export const PAGE_DATA_ID = 'portal-page-data';

export interface PageData {
  /** The address's path the page was rendered for: its answers are of that page's visit. */
  path: string;
  language: Language;
  /** The groups of texts the page was rendered with, beyond the app's own (its namespaces). */
  texts: string[];
  /** API answers (2xx bodies) by the URL the app asks them at. */
  answers: Record<string, unknown>;
}

export function isPageData(value: unknown): value is PageData {
  if (typeof value !== 'object' || value === null) return false;
  const { path, language, texts, answers } = value as Partial<PageData>;
  return (
    typeof path === 'string' &&
    isLanguage(language) &&
    Array.isArray(texts) &&
    texts.every((group) => typeof group === 'string') &&
    typeof answers === 'object' &&
    answers !== null &&
    !Array.isArray(answers)
  );
}

/**
 * The language menu's choice, also kept in a cookie for the browser session, so a page the
 * server renders is in it from the first paint (the app keeps the choice per tab as well).
 */
export const LANGUAGE_COOKIE = 'portal_language';

export interface LanguageClues {
  /** The person's choice in the language menu. */
  chosen?: Language | null;
  /** The address's `countryCode`. */
  countryParam?: CountryCode | null;
  /** The country of the application the page shows. */
  applicationCountry?: CountryCode | null;
  /** The country of the application this tab showed last. */
  rememberedCountry?: CountryCode | null;
}

/**
 * A page's language: the person's choice, else the countryCode of the address, else the
 * application's country, else the one this tab last showed, else the default country's. The app
 * and the server's rendering of its pages both go by it.
 */
export function pageLanguage({ chosen, countryParam, applicationCountry, rememberedCountry }: LanguageClues): Language {
  if (chosen) return chosen;
  return COUNTRIES[countryParam ?? applicationCountry ?? rememberedCountry ?? DEFAULT_COUNTRY].language;
}
