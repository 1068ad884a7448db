import { useSWRConfig } from 'swr';
import { Redirect, useSearch } from 'wouter';
import { APPLICATIONS_KEY } from '@/features/applications/api/get-applications';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { pageForError } from '@/lib/route-errors';

/**
 * What a page shows when loading its data failed: the error page the HTTP answer calls for, or,
 * when the server could not be reached, a clear message with a retry. Never a blank screen.
 */
export function ApiErrorView({ error, reference, onRetry }: { error: unknown; reference?: string; onRetry: () => void }) {
  const t = useT();
  const search = useSearch();
  const { cache } = useSWRConfig();
  const hadSession = cache.get(APPLICATIONS_KEY)?.data !== undefined;
  const page = pageForError(error, reference, search, hadSession);
  if (page) return <Redirect to={page} replace />;
  return (
    <section aria-labelledby="network-title" className="space-y-4">
      <h1 id="network-title" className="text-h1">
        {t('pages.network.title')}
      </h1>
      <p>{t('pages.network.text')}</p>
      <Button onClick={onRetry}>{t('pages.retry')}</Button>
    </section>
  );
}
