import { describe, expect, it } from 'vitest';
import { isPageData, pageLanguage } from './page-data';

describe('a page’s language', () => {
  it('the choice in the menu, else the address’s country, else the application’s, else the tab’s last, else Norwegian', () => {
    expect(pageLanguage({ chosen: 'en', countryParam: 'SE', applicationCountry: 'NO', rememberedCountry: 'NO' })).toBe('en');
    expect(pageLanguage({ countryParam: 'SE', applicationCountry: 'NO', rememberedCountry: 'NO' })).toBe('sv');
    expect(pageLanguage({ applicationCountry: 'SE', rememberedCountry: 'NO' })).toBe('sv');
    expect(pageLanguage({ rememberedCountry: 'SE' })).toBe('sv');
    expect(pageLanguage({})).toBe('nb');
  });
});

describe('the data a page was rendered from', () => {
  it('is taken only in its own form', () => {
    const path = '/loan-subscription/form/sign';
    expect(isPageData({ path, language: 'sv', texts: ['apply'], answers: { '/api/x': {} } })).toBe(true);
    const wrong = [
      null,
      [],
      'x',
      { language: 'sv', texts: [], answers: {} },
      { path, language: 'de', texts: [], answers: {} },
      { path, language: 'sv', answers: {} },
      { path, language: 'sv', texts: [1], answers: {} },
      { path, language: 'sv', texts: [], answers: [] },
    ];
    for (const value of wrong) {
      expect(isPageData(value), JSON.stringify(value)).toBe(false);
    }
  });
});
