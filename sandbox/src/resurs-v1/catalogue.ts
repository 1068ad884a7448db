/**
 * What the simulated Resurs representative sells: one part-payment product per country, its
 * payment plans (duration and nominal rate) and fees. The figures are invented but computed the
 * way a lender must: annuity factor from the nominal rate, effective rate (APR) from every payment
 * the customer makes, with the directive's formula (lib/credit.ts).
 */
import { COUNTRIES, type CountryCode, type Currency, type Language } from '@portal/domain';
import { annuityPayment, effectiveYearlyRate } from '../lib/credit';

export interface PaymentPlan {
  duration: number;
  /** Nominal yearly rate in percent. */
  nominalRate: number;
}

export interface SandboxPaymentMethod {
  id: string;
  countryCode: CountryCode;
  currency: Currency;
  type: 'REVOLVING_CREDIT';
  specificType: 'PART_PAYMENT';
  minLimit: number;
  maxLimit: number;
  /** Administration fee (SE) or termingebyr (NO), per month. */
  monthlyFee: number;
  /** Paid with the first instalment. */
  setupFee: number;
  /** The payment plans: getAnnuityFactors lists these, and a bookable period is one of them. */
  plans: readonly PaymentPlan[];
  /**
   * Plans the cost table shows and getAnnuityFactors does not, as in Resurs' own examples (its
   * published cost table has 36 months, its published annuity factors do not) [V
   * getcostofpurchasehtml.md, getannuityfactors.md].
   */
  costTableOnly: readonly PaymentPlan[];
}

const DURATIONS = [3, 6, 12, 18, 24, 36, 48, 60, 72, 84, 96, 120] as const;

function plans(rate: (duration: number) => number): PaymentPlan[] {
  return DURATIONS.map((duration) => ({ duration, nominalRate: rate(duration) }));
}

export const PAYMENT_METHODS: readonly SandboxPaymentMethod[] = [
  {
    id: 'PARTPAYMENT_NO',
    countryCode: 'NO',
    currency: 'NOK',
    type: 'REVOLVING_CREDIT',
    specificType: 'PART_PAYMENT',
    minLimit: 100,
    maxLimit: 500_000,
    monthlyFee: 39,
    setupFee: 0,
    plans: plans((d) => (d <= 12 ? 0 : d <= 36 ? 12.9 : d <= 72 ? 16.9 : 19.9)),
    costTableOnly: [{ duration: 30, nominalRate: 12.9 }],
  },
  {
    id: 'PARTPAYMENT_SE',
    countryCode: 'SE',
    currency: 'SEK',
    type: 'REVOLVING_CREDIT',
    specificType: 'PART_PAYMENT',
    minLimit: 100,
    maxLimit: 500_000,
    monthlyFee: 29,
    setupFee: 195,
    plans: plans((d) => (d <= 12 ? 0 : d <= 36 ? 9.95 : d <= 72 ? 14.95 : 17.95)),
    costTableOnly: [{ duration: 30, nominalRate: 9.95 }],
  },
];

export function findPaymentMethod(id: string): SandboxPaymentMethod | undefined {
  return PAYMENT_METHODS.find((method) => method.id === id);
}

export function paymentMethodFor(countryCode: CountryCode): SandboxPaymentMethod {
  const method = PAYMENT_METHODS.find((m) => m.countryCode === countryCode);
  if (!method) throw new Error(`no payment method for ${countryCode}`);
  return method;
}

/** The language a country's documents are written in (Resurs answers in the representative's). */
export const countryLanguage = (countryCode: CountryCode): Language => COUNTRIES[countryCode].language;

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** Monthly instalment per unit of credit; Resurs publishes it with ten decimals. */
export function annuityFactor(nominalRate: number, duration: number): number {
  return round(annuityPayment(1, nominalRate, duration), 10);
}

export interface PlanFigures {
  duration: number;
  nominalRate: number;
  factor: number;
  /** Instalment plus the monthly fee. */
  monthlyPayment: number;
  totalPayable: number;
  cost: number;
  effectiveRate: number;
}

export function planFigures(method: SandboxPaymentMethod, amount: number, plan: PaymentPlan): PlanFigures {
  const factor = annuityFactor(plan.nominalRate, plan.duration);
  const monthlyPayment = round(amount * factor + method.monthlyFee, 2);
  const totalPayable = round(monthlyPayment * plan.duration + method.setupFee, 2);
  const payments = Array.from({ length: plan.duration }, (_, i) => monthlyPayment + (i === 0 ? method.setupFee : 0));
  return {
    duration: plan.duration,
    nominalRate: plan.nominalRate,
    factor,
    monthlyPayment,
    totalPayable,
    cost: round(totalPayable - amount, 2),
    effectiveRate: round(effectiveYearlyRate(amount, payments), 2),
  };
}

/** The plans the cost table shows: the offered ones and those it shows beside them, by duration. */
export function costTablePlans(method: SandboxPaymentMethod): PaymentPlan[] {
  return [...method.plans, ...method.costTableOnly].sort((a, b) => a.duration - b.duration);
}

/** The plan for a duration, or the nearest one offered (documents shown before a plan is chosen). */
export function planFor(method: SandboxPaymentMethod, duration: number | null): PaymentPlan {
  const wanted = duration ?? 36;
  const exact = method.plans.find((p) => p.duration === wanted);
  if (exact) return exact;
  const sorted = [...method.plans].sort((a, b) => Math.abs(a.duration - wanted) - Math.abs(b.duration - wanted));
  const nearest = sorted[0];
  if (!nearest) throw new Error(`${method.id} has no payment plans`);
  return nearest;
}
