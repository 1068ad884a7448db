import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PAGES, SESSION_IDLE_TIMEOUT_MINUTES } from '@portal/domain';
import type { FailedPageState } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { Button, buttonVariants } from '@/components/ui/button';
import { logout } from '@/features/auth/api/logout';
import { useT } from '@/lib/i18n';
import { useForgetSession } from '@/lib/page-data';

export type ErrorStatus = '400' | '401' | '403' | '404' | '500';

const isFailedPageState = (value: unknown): value is FailedPageState =>
  typeof value === 'object' && value !== null && typeof (value as { from?: unknown }).from === 'string';

/**
 * The error pages of spec section 8, each with what happened in plain words and a way forward:
 * identify again (401), try the failed page again (500, when we know which it was), and always
 * the start page. An application that is not found (404 with the reference it was about) is
 * another page: the server answers someone else's application exactly as one that does not
 * exist, so the page offers what helps in both cases.
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

  if (status === '404' && failed?.reference) return <ApplicationNotFoundPage reference={failed.reference} />;

  const home = (
    <Link href={PAGES.index.url()} className={buttonVariants({ variant: status === '404' || status === '400' ? 'primary' : 'secondary' })}>
      {t('pages.home')}
    </Link>
  );

  let primary = null;
  if (status === '401') {
    primary = (
      <Link href={PAGES.index.url()} className={buttonVariants()}>
        {t('error-page.identifyAgain')}
      </Link>
    );
  } else if (status === '500' && failed) {
    primary = <Button onClick={() => retry(failed.from)}>{t('pages.retry')}</Button>;
  }

  return (
    <MessagePanel
      tone={status === '500' ? 'error' : status === '404' ? 'info' : 'warning'}
      title={t(`error-page.${status}.title`)}
      actions={
        <>
          {primary}
          {status === '401' ? null : home}
        </>
      }
    >
      <p>{t(`error-page.${status}.text`, { minutes: SESSION_IDLE_TIMEOUT_MINUTES })}</p>
      <p>{t(`error-page.${status}.next`)}</p>
    </MessagePanel>
  );
}

/**
 * No application with this link for the person identified: it does not exist, or it is someone
 * else's (a person's, or a company's this person may not sign for), which the server does not
 * tell apart (PRODUCT section 2.4), so neither does this page. Two ways on: log out and identify
 * as the right person, which comes back to the same application; or go back where the person
 * came from (the shop, as a rule), where there is somewhere to go back to.
 */
function ApplicationNotFoundPage({ reference }: { reference: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const forgetSession = useForgetSession();
  const [leaving, setLeaving] = useState(false);
  // Read once: the page is the tab's only entry when the link was opened in a new tab.
  const [canGoBack] = useState(() => window.history.length > 1);
  const identify = async () => {
    setLeaving(true);
    // A failed log out changes nothing for the person: identifying replaces the session anyway.
    await logout().catch(() => null);
    await forgetSession();
    navigate(`${PAGES.index.url()}?${new URLSearchParams({ reference }).toString()}`, { replace: true });
  };
  return (
    <MessagePanel
      tone="info"
      title={t('error-page.404application.title')}
      actions={
        <>
          <Button loading={leaving} onClick={() => void identify()}>
            {t('error-page.identifyAsRightPerson')}
          </Button>
          {canGoBack ? (
            <Button variant="secondary" onClick={() => window.history.back()}>
              {t('error-page.goBack')}
            </Button>
          ) : null}
        </>
      }
    >
      <p>{t('error-page.404application.text')}</p>
      <p>{t('error-page.404application.next')}</p>
    </MessagePanel>
  );
}
