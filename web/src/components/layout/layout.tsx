import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { PAGES } from '@portal/domain';
import { FEATURES_KEY, useFeatures } from '@/lib/api/get-features';
import { useActiveApplication } from '@/lib/api/get-applications';
import { useT } from '@/lib/i18n';
import { ApiErrorView } from './api-error-view';
import { ErrorBoundary } from './error-boundary';
import { Header } from './header';
import { PageFailure } from './page-failure';
import { PageSpinner } from './page-spinner';
import { useDocumentTitle, useFocusHeadingOnNavigation } from './use-page-focus';

/** Pages that must show even when the features cannot be loaded (they may be why). */
const WITHOUT_FEATURES = new Set<string>([
  PAGES.badRequest.url(),
  PAGES.unauthorized.url(),
  PAGES.forbidden.url(),
  PAGES.notFound.url(),
  PAGES.serverError.url(),
  PAGES.logout.url(),
]);

/** Pages that show no application: every other page loads one, and the header then shows its links. */
const WITHOUT_APPLICATION = new Set<string>([PAGES.index.url(), PAGES.designSystem.url()]);

/** The skip link moves focus itself: following `#main-content` alone does not in every browser. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main-content');
  if (!main) return;
  event.preventDefault();
  main.focus();
}

export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const [location] = useLocation();
  const { mutate } = useSWRConfig();
  const features = useFeatures();
  // Only what a page has loaded already: the header never fetches by itself.
  const application = useActiveApplication({ fetch: false });
  const site = t(application?.customer.type === 'LEGAL' ? 'app.titleBusiness' : 'app.title');
  useFocusHeadingOnNavigation(location);
  useDocumentTitle(site, (page) => t('app.documentTitle', { page, site }));

  // The features are loaded again before each navigation (spec section 2).
  const firstLocation = useRef(location);
  useEffect(() => {
    if (location !== firstLocation.current) void mutate(FEATURES_KEY);
  }, [location, mutate]);

  let content: ReactNode = children;
  if (!WITHOUT_FEATURES.has(location)) {
    if (!features.data && features.error) {
      content = <ApiErrorView error={features.error} onRetry={() => void features.mutate()} />;
    } else if (!features.data) {
      content = <PageSpinner />;
    }
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        onClick={skipToContent}
        className="sr-only z-50 rounded bg-white px-4 py-3 font-semibold text-brand-900 underline [--color-focus:var(--color-focus-inverse)] focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <Header application={application} expectApplication={!WITHOUT_FEATURES.has(location) && !WITHOUT_APPLICATION.has(location)} />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:py-10">
        <ErrorBoundary resetKey={location} fallback={(error, retry) => <PageFailure error={error} retry={retry} />}>
          {content}
        </ErrorBoundary>
      </main>
    </div>
  );
}
