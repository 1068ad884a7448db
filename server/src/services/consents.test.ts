import { describe, expect, it } from 'vitest';
import { consentView } from './consents';

describe('the leasing terms consent', () => {
  it.each([
    ['NO', 'nb', 'https://www.grenke.no/'],
    ['SE', 'sv', 'https://www.grenke.se/'],
  ] as const)("links GRENKE's terms of the application's country (%s)", (countryCode, language, link) => {
    const view = consentView('LEASING_TERMS_CONSENT', { countryCode }, language);
    expect(view.files).toEqual([expect.objectContaining({ link })]);
    expect(view.text).toContain(`href="${link}"`);
  });
});
