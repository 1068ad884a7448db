import { describe, expect, it } from 'vitest';

/**
 * No text of the portal presents credit as quick or easy (CCD2 Art. 8(8); Sweden: måttfullhet,
 * KkrL and Konsumentverket; Norway: finansavtaleforskriften, carried over from the old
 * forskrift om markedsføring av kreditt §§ 4–5; ADR 34). How long a step takes may be said in
 * neutral process text ("can take up to 20 minutes"), never with words like these.
 */
const DENIED: Record<string, RegExp> = {
  en: /\b(quick(ly)?|fast|easy|easily|instant(ly)?|hassle-free|effortless(ly)?|simple|simply)\b/i,
  sv: /(?<![\p{L}])(snabb(t|a)?|enkel|enkelt|enkla|smidig(t|a)?|blixtsnabb(t)?|krångelfri(tt)?)(?![\p{L}])/iu,
  nb: /(?<![\p{L}])(rask(t|e)?|kjapp(t|e)?|enkel|enkelt|enkle|lett|lettvint|smidig(t|e)?|umiddelbar(t)?)(?![\p{L}])/iu,
};

/** Every catalogue the customer reads (not the sandbox's, nor the design system's samples). */
const CATALOGUES = import.meta.glob<unknown>('../../../locales/*/*.json', { eager: true, import: 'default' });

function texts(language: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') out.push([path, value]);
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
  };
  for (const [file, catalogue] of Object.entries(CATALOGUES)) {
    const match = /\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (match?.[1] === language && match[2] !== 'sandbox' && match[2] !== 'ds') walk(catalogue, match[2] ?? file);
  }
  return out;
}

describe('no text suggests credit is quick or easy', () => {
  it.each(Object.keys(DENIED))('%s', (language) => {
    const pattern = DENIED[language] ?? /$^/;
    expect(texts(language).length).toBeGreaterThan(100);
    expect(texts(language).filter(([, text]) => pattern.test(text))).toEqual([]);
  });

  it('finds what it looks for', () => {
    expect(DENIED.en?.test('Get credit quickly')).toBe(true);
    expect(DENIED.sv?.test('Ansök enkelt om kredit')).toBe(true);
    expect(DENIED.nb?.test('Raskt svar på lånet')).toBe(true);
    expect(DENIED.nb?.test('Kredittvurderingen kan ta opptil 20 minutter.')).toBe(false);
  });
});
