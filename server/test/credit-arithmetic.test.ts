/**
 * The simulated Resurs prices with arithmetic of its own (sandbox/src/lib/credit.ts), written
 * from what a lender publishes and the Consumer Credit Directive prescribes; the portal computes
 * the same figures itself from what Resurs v1 answers (providers/resurs-v1/pricing.ts) when the
 * cost table leaves them out. Neither imports the other, so a mistake on one side is not mirrored
 * by the other: this table of cases is where they must agree.
 */
import { describe, expect, it } from 'vitest';
import { effectiveYearlyRate, planFigures, RESURS_V1_PAYMENT_METHODS } from '@portal/sandbox/testing';
import { effectiveAnnualRate, loanFigures } from '../src/providers/resurs-v1/pricing';

const AMOUNTS = [100, 1000, 8990, 15_000, 24_990, 42_000, 100_000, 500_000];

describe('the portal and the simulated lender', () => {
  it('agree on the monthly payment, the cost and the effective rate of every plan, for every amount', () => {
    let cases = 0;
    for (const method of RESURS_V1_PAYMENT_METHODS) {
      for (const amount of AMOUNTS) {
        for (const plan of method.plans) {
          const lender = planFigures(method, amount, plan);
          // What the portal makes of the lender's answers: the annuity factor, and a cost table
          // with the rates and fees but without the effective rate.
          const portal = loanFigures({
            amount,
            period: plan.duration,
            factor: lender.factor,
            column: { nominalRate: plan.nominalRate, effectiveRate: null, monthlyFee: method.monthlyFee, setupFee: method.setupFee },
          });
          const label = `${method.id} ${amount} over ${plan.duration} months`;
          expect(portal.totalMonthlyPayment, label).toBe(lender.monthlyPayment);
          expect(portal.cost, label).toBe(lender.cost);
          expect(portal.effectiveInterestRate, label).toBe(lender.effectiveRate);
          cases += 1;
        }
      }
    }
    expect(cases).toBe(RESURS_V1_PAYMENT_METHODS.length * AMOUNTS.length * 12);
  });

  it.each([
    // A credit repaid without interest or fees costs nothing.
    { credit: 12_000, payments: Array.from({ length: 12 }, () => 1000), rate: 0 },
    // The directive's own kind of example: 1 000 repaid by 12 payments of 90 (about 14.8 %).
    { credit: 1000, payments: Array.from({ length: 12 }, () => 90), rate: null },
    // A set-up fee with the first payment, then level payments.
    { credit: 15_000, payments: Array.from({ length: 36 }, (_, i) => 520 + (i === 0 ? 395 : 0)), rate: null },
    // Long and dear.
    { credit: 5000, payments: Array.from({ length: 120 }, () => 110), rate: null },
    // Short and very dear: a rate in the hundreds.
    { credit: 1000, payments: [600, 600], rate: null },
  ])('agree on the effective yearly rate of $credit repaid in $payments.length payments', ({ credit, payments, rate }) => {
    const portal = effectiveAnnualRate(credit, payments);
    const lender = Math.round(effectiveYearlyRate(credit, payments) * 100) / 100;
    expect(portal).toBe(lender);
    if (rate !== null) expect(portal).toBe(rate);
    else expect(portal).toBeGreaterThan(0);
  });
});
