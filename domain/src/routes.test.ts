import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries';
import { leasingTermsUrl } from './routes';

describe('leasingTermsUrl', () => {
  it("links GRENKE's site of the application's own country", () => {
    expect(new URL(leasingTermsUrl('NO')).hostname).toBe('www.grenke.no');
    expect(new URL(leasingTermsUrl('SE')).hostname).toBe('www.grenke.se');
  });

  it('is an https address for every country', () => {
    for (const country of COUNTRY_CODES) expect(new URL(leasingTermsUrl(country)).protocol).toBe('https:');
  });
});
