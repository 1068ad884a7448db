import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { PAYMENT_STATUS_MAX_RETRIES, PAYMENT_STATUS_POLL_INTERVAL_MS } from '@portal/domain';
import { browser } from '@/lib/api-client';
import { getPaymentStatus, type PaymentStatusAnswer, type PaymentTarget } from '@/lib/api/get-payment-status';
import {
  decidePaymentStatus,
  type FinalPaymentStatus,
  isTransientFailure,
  type PollFailure,
} from '../logic/payment-polling';
import { safeRedirectUrl } from '@/lib/flow/safe-url';

export type PollingState =
  /** Waiting for a final status; `trouble` while the last call could not reach the server. */
  | { phase: 'polling'; retries: number; trouble: boolean }
  /** A final status came: the browser is on its way to the merchant. */
  | { phase: 'redirecting'; status: FinalPaymentStatus; redirectUrl: string }
  /** A person at the lender decides (FROZEN): the wait stops; `redirectUrl` is the way back to the shop. */
  | { phase: 'review'; redirectUrl: string }
  /** Stopped without a final status; `redirectUrl` is the last return address the server named. */
  | { phase: 'failed'; failure: PollFailure; retries: number; redirectUrl: string | null }
  /** The server refused (401, 403, 404…): the page shows the error page that answer calls for. */
  | { phase: 'refused'; error: unknown };

type Action =
  | { type: 'waiting'; retries: number }
  | { type: 'trouble' }
  | { type: 'redirecting'; status: FinalPaymentStatus; redirectUrl: string }
  | { type: 'review'; redirectUrl: string }
  | { type: 'failed'; failure: PollFailure; retries: number; redirectUrl: string | null }
  | { type: 'refused'; error: unknown }
  | { type: 'restart'; retries: number };

function reducer(state: PollingState, action: Action): PollingState {
  switch (action.type) {
    case 'waiting':
      return { phase: 'polling', retries: action.retries, trouble: false };
    case 'trouble':
      return state.phase === 'polling' ? { ...state, trouble: true } : state;
    case 'redirecting':
      return { phase: 'redirecting', status: action.status, redirectUrl: action.redirectUrl };
    case 'review':
      return { phase: 'review', redirectUrl: action.redirectUrl };
    case 'failed':
      return { phase: 'failed', failure: action.failure, retries: action.retries, redirectUrl: action.redirectUrl };
    case 'refused':
      return { phase: 'refused', error: action.error };
    case 'restart':
      return { phase: 'polling', retries: action.retries, trouble: state.phase === 'polling' && state.trouble };
  }
}

export interface PollingOptions {
  intervalMs?: number;
  maxRetries?: number;
  /** The status call; keep it stable (a module function), or polling restarts on every render. */
  fetchStatus?: (target: PaymentTarget) => Promise<PaymentStatusAnswer>;
}

/**
 * Polls the payment status (spec section 4): at once, then every interval after each answer,
 * until a final status sends the browser to the merchant, a manual review at the lender stops the
 * wait, the retries run out, or an unknown status comes. A call that cannot reach the server is shown and repeated on the next tick
 * without counting a retry. Nothing runs after the page unmounts.
 */
export function usePaymentStatusPolling(
  merchantId: string | undefined,
  merchantPaymentReference: string | undefined,
  {
    intervalMs = PAYMENT_STATUS_POLL_INTERVAL_MS,
    maxRetries = PAYMENT_STATUS_MAX_RETRIES,
    fetchStatus = getPaymentStatus,
  }: PollingOptions = {},
) {
  const [state, dispatch] = useReducer(reducer, { phase: 'polling', retries: 0, trouble: false });
  // A new round (a "check now" or "check again") restarts the loop below.
  const [round, setRound] = useState(0);
  const retries = useRef(0);
  const lastRedirectUrl = useRef<string | null>(null);

  useEffect(() => {
    if (!merchantId || !merchantPaymentReference) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => void poll(), intervalMs);
    };
    const poll = async () => {
      let answer: PaymentStatusAnswer;
      try {
        answer = await fetchStatus({ merchantId, merchantPaymentReference });
      } catch (error) {
        if (!active) return;
        if (isTransientFailure(error)) {
          dispatch({ type: 'trouble' });
          next();
        } else {
          dispatch({ type: 'refused', error });
        }
        return;
      }
      if (!active) return;
      lastRedirectUrl.current = safeRedirectUrl(answer.redirectUrl) ?? lastRedirectUrl.current;
      const decision = decidePaymentStatus(answer, retries.current, maxRetries);
      switch (decision.kind) {
        case 'redirect':
          dispatch({ type: 'redirecting', status: decision.status, redirectUrl: decision.redirectUrl });
          browser.assign(decision.redirectUrl);
          return;
        case 'review':
          // Nothing more to ask: the decision takes days, and the customer is told so.
          dispatch({ type: 'review', redirectUrl: decision.redirectUrl });
          return;
        case 'wait':
          retries.current = decision.retries;
          dispatch({ type: 'waiting', retries: decision.retries });
          next();
          return;
        case 'fail':
          retries.current = decision.retries;
          dispatch({ type: 'failed', failure: decision.failure, retries: decision.retries, redirectUrl: lastRedirectUrl.current });
          return;
      }
    };
    void poll();
    return () => {
      active = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [merchantId, merchantPaymentReference, round, intervalMs, maxRetries, fetchStatus]);

  /**
   * Asks again at once. After the wait stopped, a new round of retries begins (the customer chose
   * to wait longer); while the connection is failing, the count so far is kept.
   */
  const checkNow = useCallback(() => {
    if (state.phase === 'failed') retries.current = 0;
    dispatch({ type: 'restart', retries: retries.current });
    setRound((value) => value + 1);
  }, [state.phase]);

  return { state, checkNow };
}
