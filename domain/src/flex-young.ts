/** FLEX Young, the student offer (spec sections 4, 5, 9): when a loan qualifies for it. */
import type { CountryCode } from './countries';
import { FLEX_YOUNG } from './limits';

export type FlexYoungRefusal = 'amount' | 'period' | null;

/** Why FLEX Young is not allowed for this loan, or null when it is. */
export function flexYoungRefusal(country: CountryCode, loanAmount: number, loanPeriod: number): FlexYoungRefusal {
  if (loanAmount > FLEX_YOUNG.amountLimit[country]) return 'amount';
  if (loanPeriod < FLEX_YOUNG.minPeriodMonths || loanPeriod > FLEX_YOUNG.maxPeriodMonths) return 'period';
  return null;
}

/** The box is offered only outside Sweden (the original version 1 logic). */
export const flexYoungOffered = (country: CountryCode): boolean => country !== 'SE';
