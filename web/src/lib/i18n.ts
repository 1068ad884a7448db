/**
 * English (fallback), Swedish and Norwegian bokmål with Lingui. Catalogues are compiled at build
 * time (see lingui-catalogs.ts) and loaded per language, so a visit carries one language.
 */
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  type CountryCode,
  countryFromParam,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  pageLanguage,
  SPA_BASE,
  type SharedCatalogue,
} from '@portal/domain';
import type { WebCatalogue } from '../locales';
import { loaders } from 'virtual:messages/loaders';
import { setApiLanguage } from './api-client';
import { tabStorage } from './tab-storage';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every message id of the app: a typo is a type error, a missing translation a failing test. */
export type MessageKey = Leaves<WebCatalogue> | Leaves<SharedCatalogue>;
export type MessageValues = Record<string, string | number>;

/** A page's own texts, loaded with the page; the shell's (app, pages) come with the app. */
export type Namespace = Exclude<keyof WebCatalogue, 'app' | 'pages'>;

// The groups of messages this visit needs; a language change loads them all in that language.
const groups = new Set<string>(['base']);

async function messagesOf(language: Language, wanted: Iterable<string>): Promise<Messages> {
  const loaded = await Promise.all(
    [...wanted].map(async (group) => {
      const load = loaders[language]?.[group];
      if (!load) throw new Error(`No messages ${language}/${group}`);
      return (await load()).messages;
    }),
  );
  return Object.assign({}, ...loaded) as Messages;
}

/** Loads a language's messages and makes it the language of the texts, `<html lang>` and the API. */
export async function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale !== language) {
    i18n.loadAndActivate({ locale: language, messages: await messagesOf(language, groups) });
  }
  // Rendering on the server (ADR 26), the page's <html lang> is written with the markup.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  setApiLanguage(language);
}

/** Loads the texts of pages' namespaces in the current language (a page calls it as it loads). */
export async function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !groups.has(namespace));
  if (missing.length === 0) return;
  for (const namespace of missing) groups.add(namespace);
  const language = isLanguage(i18n.locale) ? i18n.locale : null;
  if (language) i18n.load(language, await messagesOf(language, missing));
}

/**
 * Loads the groups of texts a page the server rendered was rendered with (ADR 26), before the app
 * takes the page over: loading them later would change the texts under the page as it is taken
 * over, and React would then render it afresh. Names this build does not know are left out.
 */
export async function loadRenderedTexts(names: readonly string[]): Promise<void> {
  const language = isLanguage(i18n.locale) ? i18n.locale : null;
  const known = language ? names.filter((name): name is Namespace => name !== 'base' && Object.hasOwn(loaders[language] ?? {}, name)) : [];
  await loadNamespaces(...known);
}

const CHOSEN_KEY = 'portal.language';

/** Rendering on the server (ADR 26): the choice the request's cookie names, for the render under way. */
let renderedChoice: Language | null = null;
export function setRenderedChoice(language: Language | null): void {
  renderedChoice = language;
}

/**
 * The person's own choice from the language menu: this tab's, else the browser session's (its
 * cookie, which the server renders pages by). On the server, the request's.
 */
export function chosenLanguage(): Language | null {
  if (typeof window === 'undefined') return renderedChoice;
  try {
    const value = tabStorage()?.getItem(CHOSEN_KEY);
    if (isLanguage(value)) return value;
  } catch {
    // Storage may be off: the cookie may still say.
  }
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return isLanguage(cookie) ? cookie : null;
}

/**
 * A language menu's choice, for this tab. `renderedPages`: also for the customer app's pages the
 * server renders (ADR 26), for the browser session, by cookie; the back office's menu changes the
 * console only.
 */
export async function chooseLanguage(language: Language, { renderedPages }: { renderedPages: boolean }): Promise<void> {
  try {
    tabStorage()?.setItem(CHOSEN_KEY, language);
  } catch {
    // Storage may be off; the choice then lasts until the page reloads.
  }
  // This app's pages only.
  if (renderedPages) document.cookie = `${LANGUAGE_COOKIE}=${language}; path=${SPA_BASE}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  await activateLanguage(language);
}

const COUNTRY_KEY = 'portal.applicationCountry';

/**
 * The country of the application this tab last showed. A provider sends the customer back to a
 * page whose address names no country (the waiting page, the signing failure page): without it
 * the first paint would be in the default country's language, then switch once the application
 * has loaded.
 */
function rememberedCountry(): CountryCode | null {
  try {
    return countryFromParam(tabStorage()?.getItem(COUNTRY_KEY) ?? null);
  } catch {
    return null;
  }
}

function rememberCountry(country: CountryCode): void {
  try {
    tabStorage()?.setItem(COUNTRY_KEY, country);
  } catch {
    // Storage may be off: a later page then starts in the default language until it knows better.
  }
}

/**
 * The page's language (domain's `pageLanguage`): the person's choice, else the countryCode query
 * parameter, else the application's country (remembered for the tab, so the next page starts in
 * it), else the default country.
 */
export function pickLanguage(search: string, applicationCountry?: CountryCode | null): Language {
  if (applicationCountry) rememberCountry(applicationCountry);
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  const countryParam = countryFromParam(new URLSearchParams(search).get('countryCode'));
  return pageLanguage({ countryParam, applicationCountry, rememberedCountry: rememberedCountry() });
}

/** `t(key, values)` in the active language; re-renders when the language changes. */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const { _ } = useLingui();
  return (key, values) => _(key, values);
}

export { i18n };
