import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '@/components/ui/test-render';
import { chooseLanguage } from '@/lib/i18n';
import { CreditCostWarning, showsCreditCostWarning } from './credit-cost-warning';

/** KOVFS 2025:1's texts, as CCD2.md quotes them (ADR 34). */
const HEADING = 'Att låna kostar pengar!';
const RISK =
  'Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning. Det kan leda till svårigheter att få hyra bostad, teckna abonnemang och få nya lån.';
const ADVICE = 'För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.';

afterEach(async () => {
  await act(() => chooseLanguage('en', { renderedPages: false }));
});

describe('the Swedish credit warning', () => {
  it.each(['sv', 'en', 'nb'] as const)('in %s: Konsumentverket’s words in Swedish, black on white, the red symbol three lines high', async (language) => {
    await act(() => chooseLanguage(language, { renderedPages: false }));
    renderUi(<CreditCostWarning />);
    const box = screen.getByRole('complementary');
    for (const text of [HEADING, RISK, ADVICE]) {
      const line = screen.getByText(text);
      expect(line.closest('[lang]')).toHaveAttribute('lang', 'sv');
    }
    expect(screen.getByText(HEADING)).toHaveClass('font-bold');
    expect(box).toHaveClass('bg-white', 'text-black', 'leading-6');
    // 4.5rem (size-18) beside text of 1.5rem a line (leading-6): three lines.
    const symbol = box.querySelector('svg');
    expect(symbol).toHaveClass('size-18');
    expect(symbol).toHaveAttribute('aria-hidden', 'true');
    expect(symbol?.querySelector('path')).toHaveAttribute('fill', '#d10000');
  });

  it('is not translated: an English or Norwegian screen shows the Swedish text, and only it', async () => {
    for (const language of ['en', 'nb'] as const) {
      await act(() => chooseLanguage(language, { renderedPages: false }));
      const { unmount } = renderUi(<CreditCostWarning />);
      expect(screen.getByRole('complementary').textContent).toBe(`${HEADING}${RISK}${ADVICE}`);
      unmount();
    }
  });

  it('belongs to a Swedish consumer’s credit only', () => {
    expect(showsCreditCostWarning({ customer: { countryCode: 'SE', type: 'PRIVATE' } })).toBe(true);
    expect(showsCreditCostWarning({ customer: { countryCode: 'SE', type: 'LEGAL' } })).toBe(false);
    expect(showsCreditCostWarning({ customer: { countryCode: 'NO', type: 'PRIVATE' } })).toBe(false);
  });
});
