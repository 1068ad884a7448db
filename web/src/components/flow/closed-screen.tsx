import { lazy, Suspense } from 'react';
import { Redirect } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApplicationClosed, type ApplicationClosedProps } from '@/components/flow/application-closed';
import { PageSpinner } from '@/components/layout/page-spinner';
import { loadNamespaces } from '@/lib/i18n';

/**
 * The closing panel is rarely needed on a page of the flow (the apply screen, the sign page): its
 * texts download only when the application turns final under the page, so the routes do not
 * carry them in their first load.
 */
const WithTexts = lazy(async () => {
  await loadNamespaces('closed');
  return { default: ApplicationClosed };
});

export function ClosedScreen(props: ApplicationClosedProps) {
  // A decline has a page of its own: why, free debt advice, a review by a person (issue 32).
  if (props.reason === 'declined') return <Redirect to={PAGES.declined.url()} replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <WithTexts {...props} />
    </Suspense>
  );
}
