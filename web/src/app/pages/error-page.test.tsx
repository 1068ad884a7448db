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
const notFound = { status: 404, body: { status: 404, errorCode: 'APPLICATION_NOT_FOUND', message: 'We could not find the application.' } };

function Identify() {
  return <p data-testid="identify">{useSearch()}</p>;
}

/**
 * The apply route and the error page on the browser's own location, as in the app: the reference
 * travels to the 404 page in history state.
 */
function renderApp() {
  return renderUi(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <Router>
        <Switch>
          <Route path="/404">
            <ErrorPage status="404" />
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

describe('the page for an application not found for this person (404)', () => {
  // The server answers someone else's application exactly as one that does not exist: one page
  // for both, with the two ways on that help in either case.
  it('offers: log out and identify as the right person for the same application, or go back', async () => {
    const calls = serve({ ...features, [validate]: notFound, 'POST /api/loan-application/logout': { body: { redirectUrl: null } } });
    window.history.pushState(null, '', '/REF-123');
    renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this application for you' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/404');
    expect(screen.getByText(/A company's application opens only for someone who may sign for the company/)).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Log out and identify as the right person', 'Go back']);

    await userEvent.click(screen.getByRole('button', { name: 'Log out and identify as the right person' }));
    expect(await screen.findByTestId('identify')).toHaveTextContent('reference=REF-123');
    // The session ended before identification starts again for the same application.
    const logoutAt = calls.findIndex((call) => call.method === 'POST' && call.url === API.logout.url());
    expect(logoutAt).toBeGreaterThan(calls.findIndex((call) => call.url === API.validate.url({ reference: 'REF-123' })));
  });

  it('goes back where the person came from', async () => {
    serve({ ...features, [validate]: notFound });
    window.history.replaceState(null, '', '/');
    window.history.pushState(null, '', '/REF-123');
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('the plain not-found page (no application) keeps its way to the start page', async () => {
    serve({});
    window.history.replaceState(null, '', '/404');
    renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out and identify as the right person' })).toBeNull();
  });
});
