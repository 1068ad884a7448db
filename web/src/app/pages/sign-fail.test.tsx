import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationsAnswer, flowApplication, recordLeaving, renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import SignFailPage from './sign-fail';

const SHOP_RETURN = 'http://localhost/demo-shop/return?outcome=client_sign_failed&merchantPaymentReference=order-1';
const SIGNING_URL = 'http://localhost/sandbox/resurs-v1/sign/REF-123';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderFail = (search = '') => renderFlowPage(<SignFailPage />, `/form/sign/fail${search}`);

describe('the signing failure page', () => {
  it.each([
    ['10000', 'Something went wrong during the signing. Nothing has been signed.'],
    ['10001', 'The application must be approved before it can be signed.'],
    ['10002', 'The signature could not be accepted because its status is not valid. Nothing has been signed.'],
    ['10003', 'Bank services are unavailable at the moment. Please try again later.'],
  ])('shows signing code %s with its text', async (code, text) => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication()) });
    renderFail(`?code=${code}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The signing was not completed' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(`Error code: ${code}`)).toBeInTheDocument();
  });

  it('takes a signer who declined or cancelled (no code) as an outcome: not completed, try again or back to the shop', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNING' })) });
    renderFail();
    expect(await screen.findByRole('heading', { level: 1, name: 'The signing was not completed' })).toBeInTheDocument();
    expect(screen.getByText('The signing was cancelled or declined before it was finished. Nothing has been signed.')).toBeInTheDocument();
    expect(screen.queryByText(/Error code/)).toBeNull();
    expect(screen.queryByText(/status is not valid/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeInTheDocument();
  });

  it.each(['9999', '10004', 'abc'])('shows the generic 10000 text for a code it does not know (%s)', async (code) => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNING' })) });
    renderFail(`?code=${code}`);
    expect(await screen.findByText('Something went wrong during the signing. Nothing has been signed.')).toBeInTheDocument();
    expect(screen.getByText('Error code: 10000')).toBeInTheDocument();
  });

  it('tries again a Resurs version 2 payment from the key facts, which send the customer on to Resurs again', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ version: 2, status: 'SIGNING' })) });
    renderFail();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/key-facts');
  });

  it('sends an application the lender is already deciding to its step: there is nothing left to sign', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'SIGNED' })) });
    renderFail('?code=10002');
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/payment/loading/demo/order-1');
  });

  it('tries again with a new Resurs signing session (version 1) and sends the browser to it', async () => {
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication()),
      'POST /api/loan-application/resurs/create-signing-session': { body: { signingUrl: SIGNING_URL, paymentId: 'PAY-123' } },
    });
    const leaving = recordLeaving();
    renderFail('?code=10003');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      successUrl: `${window.location.origin}/api/loan-application/sign/success`,
      failUrl: '/loan-subscription/form/sign/fail',
    });
    expect(leaving).toHaveBeenCalledWith(SIGNING_URL);
  });

  it('shows why trying again failed, and keeps both ways on', async () => {
    serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication()),
      'POST /api/loan-application/resurs/create-signing-session': {
        status: 400,
        body: { status: 400, errorCode: 'APPLICATION_NOT_APPROVED', message: 'Application not approved.' },
      },
    });
    renderFail();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Application not approved.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeEnabled();
  });

  it('goes back to the sign page to try again a business contract', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ loanProduct: { provider: 'GRENKE' }, status: 'SIGNING', version: 2 })) });
    renderFail('?code=10002');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/form/sign');
  });

  it('takes the customer back to the shop through the server, which records the outcome', async () => {
    const calls = serve({
      'GET /api/loan-application': applicationsAnswer(flowApplication()),
      'POST /api/loan-application/leave': { body: { redirectUrl: SHOP_RETURN } },
    });
    const leaving = recordLeaving();
    renderFail();
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Demo shop' }));
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/loan-application/leave')).toBe(true);
    expect(leaving).toHaveBeenCalledWith(SHOP_RETURN);
  });

  it('offers only the way back to the shop once the application can no longer be signed', async () => {
    serve({ 'GET /api/loan-application': applicationsAnswer(flowApplication({ status: 'DECLINED' })) });
    renderFail('?code=10001');
    expect(await screen.findByText('This application can no longer be signed here. Go back to Demo shop.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to Demo shop' })).toBeInTheDocument();
  });
});
