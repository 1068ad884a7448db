/**
 * Serves `virtual:messages/<lang>`: the web app's catalogue (src/locales/<lang>.json) merged
 * with the one shared with the server (domain/src/locales/<lang>.json), English underneath as
 * the fallback, every message compiled from ICU MessageFormat by Lingui's own compiler at build
 * time. The browser then carries Lingui's small runtime and one language's compiled messages.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;
const LANGUAGES = ['en', 'sv', 'nb'];
const sources = (language: string) => [
  fileURLToPath(new URL(`./src/locales/${language}.json`, import.meta.url)),
  fileURLToPath(new URL(`../domain/src/locales/${language}.json`, import.meta.url)),
];

type Nested = { [key: string]: string | Nested };
function flatten(catalogue: Nested, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

function load(language: string, watch: (file: string) => void): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const file of sources(language)) {
    watch(file);
    Object.assign(messages, flatten(JSON.parse(readFileSync(file, 'utf8')) as Nested));
  }
  return messages;
}

export function linguiCatalogs(): Plugin {
  return {
    name: 'portal:lingui-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const language = id.slice(RESOLVED.length);
      if (!LANGUAGES.includes(language)) this.error(`Unknown language ${language}`);
      const watch = (file: string) => this.addWatchFile(file);
      const messages = { ...load('en', watch), ...load(language, watch) };
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessage(text)]));
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
