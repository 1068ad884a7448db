import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { flattenCatalog, SHARED_MESSAGES } from '../messages';
import { LANGUAGES } from '../countries';

/** The web app's catalogues, beside the shared ones: every text of the product in one check. */
const webDir = fileURLToPath(new URL('../../../web/src/locales/', import.meta.url));
const web = Object.fromEntries(
  readdirSync(webDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace('.json', ''), flattenCatalog(JSON.parse(readFileSync(`${webDir}${f}`, 'utf8')))]),
) as Record<string, Record<string, string>>;

const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [language, { ...flattenCatalog(SHARED_MESSAGES[language]), ...(web[language] ?? {}) }]),
);

const placeholders = (message: string): string[] =>
  [...message.matchAll(/\{\s*(\w+)/g)].map((m) => m[1] ?? '').sort();

describe('translation catalogues', () => {
  it('exist for English, Swedish and Norwegian bokmål and nothing else', () => {
    expect(Object.keys(web).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('give %s every key that English has, and no others', (language) => {
    expect(Object.keys(catalogues[language] ?? {}).sort()).toEqual(Object.keys(catalogues.en ?? {}).sort());
  });

  it.each(LANGUAGES)('have no empty %s messages, and each compiles as ICU MessageFormat', (language) => {
    for (const [key, message] of Object.entries(catalogues[language] ?? {})) {
      expect(message.trim(), key).not.toBe('');
      expect(() => compileMessage(message), key).not.toThrow();
    }
  });

  it.each(['sv', 'nb'] as const)('use in %s the same placeholders as in English', (language) => {
    for (const [key, message] of Object.entries(catalogues.en ?? {})) {
      expect(placeholders(catalogues[language]?.[key] ?? ''), key).toEqual(placeholders(message));
    }
  });
});
