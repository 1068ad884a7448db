import { type ReactNode, useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter';
import { PAGES } from '@portal/domain';
import { FEATURES_KEY, useFeatures } from '@/features/applications/api/get-features';
import { useActiveApplication } from '@/features/applications/api/get-applications';
import { useT } from '@/lib/i18n';
import { ApiErrorView } from './api-error-view';
import { LanguageMenu } from './language-menu';
import { PageSpinner } from './page-spinner';

/** Moves focus to the new page's heading after each navigation, so screen readers announce it. */
function useFocusHeadingOnNavigation(location: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('#main-content h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [location]);
}

export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const [location] = useLocation();
  const { mutate } = useSWRConfig();
  const features = useFeatures();
  // Only what a page has loaded already: the header never fetches by itself.
  const application = useActiveApplication({ fetch: false });
  const business = application?.customer.type === 'LEGAL';
  useFocusHeadingOnNavigation(location);

  // The features are loaded again before each navigation (spec section 2).
  const firstLocation = useRef(location);
  useEffect(() => {
    if (location !== firstLocation.current) void mutate(FEATURES_KEY);
  }, [location, mutate]);

  let content: ReactNode = children;
  if (!features.data && features.error) {
    content = <ApiErrorView error={features.error} onRetry={() => void features.mutate()} />;
  } else if (!features.data) {
    content = <PageSpinner />;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-900 focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        {t('app.skipToContent')}
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <Link
            href={application ? PAGES.apply.url({ reference: application.reference }) : PAGES.index.url()}
            className="flex min-h-11 items-center gap-2 text-lg font-bold"
            aria-label={t(business ? 'app.logoBusiness' : 'app.logoConsumer')}
          >
            <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
              <rect width="32" height="32" rx="6" fill={business ? '#f2b33d' : '#ffffff'} />
              <path d="M9 22V10h6.5a4 4 0 0 1 0 8H12" fill="none" stroke="#0f3d3e" strokeWidth="3" strokeLinecap="round" />
            </svg>
            <span aria-hidden="true">{t(business ? 'app.titleBusiness' : 'app.title')}</span>
          </Link>
          <div className="flex flex-wrap items-center gap-x-3">
            <LanguageMenu />
            {application ? (
              <>
                <a href={application.callbackUrl} className="min-h-11 content-center text-sm underline">
                  {t('app.backToMerchant')}
                </a>
                <Link href={PAGES.logout.url()} className="min-h-11 content-center text-sm underline">
                  {t('app.logout')}
                </Link>
              </>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 outline-none">
        {content}
      </main>
    </div>
  );
}
