import { afterEach, describe, expect, it } from 'vitest';
import { WEB_CATALOGUE_EN } from '@/locales';
import { activateLanguage, i18n } from '@/lib/i18n';
import { PAGE_NAMESPACES } from './test-render';

/** The first message id of a namespace (nested objects followed), e.g. `key-facts.title`. */
function firstId(prefix: string, node: unknown): string {
  if (typeof node === 'string') return prefix;
  const [key, child] = Object.entries(node as Record<string, unknown>)[0] ?? [];
  if (key === undefined) throw new Error(`${prefix} is empty`);
  return firstId(`${prefix}.${key}`, child);
}

afterEach(() => activateLanguage('en'));

// The test files of a worker share the app's modules (vitest.config.ts): a file that switches the
// language and back leaves English loaded with only the namespaces counted as loaded. A page test
// after it then saw message ids in place of its texts (key-facts.test.tsx, on CI).
describe('the texts every page test renders with', () => {
  it('counts every page namespace of the catalogue as loaded', () => {
    expect([...PAGE_NAMESPACES, 'app', 'pages'].sort()).toEqual(Object.keys(WEB_CATALOGUE_EN).sort());
  });

  it('has every namespace in English again after a test switched to Swedish and back', async () => {
    await activateLanguage('sv');
    await activateLanguage('en');
    for (const [namespace, texts] of Object.entries(WEB_CATALOGUE_EN)) {
      const id = firstId(namespace, texts);
      expect(i18n._(id), id).not.toBe(id);
    }
  });
});
