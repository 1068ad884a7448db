/**
 * The credit arithmetic the simulated lenders price with, written from what a lender publishes
 * and the law prescribes, not taken from the portal: an annuity at a nominal yearly rate, and the
 * effective yearly rate (APR) of the Consumer Credit Directive (2008/48/EC, annex I): the monthly
 * internal rate of return of the cash flows, annualised as (1 + i)^12 − 1. The portal computes
 * the APR itself when a lender's price table has none; server/test/credit-arithmetic.test.ts
 * checks that the two agree.
 */

/** The level monthly payment that repays `principal` over `months` at `yearlyRatePercent`. */
export function annuityPayment(principal: number, yearlyRatePercent: number, months: number): number {
  const rate = yearlyRatePercent / 100 / 12;
  if (rate === 0) return principal / months;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

/**
 * The effective yearly rate in percent of a credit of `principal` repaid by `payments` (one per
 * month, the first one month after payout). Bisection: the present value falls as the rate
 * rises, so once the payments exceed the principal the root lies between 0 and a monthly rate
 * large enough that they no longer do.
 */
export function effectiveYearlyRate(principal: number, payments: readonly number[]): number {
  const presentValue = (monthly: number) =>
    payments.reduce((sum, payment, index) => sum + payment / (1 + monthly) ** (index + 1), 0);
  if (presentValue(0) <= principal) return 0;
  let low = 0;
  let high = 1;
  // A very short, very dear credit (a set-up fee on a small amount) costs more than 100 % a month:
  // the bracket widens until it holds the root.
  while (presentValue(high) > principal && high < 1e6) high *= 2;
  for (let step = 0; step < 200 && high - low > high * 1e-15; step += 1) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > principal) low = middle;
    else high = middle;
  }
  return ((1 + low) ** 12 - 1) * 100;
}
