/**
 * Renders an apply screen the way the app does (router, SWR, English texts) against a fetch that
 * answers from a table of routes, and records the calls and the navigation.
 */
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import type { Features, LoanApplicationsResponse } from '@portal/domain';
import { renderUi } from '@/components/ui/test-render';
import { ApplyScreen } from '../components/apply-screen';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

export type Answer = { status?: number; body: unknown };
export type Routes = Record<string, Answer | ((call: Call) => Answer | Promise<Answer>)>;

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
      const answer = typeof route === 'function' ? await route(call) : (route ?? { status: 404, body: { status: 404, errorCode: 'UNKNOWN', message: '' } });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export function renderWithApp(ui: ReactElement, path = '/REF-123', cache = new Map()) {
  const location = memoryLocation({ path, record: true });
  const tree = (child: ReactElement) => (
    <SWRConfig value={{ provider: () => cache, shouldRetryOnError: false, dedupingInterval: 0 }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {child}
      </Router>
    </SWRConfig>
  );
  const view = renderUi(tree(ui));
  return { ...view, history: location.history, rerenderWith: (next: ReactElement) => view.rerender(tree(next)) };
}

const FEATURES: Features = { showDummyLogin: false, resursMerchantApiEnabled: true };

export function renderApply(data: LoanApplicationsResponse, features: Features = FEATURES) {
  const screenOf = (answer: LoanApplicationsResponse) => {
    const active = answer.loanApplications[0];
    if (!active) throw new Error('the answer has no application');
    return <ApplyScreen data={answer} application={active} features={features} onRetry={() => undefined} retrying={false} />;
  };
  const view = renderWithApp(screenOf(data));
  return { ...view, rerenderScreen: (next: LoanApplicationsResponse) => view.rerenderWith(screenOf(next)) };
}
