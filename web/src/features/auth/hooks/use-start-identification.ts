import { useCallback, useState } from 'react';
import type { CountryCode, Language } from '@portal/domain';
import { safeRedirectUrl } from '@/lib/flow/safe-url';
import { browser } from '@/lib/api-client';
import { startIdentification } from '../api/start-identification';

/**
 * "Identify with BankID": asks the server to start, then the browser goes to the broker. A
 * refusal (too many starts, the broker unreachable) is kept for the page to show in place,
 * instead of a navigation to an error answer.
 */
export function useStartIdentification() {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = useCallback(async (country: CountryCode, reference: string, language: Language | null) => {
    setStarting(true);
    setError(null);
    try {
      const { authorizationUrl } = await startIdentification(country, reference, language);
      const url = safeRedirectUrl(authorizationUrl);
      if (!url) throw new Error('The identification address is not an http(s) address');
      browser.assign(url);
    } catch (failure) {
      setError(failure);
      setStarting(false);
    }
  }, []);
  return { start, starting, error };
}
