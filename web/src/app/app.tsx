import { I18nProvider } from '@lingui/react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { SPA_BASE } from '@portal/domain';
import { Layout } from '@/components/layout/layout';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { AppRoutes } from './routes';

const swrOptions = {
  // Answers the server meant (4xx) are final; only failures worth repeating are retried.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiRequestError && error.status < 500),
  errorRetryCount: 2,
  revalidateOnFocus: false,
};

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={swrOptions}>
        <Router base={SPA_BASE}>
          <Layout>
            <AppRoutes />
          </Layout>
        </Router>
      </SWRConfig>
    </I18nProvider>
  );
}
