import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS_MAX_RETRIES } from '@portal/domain';
import { ApiRequestError, NetworkError } from '@/lib/api-client';
import { decidePaymentStatus, isTransientFailure } from './payment-polling';
import { safeRedirectUrl } from '@/lib/flow/safe-url';

const shop = 'https://shop.example.com/return?outcome=client_sign_success_approved';
const answer = (paymentStatus: string, redirectUrl = shop) => ({ paymentStatus, redirectUrl });

describe('decidePaymentStatus (spec section 4)', () => {
  it.each(['ACCEPTED', 'REJECTED'] as const)('ends the wait on %s and sends the customer to redirectUrl', (status) => {
    expect(decidePaymentStatus(answer(status), 3)).toEqual({ kind: 'redirect', status, redirectUrl: shop });
  });

  it('ends the wait on FROZEN without leaving: a person at the lender decides, and the shop is the way back', () => {
    expect(decidePaymentStatus(answer('FROZEN'), 3)).toEqual({ kind: 'review', redirectUrl: shop });
    expect(decidePaymentStatus(answer('FROZEN', 'javascript:alert(1)'), 3)).toEqual({ kind: 'fail', failure: 'UNKNOWN', retries: 3 });
  });

  it('counts a retry on TASK_REDIRECTION_REQUIRED and goes on', () => {
    expect(decidePaymentStatus(answer('TASK_REDIRECTION_REQUIRED'), 0)).toEqual({ kind: 'wait', retries: 1 });
    expect(decidePaymentStatus(answer('TASK_REDIRECTION_REQUIRED'), 13)).toEqual({ kind: 'wait', retries: 14 });
  });

  it('stops with the unknown error when the retries reach the maximum (15)', () => {
    expect(PAYMENT_STATUS_MAX_RETRIES).toBe(15);
    expect(decidePaymentStatus(answer('TASK_REDIRECTION_REQUIRED'), 14)).toEqual({ kind: 'fail', failure: 'UNKNOWN', retries: 15 });
  });

  it.each(['INSPECTION', 'PENDING', ''])('stops with the unknown status error on any other status (%j)', (status) => {
    expect(decidePaymentStatus(answer(status), 2)).toEqual({ kind: 'fail', failure: 'UNKNOWN_STATUS', retries: 2 });
  });

  it('never follows a return address that is not http(s)', () => {
    expect(decidePaymentStatus(answer('ACCEPTED', 'javascript:alert(1)'), 0)).toEqual({ kind: 'fail', failure: 'UNKNOWN', retries: 0 });
    expect(safeRedirectUrl('data:text/html,x')).toBeNull();
    expect(safeRedirectUrl(shop)).toBe(shop);
  });
});

describe('isTransientFailure', () => {
  const refused = (status: number) => new ApiRequestError(status, { status, errorCode: 'UNKNOWN', message: '' });

  it('repeats calls that did not reach the server, or met a busy or failing server', () => {
    expect(isTransientFailure(new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    expect(isTransientFailure(refused(503))).toBe(true);
    expect(isTransientFailure(refused(429))).toBe(true);
  });

  it('does not repeat answers the server meant (they have pages of their own)', () => {
    expect(isTransientFailure(refused(401))).toBe(false);
    expect(isTransientFailure(refused(404))).toBe(false);
  });
});
