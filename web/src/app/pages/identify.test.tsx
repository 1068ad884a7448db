import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/domain';
import { recordLeaving, renderFlowPage, serve } from '@/features/payment/testing/flow-page';
import { rememberReference } from '@/features/payment/logic/remembered-reference';
import IdentifyPage from './identify';

const features = { [`GET ${API.features.url()}`]: { body: { showDummyLogin: true, resursMerchantApiEnabled: true } } };

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the identification page', () => {
  it('sends the person to BankID for the application, asking the broker to speak the portal’s language', async () => {
    serve(features);
    renderFlowPage(<IdentifyPage />, '/?reference=REF-1&countryCode=SE', '/');
    expect(screen.getByRole('link', { name: 'Identify with Swedish BankID' })).toHaveAttribute(
      'href',
      '/api/loan-application/auth/bankid/se?reference=REF-1&lang=en',
    );
    expect(screen.getByRole('link', { name: 'Identify with Norwegian BankID' })).toHaveAttribute(
      'href',
      '/api/loan-application/auth/bankid/no?reference=REF-1&lang=en',
    );
    expect(await screen.findByRole('button', { name: 'Log in as test customer' })).toBeInTheDocument();
  });

  it('starts BankID with a call, then sends the browser to the broker', async () => {
    const broker = 'http://localhost/sandbox/bankid/auth?state=s';
    const calls = serve({ ...features, [`POST ${API.bankIdStart.url({ country: 'no' })}`]: { body: { authorizationUrl: broker } } });
    const leaving = recordLeaving();
    renderFlowPage(<IdentifyPage />, '/?reference=REF-1&countryCode=NO', '/');
    await userEvent.click(screen.getByRole('link', { name: 'Identify with Norwegian BankID' }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/loan-application/auth/bankid/no', body: { reference: 'REF-1', lang: 'en' } });
    expect(leaving).toHaveBeenCalledWith(broker);
  });

  // Over a rate limit the server answers 429 (ADR 15): the page says to try again in 15 minutes.
  const TOO_MANY = { status: 429, body: { status: 429, errorCode: 'TOO_MANY_REQUESTS', message: 'Too many requests' } };

  it('says to try again in 15 minutes when the BankID start is refused as one too many, and stays', async () => {
    serve({ ...features, [`POST ${API.bankIdStart.url({ country: 'se' })}`]: TOO_MANY });
    const leaving = recordLeaving();
    renderFlowPage(<IdentifyPage />, '/?reference=REF-1&countryCode=SE', '/');
    await userEvent.click(screen.getByRole('link', { name: 'Identify with Swedish BankID' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 15 minutes.');
    expect(leaving).not.toHaveBeenCalled();
  });

  it('says to try again in 15 minutes when the dummy login is refused as one too many', async () => {
    serve({ ...features, [`POST ${API.dummyLogin.url()}`]: TOO_MANY });
    renderFlowPage(<IdentifyPage />, '/?reference=REF-1', '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as test customer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 15 minutes.');
  });

  it('opened without an application, says what happened and where to go, with no way in that leads nowhere', async () => {
    serve(features);
    renderFlowPage(<IdentifyPage />, '/', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Start from the shop' })).toBeInTheDocument();
    expect(screen.getByText(/the link you followed has no application in it\. Go back to the shop/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /BankID/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in as test customer' })).toBeNull();
    // The only link: the customer's own page, which identifies on its own.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/my-applications']);
  });

  it("links to the customer's own page, with and without an application", () => {
    serve(features);
    renderFlowPage(<IdentifyPage />, '/?reference=REF-1&countryCode=SE', '/');
    expect(screen.getByRole('link', { name: 'See your applications' })).toHaveAttribute('href', '/my-applications');
  });

  it('opened without an application in a window that was working on one, offers to carry on with it', () => {
    serve(features);
    rememberReference('REF-9');
    renderFlowPage(<IdentifyPage />, '/', '/');
    expect(screen.getByText('You can also carry on with the application you were working on in this window.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with your application' })).toHaveAttribute('href', '/REF-9');
  });
});
