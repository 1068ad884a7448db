import { describe, expect, it } from 'vitest';
import { fitBytes, resursOrderReference } from './limits';

/** Resurs' rule for order.orderReference (shipped ecom CreatePaymentRequest/Order.php:37), and its answer's (Order.php:31). */
const REQUEST_RULE = /^[\w\-/]{1,32}$/;
const ANSWER_RULE = /^[\w-]{1,36}$/;

describe('resursOrderReference', () => {
  it('sends a reference that fits Resurs’ rules as it is', () => {
    for (const reference of ['order12345', 'aB3_-x', 'x'.repeat(32), 'Zq8Yv4iJ2fK0mW6pR1sT3uV5']) expect(resursOrderReference(reference)).toBe(reference);
  });

  it('maps every other reference to one that fits, the same every time, keeping what it can read', () => {
    const cases = ['x'.repeat(33), 'ORDER 2026/11', 'a/b', 'Ørsta-1', '', '   ', '--//--', 'ä'.repeat(40)];
    const mapped = cases.map(resursOrderReference);
    for (const reference of mapped) {
      expect(reference).toMatch(REQUEST_RULE);
      expect(reference).toMatch(ANSWER_RULE);
    }
    expect(cases.map(resursOrderReference)).toEqual(mapped);
    expect(new Set(mapped).size).toBe(cases.length);
    expect(resursOrderReference('ORDER 2026/11')).toMatch(/^ORDER-2026-11-[\w-]+$/);
  });

  it('tells apart long references that share their beginning', () => {
    const long = 'merchant-order-reference-that-is-long';
    expect(resursOrderReference(`${long}-1`)).not.toBe(resursOrderReference(`${long}-2`));
  });
});

describe('fitBytes', () => {
  const bytes = (value: string) => new TextEncoder().encode(value).length;

  it('leaves a value within the limit alone', () => {
    expect(fitBytes('Peter Parker', 50)).toBe('Peter Parker');
  });

  it('cuts to whole characters within the limit, in bytes of UTF-8, with the mark inside it', () => {
    const name = 'Øvergaard-Sæther Holmboe-Bjørnstad Åsmund Ødegård';
    expect(name.length).toBeLessThanOrEqual(50);
    expect(bytes(name)).toBeGreaterThan(50);
    const cut = fitBytes(name, 50);
    expect(bytes(cut)).toBeLessThanOrEqual(50);
    expect(name.startsWith(cut)).toBe(true);
    const marked = fitBytes('æ'.repeat(60), 50, '…');
    expect(bytes(marked)).toBeLessThanOrEqual(50);
    expect(marked.endsWith('…')).toBe(true);
  });
});
