import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { CountryCode } from '@portal/domain';
import { activateLanguage, i18n, pickLanguage } from '@/lib/i18n';

/**
 * The customer's own pages speak the language of the application's country, unless the person
 * chose one or the address names one (as lib/flow/use-application-language.ts does for the flow's
 * pages, whose chunk these pages would otherwise download for this alone: vite.config.ts, FLOW).
 * Answers whether it is in place; with no country yet, the first paint's language stays.
 */
export function useCountryLanguage(country: CountryCode | undefined): boolean {
  const search = useSearch();
  const wanted = country ? pickLanguage(search, country) : null;
  const [active, setActive] = useState(i18n.locale);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void activateLanguage(wanted).then(() => {
      if (current) setActive(wanted);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return wanted === null || active === wanted;
}
