/**
 * The server's words: the catalogues shared with the web app, through the same i18n library
 * (Lingui) and message syntax (ICU). Used for error messages in the caller's language.
 */
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  type ErrorCode,
  FALLBACK_LANGUAGE,
  flattenCatalog,
  type Language,
  LANGUAGES,
  SHARED_MESSAGES,
} from '@portal/domain';
import serverEn from '../locales/en.json';
import serverNb from '../locales/nb.json';
import serverSv from '../locales/sv.json';

interface Catalogue {
  ids: Readonly<Record<string, string>>;
  i18n: I18n;
}


/** The server's own texts (consents), beside the shared catalogue; one file per language. */
const SERVER_MESSAGES: Record<Language, typeof serverEn> = { en: serverEn, sv: serverSv, nb: serverNb };

const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => {
    const ids = { ...flattenCatalog(SHARED_MESSAGES[language]), ...flattenCatalog(SERVER_MESSAGES[language]) };
    const i18n = setupI18n({ locale: language, messages: { [language]: ids } });
    i18n.setMessagesCompiler(compileMessage);
    return [language, { ids, i18n }];
  }),
) as Record<Language, Catalogue>;

/** A message id (e.g. `validation.required`) in the language, or the text itself when it is no id. */
export function translate(language: Language, id: string, values?: Record<string, string | number>): string {
  const catalogue = id in catalogues[language].ids ? catalogues[language] : catalogues[FALLBACK_LANGUAGE];
  return id in catalogue.ids ? catalogue.i18n._(id, values) : id;
}

const GENERIC_CODES: readonly (ErrorCode | undefined)[] = [undefined, 'REQUEST_ERROR', 'UNKNOWN'];

/**
 * The public text of an error: its code's text, except that a generic code on a status with a
 * text of its own (403, 404, 409, 500 …) says what the status means.
 */
export function errorText(language: Language, code: ErrorCode | undefined, status: number): string {
  const known = (id: string) => id in catalogues[FALLBACK_LANGUAGE].ids;
  const order = GENERIC_CODES.includes(code) && status !== 400 ? [`ERRORS.${status}`, `ERRORS.${code}`] : [`ERRORS.${code}`, `ERRORS.${status}`];
  return translate(language, order.find(known) ?? 'ERRORS.DEFAULT');
}
