import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/components/ui/test-render';
import { PaymentStatusView, type PaymentStatusViewProps } from './payment-status-view';

const warning = () => screen.queryByRole('complementary', { name: 'Warning about the cost of credit' });
const view = (state: PaymentStatusViewProps['state'], creditWarning?: boolean) =>
  renderUi(<PaymentStatusView state={state} onCheckNow={() => undefined} merchant="Demo shop" creditWarning={creditWarning} />);

describe('Konsumentverket’s warning on the waiting screen (ADR 34)', () => {
  it('stays while a Swedish consumer’s application waits or a person decides', () => {
    const { unmount } = view({ phase: 'polling', retries: 0, trouble: false }, true);
    expect(warning()).toHaveTextContent('Att låna kostar pengar!');
    unmount();
    view({ phase: 'review', redirectUrl: 'http://localhost/demo-shop/return' }, true);
    expect(warning()).toBeInTheDocument();
  });

  it('is not there for anyone else, nor once the wait failed', () => {
    const { unmount } = view({ phase: 'polling', retries: 0, trouble: false });
    expect(warning()).toBeNull();
    unmount();
    view({ phase: 'failed', failure: 'UNKNOWN', retries: 3, redirectUrl: null }, true);
    expect(warning()).toBeNull();
  });
});
