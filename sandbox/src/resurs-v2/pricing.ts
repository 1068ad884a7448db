/**
 * Part-payment arithmetic of the simulated Resurs Bank: an annuity on the purchase amount at a
 * nominal rate, a set-up fee on the first invoice and an administration fee on every invoice.
 * The effective rate follows the Consumer Credit Directive (2008/48/EC, annex I): the monthly
 * internal rate of return of the cash flows, annualised as (1 + i)^12 − 1.
 */

export interface PartPaymentTerms {
  /** Nominal yearly rate in percent. */
  nominalRate: number;
  /** Charged once, with the first instalment. */
  setupFee: number;
  /** Charged with every instalment. */
  administrationFee: number;
  /** The repayment periods offered, in months. */
  periods: readonly number[];
}

/** One entry of price_signage's costList, as the Merchant API names its fields. */
export interface CostEntry {
  name: string;
  durationMonths: number;
  setupFee: number;
  administrationFee: number;
  monthlyCost: number;
  totalCost: number;
  interest: number;
  effectiveInterest: number;
  description: string;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The level monthly payment that repays `principal` over `months` at `yearlyRatePercent`. */
export function annuityPayment(principal: number, yearlyRatePercent: number, months: number): number {
  const rate = yearlyRatePercent / 100 / 12;
  if (rate === 0) return principal / months;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

/**
 * The effective yearly rate in percent of a credit of `principal` repaid by `payments` (one per
 * month, the first one month after payout). Bisection: the present value falls as the rate
 * rises, so the root is bracketed between 0 and 100 % a month whenever the payments exceed the
 * principal.
 */
export function effectiveYearlyRate(principal: number, payments: readonly number[]): number {
  const presentValue = (monthly: number) =>
    payments.reduce((sum, payment, index) => sum + payment / (1 + monthly) ** (index + 1), 0);
  if (presentValue(0) <= principal) return 0;
  let low = 0;
  let high = 1;
  for (let step = 0; step < 200 && high - low > 1e-12; step += 1) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > principal) low = middle;
    else high = middle;
  }
  return ((1 + low) ** 12 - 1) * 100;
}

export function costFor(amount: number, months: number, terms: PartPaymentTerms, label: string): CostEntry {
  const monthlyCost = round2(annuityPayment(amount, terms.nominalRate, months) + terms.administrationFee);
  const payments = Array.from({ length: months }, (_, index) => monthlyCost + (index === 0 ? terms.setupFee : 0));
  const totalCost = round2(payments.reduce((sum, payment) => sum + payment, 0));
  return {
    name: label,
    durationMonths: months,
    setupFee: terms.setupFee,
    administrationFee: terms.administrationFee,
    monthlyCost,
    totalCost,
    interest: terms.nominalRate,
    effectiveInterest: round2(effectiveYearlyRate(amount, payments)),
    description: label,
  };
}

export function costList(amount: number, terms: PartPaymentTerms, label: (months: number) => string): CostEntry[] {
  return terms.periods.map((months) => costFor(amount, months, terms, label(months)));
}
