import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiRequestError, browser, NetworkError } from '@/lib/api-client';
import type { PaymentStatusAnswer, PaymentTarget } from '@/lib/api/get-payment-status';
import { usePaymentStatusPolling } from './use-payment-status-polling';

const INTERVAL = 5000;
const SHOP = 'https://shop.example.com/return?outcome=client_sign_success_approved&merchantPaymentReference=order-1';

/** A status call answering each poll from a script; the last entry repeats. */
function scripted(...answers: (string | Error)[]) {
  let calls = 0;
  return vi.fn(async (_target: PaymentTarget): Promise<PaymentStatusAnswer> => {
    const next = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (next instanceof Error) throw next;
    return { paymentStatus: next ?? 'TASK_REDIRECTION_REQUIRED', redirectUrl: SHOP };
  });
}

function poll(fetchStatus: (target: PaymentTarget) => Promise<PaymentStatusAnswer>) {
  return renderHook(() => usePaymentStatusPolling('demo', 'order-1', { fetchStatus }));
}

/** Lets the pending answer arrive (promises), without moving the clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const tick = (ms = INTERVAL) => act(() => vi.advanceTimersByTimeAsync(ms));

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  vi.useFakeTimers();
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('usePaymentStatusPolling', () => {
  it.each(['ACCEPTED', 'REJECTED'])('asks at once on load and on %s sends the browser to redirectUrl', async (status) => {
    const fetchStatus = scripted(status);
    const { result } = poll(fetchStatus);
    await settle();
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(fetchStatus).toHaveBeenCalledWith({ merchantId: 'demo', merchantPaymentReference: 'order-1' });
    expect(assign).toHaveBeenCalledWith(SHOP);
    expect(result.current.state).toEqual({ phase: 'redirecting', status, redirectUrl: SHOP });
    // Nothing more is asked once the answer is final.
    await tick(INTERVAL * 3);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('on FROZEN stops asking and stays, with the way back to the shop', async () => {
    const fetchStatus = scripted('TASK_REDIRECTION_REQUIRED', 'FROZEN');
    const { result } = poll(fetchStatus);
    await settle();
    await tick();
    expect(result.current.state).toEqual({ phase: 'review', redirectUrl: SHOP });
    await tick(INTERVAL * 3);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks again every 5000 ms while the status is TASK_REDIRECTION_REQUIRED, counting retries, until it is final', async () => {
    const fetchStatus = scripted('TASK_REDIRECTION_REQUIRED', 'TASK_REDIRECTION_REQUIRED', 'ACCEPTED');
    const { result } = poll(fetchStatus);
    await settle();
    expect(result.current.state).toEqual({ phase: 'polling', retries: 1, trouble: false });

    await tick(INTERVAL - 1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(result.current.state).toEqual({ phase: 'polling', retries: 2, trouble: false });

    await tick();
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(assign).toHaveBeenCalledWith(SHOP);
  });

  it('stops with the unknown status error on any other status, without redirecting', async () => {
    const fetchStatus = scripted('TASK_REDIRECTION_REQUIRED', 'INSPECTION');
    const { result } = poll(fetchStatus);
    await settle();
    await tick();
    expect(result.current.state).toEqual({ phase: 'failed', failure: 'UNKNOWN_STATUS', retries: 1, redirectUrl: SHOP });
    await tick(INTERVAL * 3);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('stops with the unknown error after 15 retries', async () => {
    const fetchStatus = scripted('TASK_REDIRECTION_REQUIRED');
    const { result } = poll(fetchStatus);
    await settle();
    await tick(INTERVAL * 13);
    expect(fetchStatus).toHaveBeenCalledTimes(14);
    expect(result.current.state).toMatchObject({ phase: 'polling', retries: 14 });

    await tick();
    expect(fetchStatus).toHaveBeenCalledTimes(15);
    expect(result.current.state).toEqual({ phase: 'failed', failure: 'UNKNOWN', retries: 15, redirectUrl: SHOP });
    await tick(INTERVAL * 5);
    expect(fetchStatus).toHaveBeenCalledTimes(15);
    expect(assign).not.toHaveBeenCalled();
  });

  it('starts a new round of retries when the customer checks again after it stopped', async () => {
    const fetchStatus = scripted('TASK_REDIRECTION_REQUIRED');
    const { result } = renderHook(() => usePaymentStatusPolling('demo', 'order-1', { fetchStatus, maxRetries: 2 }));
    await settle();
    await tick();
    expect(result.current.state).toMatchObject({ phase: 'failed', failure: 'UNKNOWN', retries: 2 });

    act(() => result.current.checkNow());
    await settle();
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(result.current.state).toEqual({ phase: 'polling', retries: 1, trouble: false });
  });

  it('stops polling when the page unmounts', async () => {
    const fetchStatus = scripted('TASK_REDIRECTION_REQUIRED');
    const { unmount } = poll(fetchStatus);
    await settle();
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    unmount();
    await tick(INTERVAL * 5);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('ignores an answer that arrives after the page unmounted', async () => {
    let resolve: (answer: PaymentStatusAnswer) => void = () => undefined;
    const fetchStatus = vi.fn(() => new Promise<PaymentStatusAnswer>((r) => (resolve = r)));
    const { unmount } = poll(fetchStatus);
    unmount();
    resolve({ paymentStatus: 'ACCEPTED', redirectUrl: SHOP });
    await settle();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says when the server cannot be reached, keeps trying without counting a retry, and recovers', async () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    const fetchStatus = scripted('TASK_REDIRECTION_REQUIRED', offline, offline, 'TASK_REDIRECTION_REQUIRED', 'ACCEPTED');
    const { result } = poll(fetchStatus);
    await settle();
    await tick();
    expect(result.current.state).toEqual({ phase: 'polling', retries: 1, trouble: true });
    await tick();
    expect(result.current.state).toEqual({ phase: 'polling', retries: 1, trouble: true });
    await tick();
    expect(result.current.state).toEqual({ phase: 'polling', retries: 2, trouble: false });
    await tick();
    expect(assign).toHaveBeenCalledWith(SHOP);
  });

  it('lets the customer try again at once while the connection is failing', async () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    const fetchStatus = scripted(offline, 'ACCEPTED');
    const { result } = poll(fetchStatus);
    await settle();
    expect(result.current.state).toMatchObject({ trouble: true });
    act(() => result.current.checkNow());
    await settle();
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(assign).toHaveBeenCalledWith(SHOP);
  });

  it('stops on an answer that has a page of its own (an expired session)', async () => {
    const expired = new ApiRequestError(401, { status: 401, errorCode: 'INVALID_CREDENTIALS', message: '' });
    const fetchStatus = scripted(expired);
    const { result } = poll(fetchStatus);
    await settle();
    expect(result.current.state).toEqual({ phase: 'refused', error: expired });
    await tick(INTERVAL * 2);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('waits for the route parameters before asking', async () => {
    const fetchStatus = scripted('ACCEPTED');
    renderHook(() => usePaymentStatusPolling(undefined, undefined, { fetchStatus }));
    await tick();
    expect(fetchStatus).not.toHaveBeenCalled();
  });
});
