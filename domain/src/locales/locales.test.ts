import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { flattenCatalog, SHARED_MESSAGES } from '../messages';
import { LANGUAGES } from '../countries';

/**
 * The web app's catalogues (`web/src/locales/<lang>/<namespace>.json`), beside the shared ones:
 * every text of the product in one check.
 */
const webDir = fileURLToPath(new URL('../../../web/src/locales/', import.meta.url));
const web = Object.fromEntries(
  readdirSync(webDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const messages: Record<string, string> = {};
      for (const file of readdirSync(`${webDir}${entry.name}`).filter((f) => f.endsWith('.json'))) {
        const namespace = file.slice(0, -'.json'.length);
        Object.assign(messages, flattenCatalog(JSON.parse(readFileSync(`${webDir}${entry.name}/${file}`, 'utf8')), `${namespace}.`));
      }
      return [entry.name, messages];
    }),
) as Record<string, Record<string, string>>;

/** The server's own texts (consents). */
const serverDir = fileURLToPath(new URL('../../../server/src/locales/', import.meta.url));
const server = (language: string): Record<string, string> =>
  flattenCatalog(JSON.parse(readFileSync(`${serverDir}${language}.json`, 'utf8')));

const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    { ...flattenCatalog(SHARED_MESSAGES[language]), ...(web[language] ?? {}), ...server(language) },
  ]),
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
