import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/domain';
import { renderFlowPage, serve } from '@/features/payment/testing/flow-page';
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

  it('opened without an application, says what happened and where to go, with no way in that leads nowhere', async () => {
    serve(features);
    renderFlowPage(<IdentifyPage />, '/', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Start from the shop' })).toBeInTheDocument();
    expect(screen.getByText(/the link you followed has no application in it\. Go back to the shop/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /BankID/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in as test customer' })).toBeNull();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('opened without an application in a window that was working on one, offers to carry on with it', () => {
    serve(features);
    rememberReference('REF-9');
    renderFlowPage(<IdentifyPage />, '/', '/');
    expect(screen.getByText('You can also carry on with the application you were working on in this window.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with your application' })).toHaveAttribute('href', '/REF-9');
  });
});
