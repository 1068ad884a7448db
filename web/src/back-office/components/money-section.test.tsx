import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail, BackOfficeMoneyOperation } from '@portal/domain';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { loadLanguage } from '../i18n';
import { MoneySection } from './money-section';

const renderConsole = (ui: ReactElement) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

const operation = (overrides: Partial<BackOfficeMoneyOperation>): BackOfficeMoneyOperation => ({
  id: 'op-1',
  kind: 'capture',
  state: 'done',
  amount: 10_000,
  lines: [{ sku: 'PHN-128', quantity: 1 }],
  createdAt: '2026-11-27T10:00:00Z',
  completedAt: '2026-11-27T10:00:01Z',
  failure: null,
  attempts: 1,
  ...overrides,
});

const detail = (overrides: Partial<Pick<ApplicationDetail, 'money' | 'moneyOperations' | 'deliveryConfirmedAt'>> = {}) => ({
  application: { provider: 'RESURS', currency: 'NOK' } as ApplicationDetail['application'],
  money: { currency: 'NOK', authorized: 15_000, captured: 10_000, refunded: 0, cancelled: 0, settlement: 'PARTLY_CAPTURED' } as const,
  deliveryConfirmedAt: null,
  moneyOperations: [
    operation({}),
    operation({ id: 'op-2', state: 'failed', amount: 2_500.5, lines: [], attempts: 13, completedAt: '2026-11-27T22:00:00Z', failure: { errorCode: 'WEB_SERVICE_DOWN' } }),
    operation({ id: 'op-3', kind: 'refund', state: 'pending', amount: 500, lines: [], completedAt: null }),
  ],
  ...overrides,
});

describe('the money of an application in the back office', () => {
  beforeAll(async () => {
    await loadLanguage('en');
  });

  it('shows the money and each operation, and offers a retry for the failed one only', () => {
    renderConsole(<MoneySection detail={detail()} onRetry={vi.fn()} />);
    expect(screen.getByTestId('settlement')).toHaveTextContent('Partly captured PARTLY_CAPTURED');
    expect(screen.getByTestId('money-captured')).toHaveTextContent(/10,000\.00/);
    const [done, failed, pending] = screen.getAllByTestId('money-operation');
    if (!done || !failed || !pending) throw new Error('three operations expected');
    expect(done).toHaveTextContent('Capture · NOK 10,000.00');
    expect(done).toHaveTextContent('PHN-128 × 1');
    expect(within(done).queryByRole('button')).toBeNull();
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('An amount, not by item');
    expect(within(failed).getByTestId('failure-code')).toHaveTextContent('WEB_SERVICE_DOWN');
    expect(within(failed).getByRole('textbox', { name: /Why try it again\? \(Capture, NOK\s2,500\.50\)/ })).toBeInTheDocument();
    expect(within(pending).getByText('Waiting for the lender')).toBeInTheDocument();
    expect(within(pending).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
  });

  it('sends the reason with the failed operation, and says so when the money no longer allows it', async () => {
    const onRetry = vi.fn().mockRejectedValueOnce(new ApiRequestError(409, { status: 409, errorCode: 'REQUEST_ERROR', message: 'Conflict' })).mockResolvedValueOnce(undefined);
    renderConsole(<MoneySection detail={detail()} onRetry={onRetry} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Why try it again/ }), 'Resurs is back');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenLastCalledWith('op-2', 'Resurs is back');
    expect(await screen.findByRole('alert')).toHaveTextContent('the money no longer allows it');

    await userEvent.type(screen.getByRole('textbox', { name: /Why try it again/ }), 'Resurs is back');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sent to the lender again. Its state below follows.')).toBeInTheDocument();
  });

  it('says nothing before the lender granted it, and a lease\u2019s delivery once it is confirmed', () => {
    const { container, unmount } = renderConsole(<MoneySection detail={detail({ money: null, moneyOperations: [] })} onRetry={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
    unmount();
    renderConsole(
      <MoneySection
        detail={{ ...detail({ money: null, deliveryConfirmedAt: '2026-11-27T12:00:00Z', moneyOperations: [operation({ kind: 'confirm-delivery', amount: null, lines: [] })] }), application: { provider: 'GRENKE', currency: 'NOK' } as ApplicationDetail['application'] }}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByText('Delivery confirmed')).toBeInTheDocument();
    expect(screen.getByTestId('money-operation')).toHaveTextContent('Delivery confirmation');
    expect(screen.queryByTestId('settlement')).toBeNull();
  });
});
