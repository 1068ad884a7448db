import { describe, expect, it } from 'vitest';
import { flexYoungOffered, flexYoungRefusal } from './flex-young';

describe('FLEX Young limits', () => {
  it.each([
    ['NO', 20000, 36, null],
    ['NO', 20001, 36, 'amount'],
    ['SE', 40000, 36, null],
    ['SE', 40001, 36, 'amount'],
    ['NO', 15000, 23, 'period'],
    ['NO', 15000, 24, null],
    ['NO', 15000, 48, null],
    ['NO', 15000, 49, 'period'],
  ] as const)('%s %i kr over %i months → %s', (country, amount, period, expected) => {
    expect(flexYoungRefusal(country, amount, period)).toBe(expected);
  });

  it('is offered outside Sweden only', () => {
    expect(flexYoungOffered('NO')).toBe(true);
    expect(flexYoungOffered('SE')).toBe(false);
  });
});
