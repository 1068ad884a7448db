/**
 * Texts shared by the server and the web app: validation messages and the error catalogue
 * (`ERRORS.*`), in ICU MessageFormat. Both sides load them into Lingui; the web app merges them
 * with its own catalogue so both show the same words.
 */
import en from './locales/en.json';
import nb from './locales/nb.json';
import sv from './locales/sv.json';
import type { Language } from './countries';

export type SharedCatalogue = typeof en;
export const SHARED_MESSAGES: Readonly<Record<Language, SharedCatalogue>> = { en, sv, nb };

export type ValidationMessageKey = keyof SharedCatalogue['validation'];
export const VALIDATION_PREFIX = 'validation.';

/** A validation message as it travels inside a zod issue: `validation.<key>`. */
export function validationKey(key: ValidationMessageKey): string {
  return `${VALIDATION_PREFIX}${key}`;
}

type Nested = { readonly [key: string]: string | Nested };

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`: the message ids Lingui works with. */
export function flattenCatalog(catalogue: Nested, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else Object.assign(out, flattenCatalog(value, `${prefix}${key}.`));
  }
  return out;
}
