/**
 * Serves `virtual:messages/<lang>`: the web app's catalogue (src/locales/<lang>/<namespace>.json,
 * message ids `<namespace>.<key>`) merged
 * with the one shared with the server (domain/src/locales/<lang>.json), English underneath as
 * the fallback, every message compiled from ICU MessageFormat by Lingui's own compiler at build
 * time. The browser then carries Lingui's small runtime and one language's compiled messages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;
const LANGUAGES = ['en', 'sv', 'nb'];
/** Each catalogue file with the prefix its message ids get. */
function sources(language: string): { file: string; prefix: string }[] {
  const dir = fileURLToPath(new URL(`./src/locales/${language}/`, import.meta.url));
  return [
    ...readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ file: `${dir}${name}`, prefix: `${name.slice(0, -'.json'.length)}.` })),
    { file: fileURLToPath(new URL(`../domain/src/locales/${language}.json`, import.meta.url)), prefix: '' },
  ];
}

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
  for (const { file, prefix } of sources(language)) {
    watch(file);
    Object.assign(messages, flatten(JSON.parse(readFileSync(file, 'utf8')) as Nested, prefix));
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
