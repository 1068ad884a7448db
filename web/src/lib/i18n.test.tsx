import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApplicationLanguage } from '@/lib/flow/use-application-language';
import { chooseLanguage, i18n, pickLanguage } from './i18n';

// What main.tsx does before the first paint: pick the language from the address and the tab.
const firstPaintLanguage = (search: string) => pickLanguage(search);

describe('the language of the first paint', () => {
  beforeEach(() => sessionStorage.clear());

  it('a page opened anew without a country (a provider’s redirect) starts in the language of the tab’s Swedish application', async () => {
    const { result } = renderHook(() => useApplicationLanguage('SE'));
    await waitFor(() => expect(result.current).toBe(true));
    expect(i18n.locale).toBe('sv');
    // The provider sends the customer back to /form/payment/loading/…: no countryCode.
    expect(firstPaintLanguage('')).toBe('sv');
  });

  it('a new tab with nothing to go by starts in the default country’s language', () => {
    expect(firstPaintLanguage('')).toBe('nb');
  });

  it('the address’s countryCode and the person’s own choice still come first', async () => {
    renderHook(() => useApplicationLanguage('SE'));
    expect(firstPaintLanguage('?countryCode=NO')).toBe('nb');
    await chooseLanguage('en', { renderedPages: true });
    expect(firstPaintLanguage('')).toBe('en');
  });
});
