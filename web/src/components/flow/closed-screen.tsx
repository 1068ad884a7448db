import { lazy, Suspense } from 'react';
import { PageSpinner } from '@/components/layout/page-spinner';
import type { ApplicationClosedProps } from '@/components/flow/application-closed';
import { loadNamespaces } from '@/lib/i18n';

/**
 * The closing panel is rarely needed on the apply screen: it and its texts download only when
 * the application turns final under it, so the route's first load stays within its budget.
 */
const ApplicationClosed = lazy(async () => {
  const [module] = await Promise.all([import('@/components/flow/application-closed'), loadNamespaces('payment')]);
  return { default: module.ApplicationClosed };
});

export function ClosedScreen(props: ApplicationClosedProps) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ApplicationClosed {...props} />
    </Suspense>
  );
}
