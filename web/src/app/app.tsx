import { I18nProvider } from '@lingui/react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { SPA_BASE } from '@portal/domain';
import { ErrorBoundary } from '@/components/layout/error-boundary';
import { Layout } from '@/components/layout/layout';
import { PageFailure } from '@/components/layout/page-failure';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
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

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={swrOptions}>
        <Router base={SPA_BASE}>
          {/* The layout has its own boundary around the page; this one is for the header itself. */}
          <ErrorBoundary resetKey="app" fallback={shellFailure}>
            <Layout>
              <AppRoutes />
            </Layout>
          </ErrorBoundary>
        </Router>
      </SWRConfig>
    </I18nProvider>
  );
}
