import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES, PAYMENT_STATUS_POLL_INTERVAL_MS } from '@portal/domain';
import { type Answer, applicationsAnswer, flowApplication, recordLeaving, renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import PaymentLoadingPage from './payment-loading';

const SHOP = 'http://localhost/demo-shop/return?outcome=client_sign_success_approved&merchantPaymentReference=order%201';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const status = (paymentStatus: string): Answer => ({ body: { paymentStatus, redirectUrl: SHOP } });
const renderFor = (path: string, pattern: string) => renderFlowPage((params) => <PaymentLoadingPage params={params} />, path, pattern);

describe('the payment loading page', () => {
  it('asks for the payment of the address at once, and sends the browser to the shop on a final status', async () => {
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ merchantPaymentReference: 'order 1', status: 'COMPLETED' })),
      'GET /api/loan-application/payment/status': status('ACCEPTED'),
    });
    const leaving = recordLeaving();
    renderFor('/form/payment/loading/demo/order%201', PAGES.paymentLoadingFor.pattern);
    await vi.waitFor(() => expect(leaving).toHaveBeenCalledWith(SHOP));
    expect(calls.find((call) => call.url.startsWith('/api/loan-application/payment/status'))?.url).toBe(
      '/api/loan-application/payment/status?merchantId=demo&merchantPaymentReference=order+1',
    );
  });

  it('waits with the warning not to close the page', async () => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'PENDING' })),
      'GET /api/loan-application/payment/status': status('TASK_REDIRECTION_REQUIRED'),
    });
    renderFor('/form/payment/loading/demo/order-1', PAGES.paymentLoadingFor.pattern);
    expect(await screen.findByRole('heading', { level: 1, name: 'We are checking your application' })).toBeInTheDocument();
    expect(screen.getByText('Do not close this page')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking the status of your application…');
  });

  it('on a manual review stops asking, says so plainly in the live region, and offers the way back to the shop', async () => {
    const REVIEW = 'http://localhost/demo-shop/return?outcome=apply_continue&merchantPaymentReference=order-1';
    let answers = 0;
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNED' })),
      'GET /api/loan-application/payment/status': () => {
        answers += 1;
        return answers === 1 ? status('TASK_REDIRECTION_REQUIRED') : { body: { paymentStatus: 'FROZEN', redirectUrl: REVIEW } };
      },
    });
    const leaving = recordLeaving();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderFor('/form/payment/loading/demo/order-1', PAGES.paymentLoadingFor.pattern);
      await screen.findByRole('heading', { level: 1, name: 'We are checking your application' });
      const region = screen.getByRole('status');
      expect(region).toHaveTextContent('Checking the status of your application…');
      await act(() => vi.advanceTimersByTimeAsync(PAYMENT_STATUS_POLL_INTERVAL_MS));
      const heading = await screen.findByRole('heading', { level: 1, name: 'Your application needs a manual review' });
      expect(heading).toHaveFocus();
      // The same region, present from the start, carries the news (not only the focused heading).
      expect(screen.getByRole('status')).toBe(region);
      expect(region).toHaveTextContent('Your application will be reviewed by a person at the lender. You can close this page now.');
      expect(screen.getByText(/A person there will review it and decide, usually within 2 working days\./)).toBeInTheDocument();
      expect(screen.getByText('We will tell Demo shop the decision, and you will hear from the lender.')).toBeInTheDocument();
      expect(screen.getByText('You do not need to wait here: you can close this page now.')).toBeInTheDocument();
      expect(screen.queryByText('Do not close this page')).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to Demo shop' })).toHaveAttribute('href', REVIEW);
      await act(() => vi.advanceTimersByTimeAsync(PAYMENT_STATUS_POLL_INTERVAL_MS * 3));
      expect(calls.filter((call) => call.url.startsWith('/api/loan-application/payment/status'))).toHaveLength(2);
      expect(leaving).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows the active application without route parameters', async () => {
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ merchantPaymentReference: 'order-7', status: 'COMPLETED' })),
      'GET /api/loan-application/payment/status': status('REJECTED'),
    });
    const leaving = recordLeaving();
    renderFor('/form/payment/loading', PAGES.paymentLoading.pattern);
    await vi.waitFor(() => expect(leaving).toHaveBeenCalledWith(SHOP));
    expect(calls.some((call) => call.url.endsWith('merchantId=demo&merchantPaymentReference=order-7'))).toBe(true);
  });

  it('stops on an unknown status, says so, and takes the customer back to the shop', async () => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'PENDING' })),
      'GET /api/loan-application/payment/status': status('SOMETHING_NEW'),
      'POST /api/loan-application/leave': { body: { redirectUrl: SHOP } },
    });
    const leaving = recordLeaving();
    renderFor('/form/payment/loading/demo/order-1', PAGES.paymentLoadingFor.pattern);
    const heading = await screen.findByRole('heading', { level: 1, name: 'We could not read the answer' });
    // Focus moves in an effect after the heading is drawn, which a loaded machine may run later.
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown status code');
    expect(screen.getByRole('alert')).toHaveTextContent('Error code: UNKNOWN');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Demo shop' }));
    expect(leaving).toHaveBeenCalledWith(SHOP);
  });

  it('sends an expired session to identification for the same application', async () => {
    const expired: Answer = { status: 401, body: { status: 401, errorCode: 'INVALID_CREDENTIALS', message: '' } };
    sessionStorage.setItem('portal.activeReference', 'REF-123');
    serve({ 'GET /api/loan-application': expired, 'GET /api/loan-application/payment/status': expired });
    renderFor('/form/payment/loading/demo/order-1', PAGES.paymentLoadingFor.pattern);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/?reference=REF-123');
  });
});
