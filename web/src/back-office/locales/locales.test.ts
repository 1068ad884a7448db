import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { flattenCatalog } from '@portal/domain';
import en from './en.json';
import nb from './nb.json';
import sv from './sv.json';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

describe('the console\u2019s texts', () => {
  const english = flattenCatalog(en);
  for (const [language, catalogue] of [['sv', sv], ['nb', nb]] as const) {
    it(`exist in ${language} for every English key, with the same placeholders, and compile`, () => {
      const translated = flattenCatalog(catalogue);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(translated)) {
        expect(placeholders(message), key).toEqual(placeholders(english[key] ?? ''));
        expect(() => compileMessage(message), key).not.toThrow();
      }
    });
  }
});
