import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStatusAnswer, PaymentTarget } from '@/lib/api/get-payment-status';
import { useFinalStatusWatch } from '@/lib/flow/use-final-status-watch';

const INTERVAL = 15_000;
const CANCELLED = 'https://shop.example.com/return?outcome=apply_cancelled&merchantPaymentReference=order-1';
const target = { merchantId: 'demo', merchantPaymentReference: 'order-1' };

function scripted(...answers: (string | Error)[]) {
  let calls = 0;
  return vi.fn(async (_target: PaymentTarget): Promise<PaymentStatusAnswer> => {
    const next = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (next instanceof Error) throw next;
    return { paymentStatus: next ?? 'TASK_REDIRECTION_REQUIRED', redirectUrl: CANCELLED };
  });
}

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (value: DocumentVisibilityState) => {
  visibility = value;
  document.dispatchEvent(new Event('visibilitychange'));
};
const tick = (ms = INTERVAL) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useFinalStatusWatch', () => {
  it('asks every 15 s while the page is visible, and stops once the application is final', async () => {
    const fetchStatus = scripted('TASK_REDIRECTION_REQUIRED', 'REJECTED');
    const { result } = renderHook(() => useFinalStatusWatch(target, { fetchStatus }));
    await tick(INTERVAL - 1);
    expect(fetchStatus).not.toHaveBeenCalled();
    await tick(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(result.current.final).toBeNull();
    await tick();
    expect(result.current.final).toEqual({ reason: 'cancelled', redirectUrl: CANCELLED });
    await tick(INTERVAL * 3);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('does not ask while the page is hidden, and asks at once when it is visible again', async () => {
    const fetchStatus = scripted('REJECTED');
    const { result } = renderHook(() => useFinalStatusWatch(target, { fetchStatus }));
    setVisibility('hidden');
    await tick(INTERVAL * 4);
    expect(fetchStatus).not.toHaveBeenCalled();
    setVisibility('visible');
    await tick(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(result.current.final?.reason).toBe('cancelled');
  });

  it('goes on after a failed check, and does nothing while disabled', async () => {
    const fetchStatus = scripted(new TypeError('offline'), 'REJECTED');
    const { result, rerender } = renderHook(({ enabled }) => useFinalStatusWatch(target, { fetchStatus, enabled }), { initialProps: { enabled: false } });
    await tick(INTERVAL * 2);
    expect(fetchStatus).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await tick();
    expect(result.current.final).toBeNull();
    await tick();
    expect(result.current.final?.reason).toBe('cancelled');
  });
});
