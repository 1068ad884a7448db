import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PAGES, SESSION_IDLE_TIMEOUT_MINUTES } from '@portal/domain';
import type { FailedPageState } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { Button, buttonVariants } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

export type ErrorStatus = '400' | '401' | '403' | '404' | '500';

const isFailedPageState = (value: unknown): value is FailedPageState =>
  typeof value === 'object' && value !== null && typeof (value as { from?: unknown }).from === 'string';

/**
 * The error pages of spec section 8, each with what happened in plain words and a way forward:
 * identify again (401), log out and in as the right person (403), try the failed page again
 * (500, when we know which it was), and always the start page.
 */
export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const t = useT();
  const [, navigate] = useLocation();
  const state: unknown = useHistoryState();
  const from = isFailedPageState(state) ? state.from : null;
  const { cache } = useSWRConfig();
  const retry = (page: string) => {
    // Failed answers are forgotten, so the page asks the server again instead of showing the
    // remembered failure (and coming straight back here).
    for (const key of [...cache.keys()]) {
      if (cache.get(key)?.error !== undefined) cache.delete(key);
    }
    navigate(page, { replace: true });
  };
  const home = (
    <Link href={PAGES.index.url()} className={buttonVariants({ variant: status === '404' || status === '400' ? 'primary' : 'secondary' })}>
      {t('pages.home')}
    </Link>
  );

  let primary = null;
  if (status === '401') {
    primary = (
      <Link href={PAGES.index.url()} className={buttonVariants()}>
        {t('pages.identifyAgain')}
      </Link>
    );
  } else if (status === '403') {
    primary = (
      <Link href={PAGES.logout.url()} className={buttonVariants()}>
        {t('pages.switchPerson')}
      </Link>
    );
  } else if (status === '500' && from) {
    primary = <Button onClick={() => retry(from)}>{t('pages.retry')}</Button>;
  }

  return (
    <MessagePanel
      tone={status === '500' ? 'error' : status === '404' ? 'info' : 'warning'}
      title={t(`pages.${status}.title`)}
      actions={
        <>
          {primary}
          {status === '401' ? null : home}
        </>
      }
    >
      <p>{t(`pages.${status}.text`, { minutes: SESSION_IDLE_TIMEOUT_MINUTES })}</p>
      <p>{t(`pages.${status}.next`)}</p>
    </MessagePanel>
  );
}
