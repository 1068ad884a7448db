import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { Route, Router, Switch, useSearch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@portal/domain';
import { renderUi } from '@/components/ui/test-render';
import { serve } from '@/features/payment/testing/flow-page';
import ApplyPage from './apply';
import ErrorPage from './error-page';

const validate = `GET ${API.validate.url({ reference: 'REF-123' })}`;
const features = { [`GET ${API.features.url()}`]: { body: { showDummyLogin: false, resursMerchantApiEnabled: true } } };
const forbidden = (errorCode: string) => ({ status: 403, body: { status: 403, errorCode, message: '' } });

function Identify() {
  return <p data-testid="identify">{useSearch()}</p>;
}

/**
 * The apply route and the error page on the browser's own location, as in the app: the reference
 * travels to the 403 page in history state.
 */
function renderApp() {
  return renderUi(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <Router>
        <Switch>
          <Route path="/403">
            <ErrorPage status="403" />
          </Route>
          <Route path="/">
            <Identify />
          </Route>
          <Route path="/:reference">{(params) => <ApplyPage params={{ reference: params.reference ?? '' }} />}</Route>
        </Switch>
      </Router>
    </SWRConfig>,
  );
}

beforeEach(() => {
  sessionStorage.setItem('portal.language', 'en');
  window.history.replaceState(null, '', '/REF-123');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the page for someone else’s application (403)', () => {
  it('offers exactly: identify as the right person for the same application, or back to its shop', async () => {
    const calls = serve({ ...features, [validate]: forbidden('REQUEST_ERROR'), 'POST /api/loan-application/logout': { body: { redirectUrl: null } } });
    renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this application' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/403');
    const shop = screen.getByRole('link', { name: 'Back to the shop' });
    expect(shop).toHaveAttribute('href', '/api/loan-application/shop/REF-123');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getAllByRole('button')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Identify as the right person' }));
    expect(await screen.findByTestId('identify')).toHaveTextContent('reference=REF-123');
    expect(calls.some((call) => call.method === 'POST' && call.url === API.logout.url())).toBe(true);
    // The session ended before identification starts again for the same application.
    const logoutAt = calls.findIndex((call) => call.url === API.logout.url());
    expect(logoutAt).toBeGreaterThan(calls.findIndex((call) => call.url === API.validate.url({ reference: 'REF-123' })));
  });

  it('says plainly when the person cannot sign for the company (INVALID_CREDENTIALS), with the same two ways on', async () => {
    serve({ ...features, [validate]: forbidden('INVALID_CREDENTIALS') });
    renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'You cannot sign for this company' })).toBeInTheDocument();
    expect(screen.getByText(/you need the right to sign for it, as registered in the company registry/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Identify as the right person' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/api/loan-application/shop/REF-123');
  });

  it('without a known application still lets the person identify again', async () => {
    serve({ 'POST /api/loan-application/logout': { body: { redirectUrl: null } } });
    window.history.replaceState(null, '', '/403');
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Identify as the right person' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('link', { name: 'Back to the shop' })).toBeNull();
  });
});
