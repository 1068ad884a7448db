import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { type PageData, SPA_BASE } from '@portal/domain';
import { ErrorBoundary } from '@/components/layout/error-boundary';
import { Layout } from '@/components/layout/layout';
import { PageFailure } from '@/components/layout/page-failure';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { PageDataContext, renderedAnswers } from '@/lib/page-data';
import { AppRoutes } from './routes';

const swrOptions = {
  // Answers the server meant (4xx) are final; only failures worth repeating are retried.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiRequestError && error.status < 500),
  errorRetryCount: 2,
  revalidateOnFocus: false,
};

const shellFailure = (error: unknown, retry: () => void) => (
  <main className="mx-auto w-full max-w-3xl px-4 py-6">
    <PageFailure error={error} retry={retry} />
  </main>
);

interface AppProps {
  /** What the server rendered the page from (ADR 26): its answers are the data's first value. */
  pageData?: PageData | null;
  /** On the server: the address being rendered (path and query). */
  ssrPath?: string;
  /** On the server: where a page sent the customer on to (wouter's `<Redirect>` sets it). */
  ssrContext?: { redirectTo?: string };
}

export function App({ pageData = null, ssrPath, ssrContext }: AppProps) {
  const [swrConfig] = useState(() => ({
    ...swrOptions,
    ...(pageData ? { fallback: renderedAnswers(pageData) } : {}),
    // On the server, a data cache per page rendered: nothing of one request's is seen by another.
    ...(ssrPath === undefined ? {} : { provider: () => new Map() }),
  }));
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={swrConfig}>
        <PageDataContext value={pageData}>
          <Router base={SPA_BASE} ssrPath={ssrPath} ssrContext={ssrContext}>
            {/* The layout has its own boundary around the page; this one is for the header itself. */}
            <ErrorBoundary resetKey="app" fallback={shellFailure}>
              <Layout>
                <AppRoutes />
              </Layout>
            </ErrorBoundary>
          </Router>
        </PageDataContext>
      </SWRConfig>
    </I18nProvider>
  );
}
