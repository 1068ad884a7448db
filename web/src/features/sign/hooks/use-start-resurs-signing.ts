import { useCallback, useState } from 'react';
import { safeRedirectUrl } from '@/lib/flow/safe-url';
import { browser } from '@/lib/api-client';
import { createSigningSession } from '../api/create-signing-session';

/**
 * "Sign with BankID" for Resurs version 1: a new signing session each time (also to try again
 * after a failed signing), then the browser goes to Resurs' signing page. The button stays busy
 * while the browser leaves; a failure is kept for the page to show.
 */
export function useStartResursSigning() {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = useCallback(async () => {
    setStarting(true);
    setError(null);
    try {
      const { signingUrl } = await createSigningSession();
      const url = safeRedirectUrl(signingUrl);
      if (!url) throw new Error('The signing address is not an http(s) address');
      browser.assign(url);
    } catch (failure) {
      setError(failure);
      setStarting(false);
    }
  }, []);
  return { start, starting, error };
}
