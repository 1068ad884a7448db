import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationsAnswer, flowApplication, renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import PaymentFailPage from './payment-fail';
import PaymentPage from './payment';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the payment page', () => {
  it('says the application is complete and offers the way back to the shop', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'COMPLETED' })) });
    renderFlowPage(<PaymentPage />, '/form/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application is complete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeInTheDocument();
  });

  it('sends an application that is not complete to its step', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'APPROVED' })) });
    renderFlowPage(<PaymentPage />, '/form/payment');
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/key-facts');
  });
});

describe('the payment failure page', () => {
  it('offers to try again at the step the application is at, or to go back to the shop', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNING' })) });
    renderFlowPage(<PaymentFailPage />, '/form/payment/fail');
    expect(await screen.findByRole('heading', { level: 1, name: 'The payment was not completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/form/key-facts');
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeInTheDocument();
  });

  it('tries a Resurs version 2 payment again from the key facts, which send the customer on to Resurs\' task page', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ version: 2, status: 'SIGNING' })) });
    renderFlowPage(<PaymentFailPage />, '/form/payment/fail');
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/form/key-facts');
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeInTheDocument();
  });

  it('sends an application the lender is deciding to the waiting page', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ version: 2, status: 'PENDING' })) });
    renderFlowPage(<PaymentFailPage />, '/form/payment/fail');
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/payment/loading/demo/order-1');
  });

  it('offers only the way back to the shop once the application is closed', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ version: 2, status: 'FAILED' })) });
    renderFlowPage(<PaymentFailPage />, '/form/payment/fail');
    expect(await screen.findByText('This application can no longer be continued. Go back to Demo shop to choose another way to pay.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });
});
