/**
 * Part-payment prices of the simulated Resurs Bank: an annuity on the purchase amount at a
 * nominal rate, a set-up fee on the first invoice and an administration fee on every invoice;
 * the arithmetic is the lender's own (lib/credit.ts).
 */
import { annuityPayment, effectiveYearlyRate } from '../lib/credit';

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
