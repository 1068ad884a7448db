import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { CountryCode } from '@portal/domain';
import { activateLanguage, pickLanguage } from '@/lib/i18n';

/**
 * The flow's later pages are often opened by a provider's redirect, a fresh page load that knows
 * no country: the language then follows the application's country (unless the person chose one
 * or the address names one), as on the apply screen. Answers whether it is in place.
 */
export function useApplicationLanguage(country: CountryCode | undefined): boolean {
  const search = useSearch();
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const key = country ? `${country}?${search}` : null;
  useEffect(() => {
    if (!country || !key) return;
    let active = true;
    void activateLanguage(pickLanguage(search, country)).then(() => {
      if (active) setReadyFor(key);
    });
    return () => {
      active = false;
    };
  }, [country, search, key]);
  return key !== null && readyFor === key;
}
