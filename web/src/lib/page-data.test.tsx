import { act, renderHook } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PAGE_DATA_ID, type PageData, SPA_BASE } from '@portal/domain';
import { PageDataContext, readPageData, renderedAnswers, useForgetSession, useRenderedAnswer } from './page-data';

afterEach(() => document.getElementById(PAGE_DATA_ID)?.remove());

function embed(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_DATA_ID;
  script.textContent = text;
  document.body.append(script);
}

describe('the data a server-rendered page came with', () => {
  it('is read from the page, and only in its own form', () => {
    expect(readPageData()).toBeNull();
    embed('{"path":"/loan-subscription/","language":"sv","texts":["apply"],"answers":{"/api/loan-application/features":{"showDummyLogin":false}}}');
    expect(readPageData()).toEqual({ path: '/loan-subscription/', language: 'sv', texts: ['apply'], answers: { '/api/loan-application/features': { showDummyLogin: false } } });
    document.getElementById(PAGE_DATA_ID)?.remove();
    embed('{"language":"sv",');
    expect(readPageData()).toBeNull();
    document.getElementById(PAGE_DATA_ID)?.remove();
    embed('{"path":"/loan-subscription/","language":"de","texts":[],"answers":{}}');
    expect(readPageData()).toBeNull();
  });

  it('gives an answer to the page it was rendered for, the first time it asks; another page and a later visit ask the server anew', () => {
    const data: PageData = { path: '/loan-subscription/form/sign', language: 'nb', texts: [], answers: { '/api/loan-application': { loanApplications: [] } } };
    const at = (path: string) =>
      function Wrapper({ children }: { children: ReactNode }) {
        return (
          <Router base={SPA_BASE} hook={memoryLocation({ path }).hook}>
            <PageDataContext value={data}>{children}</PageDataContext>
          </Router>
        );
      };
    // The sign page after the apply page the server rendered: not its answers.
    expect(renderHook(() => useRenderedAnswer('/api/loan-application'), { wrapper: at('/loan-subscription/') }).result.current).toBeUndefined();
    const wrapper = at('/loan-subscription/form/sign');
    const first = renderHook(() => useRenderedAnswer('/api/loan-application'), { wrapper });
    expect(first.result.current).toEqual({ loanApplications: [] });
    // Kept while that page stays.
    first.rerender();
    expect(first.result.current).toEqual({ loanApplications: [] });
    first.unmount();
    expect(renderHook(() => useRenderedAnswer('/api/loan-application'), { wrapper }).result.current).toBeUndefined();
    // Without page data, or for an answer it does not hold, nothing.
    expect(renderHook(() => useRenderedAnswer('/api/loan-application')).result.current).toBeUndefined();
    expect(renderHook(() => useRenderedAnswer('/api/loan-application/features'), { wrapper }).result.current).toBeUndefined();
  });
});

describe('forgetting the session', () => {
  it('forgets the answers the page came with too: they no longer stand in for the emptied cache', async () => {
    const data: PageData = { path: '/loan-subscription/', language: 'nb', texts: [], answers: { '/api/loan-application': { loanApplications: [] } } };
    const config = { fallback: renderedAnswers(data), provider: () => new Map() };
    const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={config}>{children}</SWRConfig>;
    const { result, rerender } = renderHook(
      () => ({ applications: useSWR('/api/loan-application', null).data as unknown, forget: useForgetSession() }),
      { wrapper },
    );
    expect(result.current.applications).toEqual({ loanApplications: [] });
    await act(() => result.current.forget());
    // The next render (the page the app goes to next) finds nothing.
    rerender();
    expect(result.current.applications).toBeUndefined();
  });
});
