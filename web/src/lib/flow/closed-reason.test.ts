import { describe, expect, it } from 'vitest';
import { finalAnswerOf } from '@/lib/flow/closed-reason';

const shop = (outcome: string) => `https://shop.example.com/return?outcome=${outcome}&merchantPaymentReference=order-1`;

describe('finalAnswerOf: why an open application is closed', () => {
  it.each([
    ['REJECTED', 'apply_cancelled', 'cancelled'],
    ['REJECTED', 'apply_denied', 'declined'],
    ['REJECTED', 'client_sign_success_denied', 'declined'],
    ['REJECTED', 'client_sign_failed', 'failed'],
    ['REJECTED', 'client_sign_success_cancelled', 'closed'],
    ['REJECTED', 'toString', 'closed'],
    ['ACCEPTED', 'client_sign_success_approved', 'approved'],
  ])('%s with %s is %s', (paymentStatus, outcome, reason) => {
    expect(finalAnswerOf({ paymentStatus, redirectUrl: shop(outcome) })).toEqual({ reason, redirectUrl: shop(outcome) });
  });

  it('is nothing while the application is open or with the lender, nor for an address that is not http(s)', () => {
    expect(finalAnswerOf({ paymentStatus: 'TASK_REDIRECTION_REQUIRED', redirectUrl: shop('apply_continue') })).toBeNull();
    expect(finalAnswerOf({ paymentStatus: 'FROZEN', redirectUrl: shop('apply_continue') })).toBeNull();
    expect(finalAnswerOf({ paymentStatus: 'REJECTED', redirectUrl: 'javascript:alert(1)' })).toBeNull();
  });
});
