/**
 * Renewal (spec sections 3, 4 and 9): when a subscription's products come up for renewal, and
 * what of their value is then still unpaid. One rule, used where the loan's `renewalPeriod` is
 * shown and where a subscription's products get their residual value.
 *
 * - A subscription (a consumer credit or a company lease) of `loanPeriod` months comes up for
 *   renewal half-way through its term: its renewal period is `ceil(loanPeriod / 2)` months.
 * - A product's residual value is what is still unpaid of its price at that point, paid off in
 *   a straight line over the term: `price × (loanPeriod − renewalPeriod) / loanPeriod`, to the
 *   øre/öre. It is fixed when the subscription is made, so the figure a customer sees and the
 *   one the server checks it against are the same whichever day the customer renews.
 * - When renewed, that residual value is settled in the new agreement, and the customer returns
 *   the old product within RENEWAL_WINDOW_DAYS (`limits.ts`, 14) days of receiving the new one.
 */
/** The month of its term from which a subscription of `loanPeriod` months may be renewed. */
export function renewalPeriodMonths(loanPeriod: number): number {
  return Math.ceil(loanPeriod / 2);
}

/** A whole number of øre/öre: amounts are compared and summed in these, never as decimals. */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

/** What is still unpaid of `price` when a subscription of `loanPeriod` months is renewed. */
export function residualValueAtRenewal(price: number, loanPeriod: number): number {
  if (loanPeriod <= 0) return 0;
  const remaining = loanPeriod - renewalPeriodMonths(loanPeriod);
  return Math.round((toMinorUnits(price) * remaining) / loanPeriod) / 100;
}

/** The same amount of money to the øre/öre (what a screen showing two decimals can tell apart). */
export function sameAmount(a: number, b: number): boolean {
  return toMinorUnits(a) === toMinorUnits(b);
}
