/**
 * The console's texts: its own catalogue (locales/<lang>.json, ids `bo.<key>`), loaded per
 * language on top of the shared base the design-system components speak (`@/lib/i18n`). The
 * console's messages are compiled in the browser (Lingui's compiler ships in this bundle only,
 * never in the customers' app).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { useLingui } from '@lingui/react';
import { flattenCatalog, isLanguage, type Language, languageFromAcceptLanguage } from '@portal/domain';
import { activateLanguage, chosenLanguage, chooseLanguage, i18n } from '@/lib/i18n';
import type en from './locales/en.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type BoKey = Leaves<typeof en>;
export type BoValues = Record<string, string | number>;

const catalogues: Record<Language, () => Promise<{ default: typeof en }>> = {
  en: () => import('./locales/en.json'),
  sv: () => import('./locales/sv.json'),
  nb: () => import('./locales/nb.json'),
};

async function consoleMessages(language: Language): Promise<Record<string, ReturnType<typeof compileMessage>>> {
  const flat = flattenCatalog((await catalogues[language]()).default, 'bo.');
  return Object.fromEntries(Object.entries(flat).map(([id, message]) => [id, compileMessage(message)]));
}

/** The operator's own choice, else the browser's languages. */
export function initialLanguage(): Language {
  return chosenLanguage() ?? languageFromAcceptLanguage(navigator.languages.join(','));
}

export async function loadLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  i18n.load(language, await consoleMessages(language));
  // Activating again tells the components the console's texts are there.
  i18n.activate(language);
  document.title = i18n._('bo.title');
}

export async function switchLanguage(language: Language): Promise<void> {
  await chooseLanguage(language, { renderedPages: false });
  await loadLanguage(language);
}

export function useBoT(): (key: BoKey, values?: BoValues) => string {
  const { _ } = useLingui();
  return (key, values) => _(`bo.${key}`, values);
}

export function useLocale(): Language {
  const { i18n: current } = useLingui();
  return isLanguage(current.locale) ? current.locale : 'en';
}
