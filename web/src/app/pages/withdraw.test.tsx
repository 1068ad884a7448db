import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, type WithdrawalView } from '@portal/domain';
import { renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import { MY_APPLICATIONS, myApplication, myApplicationsAnswer, UNIDENTIFIED } from '@/features/my-applications/testing/my-application';
import { formatDateTime } from '@/lib/format';
import WithdrawPage from './withdraw';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const POST_WITHDRAWAL = `POST ${API.myWithdrawal.url({ reference: 'REF-123' })}`;
const WITHDRAWN: WithdrawalView = { available: false, deadline: '2026-12-04T22:59:59.999Z', unavailableBecause: 'withdrawn', withdrawnAt: '2026-11-28T10:15:00.000Z', reference: 'W-4F7Q2' };
const renderPage = () => renderFlowPage(<WithdrawPage />, '/my-applications/REF-123/withdraw', '/my-applications/:reference/withdraw');
const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

describe('the withdrawal from a credit agreement (issue 32)', () => {
  it('says what will happen, asks for a confirmation on a second step, and only then sends it', async () => {
    const calls = serve({ [MY_APPLICATIONS]: myApplicationsAnswer(myApplication()), [POST_WITHDRAWAL]: { body: WITHDRAWN } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw from your credit agreement' })).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(within(list).getByText(/You withdraw from the credit agreement with Resurs Bank for your purchase at Demo shop/)).toBeInTheDocument();
    expect(within(list).getByText(`You can withdraw until ${formatDateTime('2026-12-04T22:59:59.999Z', 'en')}.`)).toBeInTheDocument();
    expect(within(list).getByText(/Within 30 days you repay the amount of credit, and the interest accrued/)).toBeInTheDocument();
    expect(within(list).getByText(/does not by itself cancel your purchase.*contact Demo shop/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw from the agreement' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm that you withdraw' })).toHaveFocus();
    expect(posts(calls)).toHaveLength(0);

    // Going back sends nothing either.
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw from your credit agreement' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw from the agreement' }));
    expect(posts(calls)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'We received your withdrawal' })).toHaveFocus();
    expect(posts(calls)).toEqual([{ method: 'POST', url: API.myWithdrawal.url({ reference: 'REF-123' }), body: { confirm: true } }]);
    expect(
      screen.getByText(`We received your withdrawal on ${formatDateTime('2026-11-28T10:15:00.000Z', 'en')}. Reference W-4F7Q2. A confirmation has been e-mailed to you.`),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal on the confirmation step and stays there", async () => {
    serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(myApplication()),
      [POST_WITHDRAWAL]: { status: 409, body: { status: 409, errorCode: 'WITHDRAWAL_NOT_POSSIBLE', message: 'The withdrawal period has ended.' } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw from the agreement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The withdrawal period has ended.');
    expect(screen.getByRole('button', { name: 'Confirm withdrawal' })).toBeInTheDocument();
  });

  it('says why when the period is over, and offers no control', async () => {
    const calls = serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(myApplication({ withdrawal: { available: false, deadline: '2026-11-10T22:59:59.999Z', unavailableBecause: 'period_over', withdrawnAt: null, reference: null } })),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'You cannot withdraw here' })).toBeInTheDocument();
    expect(screen.getByText(`The withdrawal period ended on ${formatDateTime('2026-11-10T22:59:59.999Z', 'en')}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withdraw|Confirm/ })).toBeNull();
    expect(posts(calls)).toHaveLength(0);
  });

  it("says a company's lease has no right of withdrawal", async () => {
    serve({
      [MY_APPLICATIONS]: myApplicationsAnswer(myApplication({ customerType: 'LEGAL', withdrawal: { available: false, deadline: null, unavailableBecause: 'business', withdrawnAt: null, reference: null } })),
    });
    renderPage();
    expect(await screen.findByText(/A company's lease has no statutory right of withdrawal/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withdraw|Confirm/ })).toBeNull();
  });

  it('sends a person nobody has identified to identify on their applications page', async () => {
    serve({ [MY_APPLICATIONS]: UNIDENTIFIED });
    renderPage();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/my-applications');
    expect(screen.queryByRole('button', { name: 'Withdraw from the agreement' })).toBeNull();
  });
});
