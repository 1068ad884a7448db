import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { API, PAGES, SESSION_IDLE_TIMEOUT_MINUTES } from '@portal/domain';
import type { FailedPageState } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { Button, buttonVariants } from '@/components/ui/button';
import { logout } from '@/features/auth/api/logout';
import { useT } from '@/lib/i18n';

export type ErrorStatus = '400' | '401' | '403' | '404' | '500';

const isFailedPageState = (value: unknown): value is FailedPageState =>
  typeof value === 'object' && value !== null && typeof (value as { from?: unknown }).from === 'string';

/**
 * The error pages of spec section 8, each with what happened in plain words and a way forward:
 * identify again (401), try the failed page again (500, when we know which it was), and always
 * the start page. The page for someone else's application (403) has exactly two ways on: identify
 * as the right person, coming back to the same application, or go back to the application's shop.
 */
export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const t = useT();
  const [, navigate] = useLocation();
  const state: unknown = useHistoryState();
  const failed = isFailedPageState(state) ? state : null;
  const { cache } = useSWRConfig();
  const retry = (page: string) => {
    // Failed answers are forgotten, so the page asks the server again instead of showing the
    // remembered failure (and coming straight back here).
    for (const key of [...cache.keys()]) {
      if (cache.get(key)?.error !== undefined) cache.delete(key);
    }
    navigate(page, { replace: true });
  };

  if (status === '403') return <ForbiddenPage reference={failed?.reference} company={failed?.errorCode === 'INVALID_CREDENTIALS'} />;

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
  } else if (status === '500' && failed) {
    primary = <Button onClick={() => retry(failed.from)}>{t('pages.retry')}</Button>;
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

/**
 * Someone else's application, or a company this person may not sign for (403 with
 * INVALID_CREDENTIALS: the company registry does not give them signing rights). Identifying as
 * the right person ends this session first, then starts identification for the same
 * application; the way back to the shop is a plain link the server redirects, changing nothing.
 */
function ForbiddenPage({ reference, company }: { reference: string | undefined; company: boolean }) {
  const t = useT();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const [leaving, setLeaving] = useState(false);
  const identify = async () => {
    setLeaving(true);
    // A failed log out changes nothing for the person: identifying replaces the session anyway.
    await logout().catch(() => null);
    // Forget everything loaded for the session that just ended.
    await mutate(() => true, undefined, { revalidate: false });
    navigate(reference ? `${PAGES.index.url()}?${new URLSearchParams({ reference }).toString()}` : PAGES.index.url(), { replace: true });
  };
  const texts = company ? 'pages.403company' : 'pages.403';
  return (
    <MessagePanel
      tone="warning"
      title={t(`${texts}.title`)}
      actions={
        <>
          <Button loading={leaving} onClick={() => void identify()}>
            {t('pages.identifyAsRightPerson')}
          </Button>
          {reference ? (
            <a href={API.shop.url({ reference })} className={buttonVariants({ variant: 'secondary' })}>
              {t('pages.backToShop')}
            </a>
          ) : null}
        </>
      }
    >
      <p>{t(`${texts}.text`)}</p>
      <p>{t(`${texts}.next`)}</p>
    </MessagePanel>
  );
}
