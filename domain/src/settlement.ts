/**
 * Money after the sale (issue 30): a granted application's money at its lender and the
 * merchant's operations that move it. One definition of what the money allows, shared by the
 * merchant API (which refuses what it does not), the server's queue, the back office and the
 * tests.
 *
 * A granted consumer credit is authorized at the lender; the merchant captures it (all or in
 * parts, as the goods ship), refunds what was captured (all or part, as goods come back) and
 * cancels what it will never capture. A granted lease starts when the merchant confirms its
 * delivery. Amounts include VAT, in the application's currency, to the øre/öre.
 */

export const MONEY_OPERATION_KINDS = ['capture', 'refund', 'cancel', 'confirm-delivery'] as const;
export type MoneyOperationKind = (typeof MONEY_OPERATION_KINDS)[number];

/** pending: accepted and kept, not yet answered by the lender (queued, retried); done or failed: answered. */
export const MONEY_OPERATION_STATES = ['pending', 'done', 'failed'] as const;
export type MoneyOperationState = (typeof MONEY_OPERATION_STATES)[number];

/**
 * Where a granted application's money stands: a sub-state of COMPLETED, read from its amounts
 * (`settlementOf`). The lifecycle table's `payment.*` events move between them; the diagram in
 * docs/lifecycle.md shows how.
 */
export const SETTLEMENT_STATES = ['AUTHORIZED', 'PARTLY_CAPTURED', 'CAPTURED', 'PARTLY_REFUNDED', 'REFUNDED', 'CANCELLED'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

export const SETTLEMENT_MEANINGS: Readonly<Record<SettlementState, string>> = {
  AUTHORIZED: 'granted; nothing captured yet',
  PARTLY_CAPTURED: 'part captured (a partial delivery); the rest can still be captured or cancelled',
  CAPTURED: 'everything captured, or captured in part and the rest cancelled',
  PARTLY_REFUNDED: 'part of what was captured is refunded',
  REFUNDED: 'everything captured is refunded',
  CANCELLED: 'cancelled after approval: nothing captured, nothing left to capture',
};

/** A granted application's money, as the lender last read it. */
export interface Money {
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
}

const cents = (amount: number): number => Math.round(amount * 100);
const fromCents = (value: number): number => value / 100;

/** What can still be captured or cancelled: authorized, less captured and cancelled. */
export const openAmount = (money: Money): number => fromCents(Math.max(0, cents(money.authorized) - cents(money.captured) - cents(money.cancelled)));

/** What can still be refunded: captured, less refunded. */
export const refundableAmount = (money: Money): number => fromCents(Math.max(0, cents(money.captured) - cents(money.refunded)));

export function settlementOf(money: Money): SettlementState {
  const open = cents(openAmount(money));
  const captured = cents(money.captured);
  const refunded = cents(money.refunded);
  if (captured === 0) return open > 0 ? 'AUTHORIZED' : 'CANCELLED';
  if (open > 0) return 'PARTLY_CAPTURED';
  if (refunded === 0) return 'CAPTURED';
  return refunded >= captured ? 'REFUNDED' : 'PARTLY_REFUNDED';
}

/** Why the money does not allow an operation; null when it does. */
export type MoneyRefusal = 'nothing-open' | 'more-than-open' | 'nothing-captured' | 'more-than-refundable';

/**
 * Whether `kind` of `amount` (null: everything there is for it) fits the money: a capture or a
 * cancel at most what is open, a refund at most what was captured and not refunded.
 */
export function moneyRefusal(kind: Exclude<MoneyOperationKind, 'confirm-delivery'>, money: Money, amount: number | null): MoneyRefusal | null {
  if (kind === 'refund') {
    const refundable = cents(refundableAmount(money));
    if (refundable === 0) return 'nothing-captured';
    return amount !== null && cents(amount) > refundable ? 'more-than-refundable' : null;
  }
  const open = cents(openAmount(money));
  if (open === 0) return 'nothing-open';
  return amount !== null && cents(amount) > open ? 'more-than-open' : null;
}

/** The amount an operation moves: the one asked for, or everything there is for it. */
export function operationAmount(kind: Exclude<MoneyOperationKind, 'confirm-delivery'>, money: Money, amount: number | null): number {
  if (amount !== null) return amount;
  return kind === 'refund' ? refundableAmount(money) : openAmount(money);
}

/** The money after an operation of `amount` is done, as the portal expects the lender to read it. */
export function moneyAfter(kind: Exclude<MoneyOperationKind, 'confirm-delivery'>, money: Money, amount: number): Money {
  const add = (a: number, b: number) => fromCents(cents(a) + cents(b));
  switch (kind) {
    case 'capture':
      return { ...money, captured: add(money.captured, amount) };
    case 'refund':
      return { ...money, refunded: add(money.refunded, amount) };
    case 'cancel':
      return { ...money, cancelled: add(money.cancelled, amount) };
  }
}

/**
 * How the settlement moves (the diagram in docs/lifecycle.md): from a sub-state, an operation of
 * part of what it may move, or of all of it, leads to the sub-state named. A refund while part is
 * still open leaves it PARTLY_CAPTURED; capturing or cancelling the rest after such a refund
 * leads to PARTLY_REFUNDED (or REFUNDED) rather than CAPTURED. A test holds this table to
 * `settlementOf`.
 */
export const SETTLEMENT_TRANSITIONS: readonly { from: SettlementState; kind: Exclude<MoneyOperationKind, 'confirm-delivery'>; part: SettlementState; all: SettlementState }[] = [
  { from: 'AUTHORIZED', kind: 'capture', part: 'PARTLY_CAPTURED', all: 'CAPTURED' },
  { from: 'AUTHORIZED', kind: 'cancel', part: 'AUTHORIZED', all: 'CANCELLED' },
  { from: 'PARTLY_CAPTURED', kind: 'capture', part: 'PARTLY_CAPTURED', all: 'CAPTURED' },
  { from: 'PARTLY_CAPTURED', kind: 'cancel', part: 'PARTLY_CAPTURED', all: 'CAPTURED' },
  { from: 'PARTLY_CAPTURED', kind: 'refund', part: 'PARTLY_CAPTURED', all: 'PARTLY_CAPTURED' },
  { from: 'CAPTURED', kind: 'refund', part: 'PARTLY_REFUNDED', all: 'REFUNDED' },
  { from: 'PARTLY_REFUNDED', kind: 'refund', part: 'PARTLY_REFUNDED', all: 'REFUNDED' },
];
