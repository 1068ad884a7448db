import { useCallback, useEffect, useRef, useState } from 'react';
import { APPLICATION_WATCH_INTERVAL_MS } from '@portal/domain';
import { getPaymentStatus, type PaymentStatusAnswer, type PaymentTarget } from '@/lib/api/get-payment-status';
import { type FinalAnswer, finalAnswerOf } from '@/lib/flow/closed-reason';

export interface FinalStatusWatchOptions {
  /** Off while the page itself is changing the application (a submission under way). */
  enabled?: boolean;
  intervalMs?: number;
  /** The status call; keep it stable (a module function). */
  fetchStatus?: (target: PaymentTarget) => Promise<PaymentStatusAnswer>;
}

const visible = () => document.visibilityState === 'visible';

/**
 * Whether an application the customer has open turned final behind their back (the shop
 * cancelled it, the lender decided): the payment status call, which the server answers from
 * memory, every interval while the page is visible and at once when it becomes visible again.
 * A failed check waits for the next one. `final` stays once found.
 */
export function useFinalStatusWatch(
  target: PaymentTarget | null,
  { enabled = true, intervalMs = APPLICATION_WATCH_INTERVAL_MS, fetchStatus = getPaymentStatus }: FinalStatusWatchOptions = {},
) {
  const [final, setFinal] = useState<FinalAnswer | null>(null);
  const merchantId = target?.merchantId;
  const merchantPaymentReference = target?.merchantPaymentReference;
  // Set while the effect runs: a check now from outside (a submit answered "already complete").
  const checkRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!enabled || final || !merchantId || !merchantPaymentReference) return;
    let active = true;
    let asking = false;
    const check = async () => {
      if (asking) return;
      asking = true;
      try {
        const found = finalAnswerOf(await fetchStatus({ merchantId, merchantPaymentReference }));
        if (active && found) setFinal(found);
      } catch {
        // Not reachable just now: the next check asks again.
      } finally {
        asking = false;
      }
    };
    const timer = setInterval(() => {
      if (visible()) void check();
    }, intervalMs);
    const onVisibility = () => {
      if (visible()) void check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    checkRef.current = () => void check();
    return () => {
      active = false;
      checkRef.current = null;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, final, merchantId, merchantPaymentReference, intervalMs, fetchStatus]);

  /** Asks at once (when the page learns by other means that something changed). */
  const checkNow = useCallback(() => checkRef.current?.(), []);

  return { final, checkNow };
}
