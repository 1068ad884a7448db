import { describe, expect, it } from 'vitest';
import { classifyLegalLinks, loanFigures, parseLocaleNumber, readCostColumn } from './pricing';

/** Shaped like the example in Resurs' getCostOfPurchaseHtml documentation: no effective-rate row. */
const RESURS_SHAPED_TABLE = `<p>
  <h3 class="headHeader"></h3><br/>
  <span class="headText">Kreditkostnader och månadsbelopp - kredit (SEK): 3600.00<br/></span>
  <table class="priceTable">
    <tr class="oddRow"><td class="header">Kreditbelopp (SEK)</td>${'<td class="content">3600</td>'.repeat(7)}</tr>
    <tr class="evenRow"><td class="header">Betalningsalternativ</td>
      <td class="content">3 MÅN</td><td class="content">6 MÅN</td><td class="content">12 MÅN</td><td class="content">24 MÅN</td>
      <td class="content">36 MÅN</td><td class="content">48 MÅN</td><td class="content">72 MÅN</td></tr>
    <tr class="oddRow"><td class="header">Löptid (mån)</td>
      <td class="content">3</td><td class="content">6</td><td class="content">12</td><td class="content">24</td>
      <td class="content">36</td><td class="content">48</td><td class="content">72</td></tr>
    <tr class="evenRow"><td class="header">Kreditränta [rörlig årsränta] (%)</td>
      <td class="content">0,00</td><td class="content">0,00</td><td class="content">0,00</td><td class="content">0,00</td>
      <td class="content">9,7</td><td class="content">16,72</td><td class="content">17,96</td></tr>
    <tr class="oddRow"><td class="header">Administrations- avgift (SEK/månad)</td>${'<td class="content">29</td>'.repeat(7)}</tr>
    <tr class="evenRow"><td class="header">Uppläggningsavgift*    (SEK)</td>${'<td class="content">0,00</td>'.repeat(7)}</tr>
    <tr class="oddRow"><td class="header">Ordinarie månadsbelopp** (SEK)</td>${'<td class="content">1&nbsp;229</td>'.repeat(7)}</tr>
  </table>
  <p><span class="tailText">*Ev. Uppläggningsavgift betalas månaden efter val.</span></p>`;

describe('Resurs v1 pricing', () => {
  it('reads numbers as Resurs prints them in Nordic and English locales', () => {
    expect(parseLocaleNumber('1\u00a0229,50')).toBe(1229.5);
    expect(parseLocaleNumber('15 000')).toBe(15000);
    expect(parseLocaleNumber('12,9')).toBe(12.9);
    expect(parseLocaleNumber('1,229.50')).toBe(1229.5);
    expect(parseLocaleNumber('\u22123')).toBe(-3);
    expect(parseLocaleNumber('9,95 %')).toBe(9.95);
    expect(parseLocaleNumber('36 MÅN')).toBeNull();
  });

  it("reads the period's column of a table shaped like Resurs' own", () => {
    // "Administrations- avgift" is split in Resurs' own example; the words still find it.
    expect(readCostColumn(RESURS_SHAPED_TABLE, 36)).toEqual({ ok: true, column: { nominalRate: 9.7, effectiveRate: null, monthlyFee: 29, setupFee: 0 } });
    expect(readCostColumn(RESURS_SHAPED_TABLE, 48)).toEqual({ ok: true, column: { nominalRate: 16.72, effectiveRate: null, monthlyFee: 29, setupFee: 0 } });
  });

  it('says where a table cannot be read: no row of plans, no column for the period, no nominal rate', () => {
    expect(readCostColumn('<p>no table</p>', 36)).toEqual({ ok: false, path: ['priceTable', 'durations'] });
    expect(readCostColumn(RESURS_SHAPED_TABLE, 37)).toEqual({ ok: false, path: ['priceTable', '37 months'] });
    const withoutRate = RESURS_SHAPED_TABLE.replace('Kreditränta [rörlig årsränta] (%)', 'Något annat');
    expect(readCostColumn(withoutRate, 36)).toEqual({ ok: false, path: ['priceTable', 'nominalRate', '36 months'] });
  });

  it('computes the effective rate with the directive formula when the table has none', () => {
    const column = { nominalRate: 9.7, effectiveRate: null, monthlyFee: 29, setupFee: 0 };
    expect(loanFigures({ amount: 3600, period: 36, factor: 0.0321265224, column })).toEqual({
      interestRate: 9.7,
      effectiveInterestRate: 29.08,
      totalMonthlyPayment: 144.66,
      cost: 1607.76,
    });
    // A rate Resurs prints wins over our own computation.
    expect(loanFigures({ amount: 3600, period: 36, factor: 0.0321265224, column: { ...column, effectiveRate: 28.5 } }).effectiveInterestRate).toBe(28.5);
  });

  it('sorts legal links into SECCI, general terms and price information, appending the price as an integer where Resurs says so', () => {
    const links = classifyLegalLinks(
      [
        { appendPriceLast: false, endUserDescription: 'Allmänna villkor', url: 'https://test.resurs.com/documenthandler/Dokument.pdf?customerType=natural&docType=commonTerms&land=SE' },
        { appendPriceLast: true, endUserDescription: 'Standardiserad europeisk konsumentkreditinformation (SEKKI)', url: 'https://test.resurs.com/sekki-mock/sekki?countryCode=SE&amount=' },
        { appendPriceLast: true, endUserDescription: 'Prisinformation', url: 'https://test.resurs.com/priceinfo-mock/prisskyltning.html?countryCode=SE&creditAmount=' },
      ],
      // "The amount is an integer!": SEK 3599.90 completes the address with 3600.
      3599.9,
    );
    expect(links).toEqual({
      secciLinks: [{ label: 'Standardiserad europeisk konsumentkreditinformation (SEKKI)', url: 'https://test.resurs.com/sekki-mock/sekki?countryCode=SE&amount=3600' }],
      generalTermsLinks: [{ label: 'Allmänna villkor', url: 'https://test.resurs.com/documenthandler/Dokument.pdf?customerType=natural&docType=commonTerms&land=SE' }],
      priceInfoLinks: [{ label: 'Prisinformation', url: 'https://test.resurs.com/priceinfo-mock/prisskyltning.html?countryCode=SE&creditAmount=3600' }],
    });
  });
});
