import { describe, expect, it } from 'vitest';
import type { Currency, Language } from './countries';
import { LANGUAGE_LOCALES, moneyFormatOptions } from './money';

const format = (amount: number, currency: Currency, language: Language) =>
  new Intl.NumberFormat(LANGUAGE_LOCALES[language], { ...moneyFormatOptions(currency, language), minimumFractionDigits: 2 })
    .format(amount)
    .replace(/[\u00a0\u202f]/g, ' ');

describe('money as each language writes it', () => {
  it('writes a country’s own currency in its own language as kr', () => {
    expect(format(15000, 'NOK', 'nb')).toBe('15 000,00 kr');
    expect(format(15000, 'SEK', 'sv')).toBe('15 000,00 kr');
  });

  it('names any other currency by its code, never “Nkr”', () => {
    expect(format(15000, 'NOK', 'sv')).toBe('15 000,00 NOK');
    expect(format(15000, 'SEK', 'nb')).toBe('15 000,00 SEK');
    expect(format(15000, 'NOK', 'en')).toBe('NOK 15,000.00');
    expect(format(15000, 'SEK', 'en')).toBe('SEK 15,000.00');
  });
});
