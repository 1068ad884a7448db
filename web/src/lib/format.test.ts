import { describe, expect, it } from 'vitest';
import { formatDate, formatInterest, formatMoney, formatNumber } from './format';

// Intl separates groups and units with no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('format (spec sections 1 and 9)', () => {
  it('writes money with two decimals in the currency and the language', () => {
    expect(plain(formatMoney(15000, 'NOK', 'nb'))).toBe('15 000,00 kr');
    expect(plain(formatMoney(1234567.5, 'SEK', 'sv'))).toBe('1 234 567,50 kr');
    expect(plain(formatMoney(15000, 'NOK', 'en'))).toBe('NOK 15,000.00');
    expect(plain(formatMoney(99.999, 'SEK', 'en'))).toBe('SEK 100.00');
  });

  it('writes another country’s kroner by their code, as Nordic readers do (never “Nkr”)', () => {
    expect(plain(formatMoney(15000, 'NOK', 'sv'))).toBe('15 000,00 NOK');
    expect(plain(formatMoney(15000, 'SEK', 'nb'))).toBe('15 000,00 SEK');
  });

  it('writes interest given in percent with two decimals and %', () => {
    expect(plain(formatInterest(12.9, 'nb'))).toBe('12,90 %');
    expect(plain(formatInterest(12.9, 'sv'))).toBe('12,90 %');
    expect(formatInterest(7.456, 'en')).toBe('7.46%');
  });

  it('writes numbers with the language’s grouping', () => {
    expect(plain(formatNumber(1234567.891, 'nb', 2))).toBe('1 234 567,89');
    expect(formatNumber(36, 'en')).toBe('36');
  });

  it('writes a calendar date as that day in every time zone, day before month in English', () => {
    expect(formatDate('2026-11-21', 'nb')).toBe('21.11.2026');
    expect(formatDate('2026-11-21', 'sv')).toBe('2026-11-21');
    expect(formatDate('2026-11-21', 'en')).toBe('21/11/2026');
    expect(formatDate('2026-01-05', 'nb', 'long')).toBe('5. januar 2026');
    expect(formatDate(new Date(2026, 4, 17), 'sv', 'long')).toBe('17 maj 2026');
  });
});
