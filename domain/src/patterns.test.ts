import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, hasUnsafeText, PHONE_PATTERNS, POSTAL_CODE_PATTERNS } from './patterns';
import { optionalText, requiredText } from './schemas/atoms';
import { checkInput } from './schemas/zod';

describe('phone patterns (spec section 5)', () => {
  it.each(['91234567', '+47 91234567', '0047 912 34 567', '+4791234567', '912-34-567', '22334455'])(
    'accepts the Norwegian number %s',
    (value) => expect(PHONE_PATTERNS.NO.test(value)).toBe(true),
  );
  it.each(['12345678', '9123456', '912345678', '+46 91234567', '0191234567', 'phone'])('refuses %s for Norway', (value) =>
    expect(PHONE_PATTERNS.NO.test(value)).toBe(false),
  );
  it.each(['070-123 45 67', '+46 70 123 45 67', '0046701234567', '08-123 456 78', '031 12 34 56', '+46 8 123 456 78'])(
    'accepts the Swedish number %s',
    (value) => expect(PHONE_PATTERNS.SE.test(value)).toBe(true),
  );
  it.each(['70 123 45 67', '+47 91234567', '0701', '+46 0701234567', '07012345678901'])('refuses %s for Sweden', (value) =>
    expect(PHONE_PATTERNS.SE.test(value)).toBe(false),
  );
});

describe('e-mail pattern', () => {
  it.each(['kari@example.com', 'a.b+c@sub.example.no', 'ÅSA@example.se'])('accepts %s', (value) =>
    expect(EMAIL_PATTERN.test(value)).toBe(true),
  );
  it.each(['kari@example', 'kari@example.c', 'kari example@x.no', '@example.com', 'kari@@example.com'])('refuses %s', (value) =>
    expect(EMAIL_PATTERN.test(value)).toBe(false),
  );
});

describe('postal codes', () => {
  it('take four digits in Norway and five, optionally split, in Sweden', () => {
    expect(POSTAL_CODE_PATTERNS.NO.test('0155')).toBe(true);
    expect(POSTAL_CODE_PATTERNS.NO.test('155')).toBe(false);
    expect(POSTAL_CODE_PATTERNS.SE.test('111 51')).toBe(true);
    expect(POSTAL_CODE_PATTERNS.SE.test('11151')).toBe(true);
    expect(POSTAL_CODE_PATTERNS.SE.test('1115')).toBe(false);
  });
});

describe('text no field may hold', () => {
  it.each([['U+0000', 'a\u0000b'], ['a lone high surrogate', 'x\ud800'], ['a lone low surrogate', '\udc00y'], ['two halves the wrong way round', '\udc00\ud800']])(
    'finds %s, and every text atom refuses it',
    (_name, value) => {
      expect(hasUnsafeText(value)).toBe(true);
      expect(checkInput(requiredText(100), value).error?.issues[0]?.message).toBe('validation.invalidCharacters');
      expect(optionalText(100).safeParse(value).success).toBe(false);
    },
  );
  it.each(['Kari Nordmann', 'Bjørn Ærø', 'emoji \ud83d\ude42 is a pair', ''])('lets %s through', (value) => expect(hasUnsafeText(value)).toBe(false));
});
