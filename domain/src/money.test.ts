import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, type Currency, type Language } from './countries';
import { LANGUAGE_LOCALES, moneyFormatOptions, netOfVat, vatOfGross, vatOnNet, vatPercentOf } from './money';

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

describe('VAT, in percent everywhere', () => {
  it('is each country’s standard rate as a percent, not a fraction', () => {
    for (const country of COUNTRY_CODES) {
      expect(vatPercentOf(country)).toBe(25);
      expect(COUNTRIES[country].vatPercent).toBeGreaterThan(1);
    }
  });

  it('takes a price including VAT apart into net and VAT, to the øre', () => {
    expect(netOfVat(1250, 25)).toBe(1000);
    expect(vatOfGross(1250, 25)).toBe(250);
    expect(netOfVat(999, 25)).toBe(799.2);
    expect(vatOfGross(999, 25)).toBe(199.8);
    expect(vatOnNet(799.2, 25)).toBe(199.8);
  });

  it('adds back up: net plus the VAT on it is the gross price within an øre', () => {
    for (const gross of [1, 9.99, 123.45, 15_000, 29_999.9]) {
      const net = netOfVat(gross, 25);
      expect(Math.abs(net + vatOnNet(net, 25) - gross)).toBeLessThanOrEqual(0.01);
    }
  });
});
