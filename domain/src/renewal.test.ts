import { describe, expect, it } from 'vitest';
import { renewalPeriodMonths, residualValueAtRenewal, sameAmount } from './renewal';

describe('renewal rule', () => {
  it.each([
    [36, 18],
    [24, 12],
    [25, 13],
    [1, 1],
  ])('a %i-month subscription comes up for renewal in month %i', (loanPeriod, expected) => {
    expect(renewalPeriodMonths(loanPeriod)).toBe(expected);
  });

  it.each([
    [15000, 36, 7500],
    [999.99, 36, 500],
    [10000, 25, 4800],
    [10000, 1, 0],
    [10000, 0, 0],
  ])('%d over %i months leaves %d unpaid at renewal', (price, loanPeriod, expected) => {
    expect(residualValueAtRenewal(price, loanPeriod)).toBe(expected);
  });

  it('compares amounts to the øre', () => {
    expect(sameAmount(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameAmount(2500, 2499.999999)).toBe(true);
    expect(sameAmount(2500, 2499.99)).toBe(false);
  });
});
