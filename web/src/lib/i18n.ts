/**
 * English (fallback), Swedish and Norwegian bokmål with Lingui. Catalogues are compiled at build
 * time (see lingui-catalogs.ts) and loaded per language, so a visit carries one language.
 */
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  COUNTRIES,
  type CountryCode,
  countryFromParam,
  DEFAULT_COUNTRY,
  isLanguage,
  type Language,
  type SharedCatalogue,
} from '@portal/domain';
import type { WebCatalogue } from '../locales';
import { setApiLanguage } from './api-client';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every message id of the app: a typo is a type error, a missing translation a failing test. */
export type MessageKey = Leaves<WebCatalogue> | Leaves<SharedCatalogue>;
export type MessageValues = Record<string, string | number>;

const catalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('virtual:messages/en'),
  sv: () => import('virtual:messages/sv'),
  nb: () => import('virtual:messages/nb'),
};

/** Loads a language's messages and makes it the language of the texts, `<html lang>` and the API. */
export async function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale !== language) {
    const { messages } = await catalogues[language]();
    i18n.loadAndActivate({ locale: language, messages });
  }
  document.documentElement.lang = language;
  setApiLanguage(language);
}

const CHOSEN_KEY = 'portal.language';

/** The person's own choice from the language menu, kept for this browser tab. */
export function chosenLanguage(): Language | null {
  try {
    const value = sessionStorage.getItem(CHOSEN_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export async function chooseLanguage(language: Language): Promise<void> {
  try {
    sessionStorage.setItem(CHOSEN_KEY, language);
  } catch {
    // Storage may be off; the choice then lasts until the page reloads.
  }
  await activateLanguage(language);
}

/**
 * The language follows the person's choice, else the countryCode query parameter, else the
 * application's country, else the default country.
 */
export function pickLanguage(search: string, applicationCountry?: CountryCode | null): Language {
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  const fromQuery = countryFromParam(new URLSearchParams(search).get('countryCode'));
  return COUNTRIES[fromQuery ?? applicationCountry ?? DEFAULT_COUNTRY].language;
}

/** `t(key, values)` in the active language; re-renders when the language changes. */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const { _ } = useLingui();
  return (key, values) => _(key, values);
}

export { i18n };
