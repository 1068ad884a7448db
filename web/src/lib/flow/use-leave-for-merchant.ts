import { useCallback, useState } from 'react';
import { leaveForMerchant } from '@/lib/api/leave-for-merchant';
import { browser } from '@/lib/api-client';

/**
 * The way back to the merchant from a step of the flow: the server records the outcome (a
 * customer leaving unsigned is `client_sign_failed` for the merchant) and names the return
 * address. When the server cannot be asked, a return address already known (the last payment
 * status answer) still gets the customer back; otherwise the failure is shown, with a retry.
 */
export function useLeaveForMerchant(fallbackUrl?: string | null) {
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const leave = useCallback(async () => {
    setLeaving(true);
    setError(null);
    try {
      const { redirectUrl } = await leaveForMerchant();
      browser.assign(redirectUrl);
    } catch (failure) {
      if (fallbackUrl) {
        browser.assign(fallbackUrl);
        return;
      }
      setError(failure);
      setLeaving(false);
    }
  }, [fallbackUrl]);
  return { leave, leaving, error };
}
