/**
 * Renders a page of the flow after the apply screen the way the app does (router, SWR, English
 * texts), against a fetch that answers from a table of routes; records the calls, the navigation
 * and where the browser was sent.
 */
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import type { LoanApplicationsResponse, LoanApplicationView } from '@portal/domain';
import { renderUi } from '@/components/ui/test-render';
import { browser } from '@/lib/api-client';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}
export type Answer = { status?: number; body: unknown };
export type Routes = Record<string, Answer | ((call: Call) => Answer)>;

/** `routes` keys are "METHOD /path" (without the query); anything else answers 404. */
export function serve(routes: Routes) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const call: Call = { method, url: input, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const route = routes[`${method} ${input.split('?')[0]}`];
      const answer = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { status: 404, errorCode: 'UNKNOWN', message: '' } });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** The browser leaving the app (`browser.assign`), recorded instead of followed. */
export function recordLeaving() {
  return vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
}

function Elsewhere() {
  const [location] = useLocation();
  const search = useSearch();
  return <p data-testid="elsewhere">{search ? `${location}?${search}` : location}</p>;
}

/**
 * Renders `page` at `path` (`pattern` is its route, for parameters). Other paths render a marker
 * with the path, so a test sees where the page sent the customer.
 */
export function renderFlowPage(page: ReactElement | ((params: Record<string, string | undefined>) => ReactElement), path: string, pattern = path.split('?')[0] ?? path) {
  const location = memoryLocation({ path, record: true });
  // English whatever the application's country: the page would otherwise switch to its language.
  sessionStorage.setItem('portal.language', 'en');
  const view = renderUi(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Switch>
          <Route path={pattern}>{(params) => (typeof page === 'function' ? page(params) : page)}</Route>
          <Route>
            <Elsewhere />
          </Route>
        </Switch>
      </Router>
    </SWRConfig>,
  );
  return { ...view, history: location.history };
}

type Overrides = Partial<Omit<LoanApplicationView, 'customer'>> & { customer?: Partial<LoanApplicationView['customer']> };

export function flowApplication({ customer, ...rest }: Overrides = {}): LoanApplicationView {
  return {
    reference: 'REF-123',
    merchantId: 'demo',
    merchantName: 'Demo shop',
    merchantPaymentReference: 'order-1',
    callbackUrl: 'http://localhost/demo-shop/return',
    status: 'APPROVED',
    version: 1,
    isRenewal: false,
    items: [],
    loanProduct: { provider: 'RESURS' },
    creditAgency: 'Experian AS',
    loan: {
      loanAmount: 15000,
      loanPeriod: 36,
      renewalPeriod: null,
      currency: 'NOK',
      cost: 2500,
      totalAmount: 17500,
      interestRate: 12.9,
      effectiveInterestRate: 14.12,
      totalMonthlyPayment: 486.11,
      secciLinks: [],
      generalTermsLinks: [],
    },
    ...rest,
    customer: {
      firstName: 'Kari',
      lastName: 'Nordmann',
      type: 'PRIVATE',
      countryCode: 'NO',
      companyName: null,
      externalId: null,
      phone: '+47 91234567',
      email: 'kari@example.com',
      address: 'Storgata 1',
      postalCode: '0155',
      city: 'Oslo',
      ...customer,
    },
  };
}

export const applicationsAnswer = (application: LoanApplicationView | null): Answer => ({
  body: { person: { firstName: 'Kari', lastName: 'Nordmann' }, loanApplications: application ? [application] : [], consents: [], products: [], lenderAvailable: true } satisfies LoanApplicationsResponse,
});
