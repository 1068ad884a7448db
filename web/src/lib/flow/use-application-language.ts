import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { CountryCode } from '@portal/domain';
import { activateLanguage, i18n, pickLanguage } from '@/lib/i18n';

/**
 * The flow's later pages are often opened by a provider's redirect, a fresh page load that knows
 * no country: the language then follows the application's country (unless the person chose one
 * or the address names one), as on the apply screen. Answers whether it is in place: at once
 * when it already is (a page the server rendered in it, ADR 26), else once it has loaded.
 */
export function useApplicationLanguage(country: CountryCode | undefined): boolean {
  const search = useSearch();
  const key = country ? `${country}?${search}` : null;
  const [readyFor, setReadyFor] = useState<string | null>(() => (country && pickLanguage(search, country) === i18n.locale ? key : null));
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
