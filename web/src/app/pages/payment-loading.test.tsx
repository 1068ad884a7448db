import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '@portal/domain';
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
    expect(heading).toHaveFocus();
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
