import { useLingui } from '@lingui/react';
import { useCallback, useState } from 'react';
import { isLanguage } from '@portal/domain';
import { safeRedirectUrl } from '@/lib/flow/safe-url';
import { browser } from '@/lib/api-client';
import { startIdentificationForMyApplications } from '../api/my-applications';

/**
 * "Identify with BankID" for the customer's own page: as the start page's (features/auth), the
 * server starts and the browser goes to the broker, in the portal's language; it comes back to
 * the customer's own page rather than to an application. A refusal stays for the page to show.
 */
export function useStartMyIdentification() {
  const { i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : null;
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = useCallback(
    async (country: 'SE' | 'NO') => {
      setStarting(true);
      setError(null);
      try {
        const { authorizationUrl } = await startIdentificationForMyApplications(country, language);
        const url = safeRedirectUrl(authorizationUrl);
        if (!url) throw new Error('The identification address is not an http(s) address');
        browser.assign(url);
      } catch (failure) {
        setError(failure);
        setStarting(false);
      }
    },
    [language],
  );
  return { start, starting, error };
}
