import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationReview, ApplicationWithdrawal } from '@portal/domain';
import { i18n } from '@/lib/i18n';
import { loadLanguage } from '../i18n';
import { AfterDecisionSection } from './after-decision-section';

const renderConsole = (ui: ReactElement) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

const REVIEW: ApplicationReview = {
  reference: 'R-7K2M9QXD',
  status: 'in_review',
  wants: ['explanation', 'view'],
  createdAt: '2026-11-27T10:00:00Z',
  dueAt: '2026-12-27T10:00:00Z',
  overdue: true,
  attachment: { name: 'kvittering.png', type: 'image/png' },
  answer: null,
};
const WITHDRAWAL: ApplicationWithdrawal = {
  reference: 'W-4HQ2ZP8M',
  receivedAt: '2026-11-27T12:00:00Z',
  deadline: '2026-12-11T22:59:59Z',
  state: 'lender_queue',
  lenderAction: 'open-amount-cancelled',
  handledAt: null,
  handledBy: null,
  note: null,
};

describe('the review request and withdrawal on an application’s page in the back office', () => {
  beforeAll(async () => {
    await loadLanguage('en');
  });

  it('shows nothing for an application with neither', () => {
    const { container } = renderConsole(<AfterDecisionSection afterDecision={{ review: null, withdrawal: null }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows an open request with its due date said overdue, and the way to the queue to answer it', () => {
    renderConsole(<AfterDecisionSection afterDecision={{ review: REVIEW, withdrawal: null }} />);
    const review = screen.getByTestId('after-decision-review');
    expect(within(review).getByRole('heading', { name: 'Review request R-7K2M9QXD' })).toBeInTheDocument();
    expect(review).toHaveTextContent('With the lender');
    expect(review).toHaveTextContent('Overdue');
    expect(review).toHaveTextContent('An explanation of the decision, To give their own view');
    expect(review).toHaveTextContent('kvittering.png');
    expect(screen.getByRole('link', { name: 'Answer or handle it in Reviews and withdrawals' })).toHaveAttribute('href', '/reviews-and-withdrawals');
  });

  it('shows the lender’s answer and who recorded it, and a handled withdrawal with its note; nothing left for the queue', () => {
    renderConsole(
      <AfterDecisionSection
        afterDecision={{
          review: { ...REVIEW, status: 'answered', overdue: false, answer: { outcome: 'changed', factors: ['Anmerkningen er slettet.'], explanation: 'Kreditten innvilges.', answeredAt: '2026-11-28T09:00:00Z', answeredBy: 'operator-support' } },
          withdrawal: { ...WITHDRAWAL, state: 'done', handledAt: '2026-11-28T10:00:00Z', handledBy: 'operator-support', note: 'Repayment arranged with the shop' },
        }}
      />,
    );
    expect(screen.getByTestId('review-outcome')).toHaveTextContent(/^The decision is changed: the credit is approved · Recorded .+ by operator-support$/);
    expect(screen.getByTestId('after-decision-review')).toHaveTextContent('Anmerkningen er slettet.');
    expect(screen.getByTestId('after-decision-review')).not.toHaveTextContent('Overdue');
    const withdrawal = screen.getByTestId('after-decision-withdrawal');
    expect(within(withdrawal).getByTestId('withdrawal-state')).toHaveTextContent('Handled');
    expect(withdrawal).toHaveTextContent('The amount not yet paid to the shop was cancelled');
    expect(withdrawal).toHaveTextContent('Repayment arranged with the shop');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
