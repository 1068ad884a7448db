import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language, LoanView } from '@portal/domain';
import { renderUi } from '@/components/ui/test-render';
import { chooseLanguage } from '@/lib/i18n';
import { buildApplication } from '@/testing/applications';
import type { ApplyVariant } from '../logic/variant';
import { SubscriptionSummary } from './subscription-summary';

const loan = (country: 'NO' | 'SE', overrides: Partial<LoanView> = {}): LoanView => ({
  ...buildApplication().loan,
  currency: country === 'NO' ? 'NOK' : 'SEK',
  ...overrides,
});

function summary(country: 'NO' | 'SE', { variant = 'consumer-v2', agency = 'UC AB', figures = {} }: { variant?: ApplyVariant; agency?: string | null; figures?: Partial<LoanView> } = {}) {
  return renderUi(<SubscriptionSummary loan={loan(country, figures)} country={country} variant={variant} creditAgency={agency} />);
}

/** Text as a person reads it: the formatters' no-break spaces as spaces. */
const read = (element: Element | null) => (element?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(async () => {
  await act(() => chooseLanguage('en', { renderedPages: false }));
});

async function speak(language: Language) {
  await act(() => chooseLanguage(language, { renderedPages: false }));
}

describe('the price: the effective interest rate at least as prominent as the monthly payment', () => {
  it.each(['consumer-v1', 'consumer-v2'] as const)('%s: the same size and weight, next to each other', (variant) => {
    const { container } = summary('SE', { variant });
    const monthly = container.querySelector('[data-figure="monthly"]');
    const apr = container.querySelector('[data-figure="apr"]');
    if (!monthly || !apr) throw new Error('the figures are missing');
    expect(read(apr)).toBe('14.12%');
    expect(read(monthly)).toBe('SEK 486.11');
    // The same classes (no size or weight of the monthly payment's own) and the same computed style.
    expect(apr.className).toBe(monthly.className);
    expect(apr.className).not.toMatch(/text-(xs|sm)\b|font-(normal|light)/);
    expect(getComputedStyle(apr).fontSize).toBe(getComputedStyle(monthly).fontSize);
    expect(getComputedStyle(apr).fontWeight).toBe(getComputedStyle(monthly).fontWeight);
    // Right after the monthly payment, not below the fold of the list.
    expect(monthly.parentElement?.nextElementSibling?.contains(apr)).toBe(true);
  });
});

describe('the representative example, in the form of the country, from the lender’s figures', () => {
  it.each([
    ['en', 'SE', 'Representative example: a credit purchase of SEK 15,000.00 over 36 months at a nominal interest rate of 12.90% gives an effective interest rate of 14.12%. The cost of credit is SEK 2,500.00 and the total amount to pay is SEK 17,500.00, with a monthly payment of SEK 486.11.'],
    ['sv', 'SE', 'Räkneexempel: Ett kreditköp på 15 000,00 kr med en kredittid på 36 månader och en nominell ränta på 12,90 % ger en effektiv ränta på 14,12 %. Kreditkostnaden blir 2 500,00 kr och totalt att betala 17 500,00 kr, med en månadskostnad på 486,11 kr.'],
    ['nb', 'NO', 'Eksempel: Eff. rente 14,12 %, 15 000,00 kr o/ 3 år. Kostnad: 2 500,00 kr. Totalt: 17 500,00 kr.'],
    ['en', 'NO', 'Representative example: effective interest rate 14.12%, NOK 15,000.00 over 3 years. Cost: NOK 2,500.00. Total: NOK 17,500.00.'],
  ] as const)('%s, %s', async (language, country, text) => {
    await speak(language);
    const { container } = summary(country);
    expect(read(container.querySelector('[data-representative-example]'))).toBe(text);
  });

  it('a term that is not whole years is said in months (Norway)', () => {
    const { container } = summary('NO', { figures: { loanPeriod: 18 } });
    expect(read(container.querySelector('[data-representative-example]'))).toContain('over 18 months.');
  });

  it('none while a figure is missing (the lender has not priced it), none for a company’s lease', () => {
    const { container, unmount } = summary('SE', { figures: { effectiveInterestRate: null } });
    expect(container.querySelector('[data-representative-example]')).toBeNull();
    unmount();
    const lease = summary('SE', { variant: 'business', agency: null });
    expect(lease.container.querySelector('[data-representative-example]')).toBeNull();
  });
});

describe('the credit check notice names the agency and the copy that comes by post', () => {
  it.each([
    ['en', 'SE', 'When you apply, Resurs Bank requests a credit report on you from UC AB, which will send you a copy by post (a kreditupplysningskopia) showing that Resurs Bank asked.'],
    ['sv', 'SE', 'När du ansöker tar Resurs Bank en kreditupplysning på dig hos UC AB, som skickar en kreditupplysningskopia till dig med posten. Av den framgår att Resurs Bank har begärt upplysningen.'],
    ['nb', 'SE', 'Når du søker, henter Resurs Bank inn en kredittopplysning om deg fra UC AB, som sender deg en kopi i posten (på svensk kreditupplysningskopia). Den viser at Resurs Bank har bedt om opplysningene.'],
    ['en', 'NO', 'When you apply, Resurs Bank requests credit information about you from UC AB, which will send you a copy by post (a gjenpart) showing that Resurs Bank asked.'],
    ['sv', 'NO', 'När du ansöker hämtar Resurs Bank kreditupplysningar om dig från UC AB, som skickar en kopia (på norska gjenpart) till dig med posten. Av den framgår att Resurs Bank har begärt uppgifterna.'],
    ['nb', 'NO', 'Når du søker, henter Resurs Bank inn kredittopplysninger om deg fra UC AB, som sender deg en gjenpart i posten. Den viser at Resurs Bank har bedt om opplysningene.'],
  ] as const)('%s, %s', async (language, country, text) => {
    await speak(language);
    const { container } = summary(country, { variant: 'consumer-v1' });
    const notice = container.querySelector('[data-credit-check-notice]');
    expect(read(notice)).toContain(text);
  });

  it.each([
    ['en', 'from a credit reference agency, which will send you a copy by post'],
    ['sv', 'hos ett kreditupplysningsföretag, som skickar en kreditupplysningskopia till dig med posten'],
    ['nb', 'fra et kredittopplysningsforetak, som sender deg en kopi i posten'],
  ] as const)('%s: names no agency where none is configured, and still says the copy comes by post', async (language, text) => {
    await speak(language);
    const { container } = summary('SE', { agency: null });
    expect(read(container.querySelector('[data-credit-check-notice]'))).toContain(text);
  });

  it('Norway’s version 2 keeps the credit agreement notice beside it; a company’s lease has no credit check notice', () => {
    const { container, unmount } = summary('NO');
    const notice = container.querySelector('[data-credit-check-notice]');
    if (!(notice instanceof HTMLElement)) throw new Error('no notice');
    expect(within(notice).getByText(/enter into a credit agreement with Resurs Bank/)).toBeInTheDocument();
    expect(within(notice).getByText(/gjenpart/)).toBeInTheDocument();
    unmount();
    summary('NO', { variant: 'business', agency: null });
    expect(screen.queryByText(/credit reference agency|credit information about you/)).toBeNull();
  });
});
