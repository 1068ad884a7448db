import { useSWRConfig } from 'swr';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { PAGES } from '@portal/domain';
import { APPLICATIONS_KEY } from '@/lib/api/get-applications';
import { Button, buttonVariants } from '@/components/ui/button';
import { NetworkError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { errorText, pageForError } from '@/lib/route-errors';
import { MessagePanel } from './message-panel';

/**
 * What the error pages get in history state: where the failure happened, for "Try again"; and the
 * application it was about, for the page of an application not found (404) to identify for the
 * same application again.
 */
export interface FailedPageState {
  from: string;
  reference?: string;
}

/**
 * What a page shows when loading its data failed: the error page the HTTP answer calls for, or,
 * when the server could not be reached, a clear message with a retry. An answer without a page
 * of its own (a 409, a 429) is shown here in words, also with a retry. Never a blank screen.
 */
export function ApiErrorView({ error, reference, onRetry }: { error: unknown; reference?: string; onRetry: () => void }) {
  const t = useT();
  const [location] = useLocation();
  const search = useSearch();
  const { cache } = useSWRConfig();
  const hadSession = cache.get(APPLICATIONS_KEY)?.data !== undefined;
  const page = pageForError(error, reference, search, hadSession);
  if (page) {
    const state: FailedPageState = {
      from: search ? `${location}?${search}` : location,
      ...(reference ? { reference } : {}),
    };
    return <Redirect to={page} replace state={state} />;
  }
  const offline = error instanceof NetworkError;
  return (
    <MessagePanel
      tone={offline ? 'warning' : 'error'}
      title={t(offline ? 'pages.network.title' : 'pages.problem.title')}
      actions={
        <>
          <Button onClick={onRetry}>{t('pages.retry')}</Button>
          <Link href={PAGES.index.url()} className={buttonVariants({ variant: 'link' })}>
            {t('pages.home')}
          </Link>
        </>
      }
    >
      <p role="alert">{errorText(error, t)}</p>
    </MessagePanel>
  );
}
