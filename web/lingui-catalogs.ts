/**
 * The web app's catalogues (src/locales/<lang>/<namespace>.json, message ids
 * `<namespace>.<key>`) and the one shared with the server (domain/src/locales/<lang>.json),
 * compiled from ICU MessageFormat by Lingui's own compiler at build time. The browser carries
 * Lingui's small runtime and, per visit, one language's messages: the shell's with the app, each
 * page's with the page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;
const LANGUAGES = ['en', 'sv', 'nb'];
/** Loaded with the app: the shell's namespaces and the catalogue shared with the server. */
export const BASE_NAMESPACES = ['app', 'pages'];
const BASE = 'base';

const localesDir = fileURLToPath(new URL('./src/locales/', import.meta.url));
const sharedFile = (language: string) => fileURLToPath(new URL(`../domain/src/locales/${language}.json`, import.meta.url));
const namespaces = (): string[] =>
  readdirSync(`${localesDir}en`)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length));

type Nested = { [key: string]: string | Nested };
function flatten(catalogue: Nested, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/** The files of a group (`base` or one namespace) for a language, with their id prefixes. */
function sources(language: string, group: string): { file: string; prefix: string }[] {
  const names = group === BASE ? BASE_NAMESPACES : [group];
  return [
    ...names.map((name) => ({ file: `${localesDir}${language}/${name}.json`, prefix: `${name}.` })),
    ...(group === BASE ? [{ file: sharedFile(language), prefix: '' }] : []),
  ];
}

function load(language: string, group: string, watch: (file: string) => void): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const { file, prefix } of sources(language, group)) {
    watch(file);
    Object.assign(messages, flatten(JSON.parse(readFileSync(file, 'utf8')) as Nested, prefix));
  }
  return messages;
}

/**
 * `virtual:messages/<lang>/<group>`: one group's messages for one language, English underneath
 * as the fallback, compiled. `virtual:messages/loaders`: a loader per language and group, so the
 * browser fetches the shell's texts with the app and each page's texts with the page.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: 'portal:lingui-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const rest = id.slice(RESOLVED.length);
      const groups = [BASE, ...namespaces().filter((name) => !BASE_NAMESPACES.includes(name))];
      if (rest === 'loaders') {
        const entries = LANGUAGES.map(
          (language) =>
            `${JSON.stringify(language)}: {${groups.map((group) => `${JSON.stringify(group)}: () => import(${JSON.stringify(`${PREFIX}${language}/${group}`)})`).join(', ')}}`,
        );
        return `export const loaders = {${entries.join(', ')}};`;
      }
      // `virtual:messages/<lang>` alone is every group at once (tests render any page).
      const [language = '', group] = rest.split('/');
      const wanted = group === undefined ? groups : [group];
      if (!LANGUAGES.includes(language) || !wanted.every((g) => groups.includes(g))) this.error(`Unknown catalogue ${rest}`);
      const watch = (file: string) => this.addWatchFile(file);
      const messages = Object.assign({}, ...wanted.flatMap((g) => [load('en', g, watch), load(language, g, watch)])) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessage(text)]));
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
