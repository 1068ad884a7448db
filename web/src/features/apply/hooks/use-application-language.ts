import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { CountryCode } from '@portal/domain';
import { activateLanguage, pickLanguage } from '@/lib/i18n';

/**
 * The UI language of an application's screen: the person's choice, else the countryCode of the
 * address, else the application's country. True once that language is active. The server writes
 * the consent texts in the language of the request, so they are fetched again (`refresh`) when
 * the language changes, keeping what the customer has filled in. Ready at once when the language
 * is in place already (a page the server rendered in it, ADR 26).
 */
export function useApplicationLanguage(country: CountryCode | undefined, refresh: () => void): boolean {
  const search = useSearch();
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [ready, setReady] = useState(() => country !== undefined && pickLanguage(search, country) === locale);
  const loadedIn = useRef(locale);
  const refreshRef = useRef(refresh);

  useEffect(() => {
    refreshRef.current = refresh;
  });

  useEffect(() => {
    if (!country) return;
    let active = true;
    void activateLanguage(pickLanguage(search, country)).then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, [country, search]);

  useEffect(() => {
    if (!country || loadedIn.current === locale) return;
    loadedIn.current = locale;
    refreshRef.current();
  }, [country, locale]);

  return ready;
}
