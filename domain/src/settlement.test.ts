import { describe, expect, it } from 'vitest';
import { type Money, moneyAfter, moneyRefusal, openAmount, operationAmount, refundableAmount, type SETTLEMENT_STATES, SETTLEMENT_TRANSITIONS, settlementOf } from './settlement';

const money = (captured: number, refunded = 0, cancelled = 0, authorized = 1000): Money => ({ authorized, captured, refunded, cancelled });

describe('money after the sale', () => {
  it('reads the settlement from the amounts', () => {
    expect(settlementOf(money(0))).toBe('AUTHORIZED');
    expect(settlementOf(money(400))).toBe('PARTLY_CAPTURED');
    expect(settlementOf(money(400, 0, 600))).toBe('CAPTURED');
    expect(settlementOf(money(1000))).toBe('CAPTURED');
    expect(settlementOf(money(1000, 300))).toBe('PARTLY_REFUNDED');
    expect(settlementOf(money(1000, 1000))).toBe('REFUNDED');
    expect(settlementOf(money(0, 0, 1000))).toBe('CANCELLED');
  });

  it('allows a capture or a cancel of at most what is open, a refund of at most what was captured and not refunded', () => {
    expect(moneyRefusal('capture', money(400), 600)).toBeNull();
    expect(moneyRefusal('capture', money(400), 600.01)).toBe('more-than-open');
    expect(moneyRefusal('capture', money(400, 0, 600), null)).toBe('nothing-open');
    expect(moneyRefusal('cancel', money(0, 0, 1000), null)).toBe('nothing-open');
    expect(moneyRefusal('refund', money(0), 1)).toBe('nothing-captured');
    expect(moneyRefusal('refund', money(400, 100), 300)).toBeNull();
    expect(moneyRefusal('refund', money(400, 100), 300.01)).toBe('more-than-refundable');
    // Cents, not floating point: 0.1 + 0.2 is 0.3 here.
    expect(moneyRefusal('capture', money(0.1, 0, 0, 0.3), 0.2)).toBeNull();
    expect(openAmount(money(0.1, 0, 0, 0.3))).toBe(0.2);
    expect(refundableAmount(money(0.3, 0.1))).toBe(0.2);
  });

  it('moves everything there is when no amount is given', () => {
    expect(operationAmount('capture', money(400, 0, 100), null)).toBe(500);
    expect(operationAmount('refund', money(400, 100), null)).toBe(300);
  });

  it('moves as its transition table says, for a part and for all', () => {
    const examples: Record<(typeof SETTLEMENT_STATES)[number], Money> = {
      AUTHORIZED: money(0),
      PARTLY_CAPTURED: money(400),
      CAPTURED: money(1000),
      PARTLY_REFUNDED: money(1000, 300),
      REFUNDED: money(1000, 1000),
      CANCELLED: money(0, 0, 1000),
    };
    for (const { from, kind, part, all } of SETTLEMENT_TRANSITIONS) {
      const before = examples[from];
      expect(settlementOf(before), from).toBe(from);
      const whole = operationAmount(kind, before, null);
      expect(settlementOf(moneyAfter(kind, before, whole)), `${from} ${kind} all`).toBe(all);
      expect(settlementOf(moneyAfter(kind, before, Math.min(50, whole / 2))), `${from} ${kind} part`).toBe(part);
    }
    // Nothing moves out of the ends.
    for (const end of ['REFUNDED', 'CANCELLED'] as const) expect(SETTLEMENT_TRANSITIONS.filter((t) => t.from === end)).toEqual([]);
  });
});
