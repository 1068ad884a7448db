import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { LoanApplicationView, SigningSessionStatus } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { Text } from '@/components/ui/text';
import { BackToMerchant } from '@/components/flow/back-to-merchant';
import { useMerchantName } from '@/lib/flow/use-merchant-name';
import { paymentLoadingPage } from '@/lib/flow/flow-step';
import { safeRedirectUrl } from '@/lib/flow/safe-url';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { useFormat } from '@/lib/use-format';
import { signedDocumentUrl, type SigningSessions } from '../api/signing-sessions';
import { useSigningSessions } from '../hooks/use-signing-sessions';
import { SessionStatus } from './session-status';

const FAILED_STATUSES: readonly SigningSessionStatus[] = ['REJECTED', 'EXPIRED', 'DELETED'];
const hasOwnPage = (error: unknown) => error instanceof ApiRequestError && [401, 403, 404].includes(error.status);

interface Props {
  application: LoanApplicationView;
  /** GRENKE is still deciding: the page checks whether the application moved on (a decline). */
  onStillDeciding: () => void;
}

/**
 * The business contract's signing (GRENKE): a waiting state while GRENKE decides, then each
 * signatory's session with its status and a button to sign, a refresh, and, once everyone has
 * signed, the signed contract to download and the way on to the shop. One live region, there
 * from the first render and kept through every state, tells a screen reader when the page moves
 * on (the decision came, the contract is signed): a region that appears with its news is often
 * not read, and the focused heading alone is not announced everywhere.
 */
export function GrenkeSigning({ application, onStillDeciding }: Props) {
  const { state, refreshNow, startOver } = useSigningSessions({ onStillDeciding });
  const merchant = useMerchantName(application.merchantName);
  const announcement = useAnnouncement(state, merchant);
  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <SigningState application={application} state={state} refreshNow={refreshNow} startOver={startOver} />
    </>
  );
}

type SigningSessionsState = ReturnType<typeof useSigningSessions>['state'];

/** What the live region says in each state (nothing while loading or failed: those speak for themselves). */
function useAnnouncement(state: SigningSessionsState, merchant: string): string {
  const t = useT();
  switch (state.kind) {
    case 'waiting':
      return state.stopped ? t('sign.grenke.waiting.stopped', { merchant }) : t('sign.grenke.waiting.status');
    case 'ready': {
      const list = state.sessions.sessions;
      if (list.length > 0 && list.every((session) => session.status === 'COMPLETED')) return t('sign.grenke.done.title');
      if (list.some((session) => FAILED_STATUSES.includes(session.status))) return t('sign.grenke.failed.title');
      return t('sign.grenke.readyToSign');
    }
    default:
      return '';
  }
}

interface StateProps {
  application: LoanApplicationView;
  state: SigningSessionsState;
  refreshNow: () => Promise<void>;
  startOver: () => void;
}

function SigningState({ application, state, refreshNow, startOver }: StateProps) {
  const t = useT();
  const merchant = useMerchantName(application.merchantName);

  switch (state.kind) {
    case 'loading':
      return <PageSpinner />;
    case 'failed':
      if (hasOwnPage(state.error)) return <ApiErrorView error={state.error} reference={application.reference} onRetry={startOver} />;
      // The activity-failed state: what went wrong, try again, or back to the shop.
      return (
        <MessagePanel
          tone="error"
          title={t('sign.activityFailed.title')}
          actions={
            <>
              <Button onClick={startOver}>{t('sign.retry')}</Button>
              <BackToMerchant merchant={application.merchantName} />
            </>
          }
        >
          <p role="alert">{errorText(state.error, t)}</p>
          <p>{t('sign.retryNext', { merchant })}</p>
        </MessagePanel>
      );
    case 'waiting':
      return (
        <section aria-labelledby="sign-title" className="max-w-2xl space-y-5">
          <div className="flex items-center gap-4">
            {state.stopped ? null : <Spinner size="lg" decorative />}
            <Heading level={1} id="sign-title">
              {t('sign.grenke.waiting.title')}
            </Heading>
          </div>
          <Text>{t('sign.grenke.waiting.text')}</Text>
          {state.stopped ? (
            <Alert variant="info" announce={false}>
              {t('sign.grenke.waiting.stopped', { merchant })}
            </Alert>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            {state.stopped ? <Button onClick={startOver}>{t('sign.grenke.waiting.checkAgain')}</Button> : null}
            <BackToMerchant merchant={application.merchantName} />
          </div>
        </section>
      );
    case 'ready':
      return (
        <Sessions
          application={application}
          sessions={state.sessions}
          refreshing={state.refreshing}
          refreshedAt={state.refreshedAt}
          refreshError={state.refreshError}
          afterWait={state.afterWait}
          onRefresh={() => void refreshNow()}
        />
      );
  }
}

interface SessionsProps {
  application: LoanApplicationView;
  sessions: SigningSessions;
  refreshing: boolean;
  refreshedAt: Date | null;
  refreshError: unknown;
  afterWait: boolean;
  onRefresh: () => void;
}

function Sessions({ application, sessions, refreshing, refreshedAt, refreshError, afterWait, onRefresh }: SessionsProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // After the wait the page changed under the customer: focus on the new heading says so.
  useEffect(() => {
    if (afterWait) heading.current?.focus();
  }, [afterWait]);
  const format = useFormat();
  const merchant = useMerchantName(application.merchantName);
  const list = sessions.sessions;
  const allSigned = list.length > 0 && list.every((session) => session.status === 'COMPLETED');
  const failed = !allSigned && list.some((session) => FAILED_STATUSES.includes(session.status));
  const documentUrl = signedDocumentUrl(sessions);

  return (
    <section aria-labelledby="sign-title" className="space-y-6">
      <Heading level={1} id="sign-title" ref={heading} tabIndex={-1}>
        {t(allSigned ? 'sign.grenke.done.title' : failed ? 'sign.grenke.failed.title' : 'sign.grenke.title')}
      </Heading>
      {allSigned ? (
        <Alert variant="success" announce={false}>
          {t('sign.grenke.done.text')}
        </Alert>
      ) : failed ? (
        <Alert variant="error" announce={false}>
          {t('sign.grenke.failed.text', { merchant })}
        </Alert>
      ) : (
        <Text>{t('sign.grenke.intro')}</Text>
      )}

      <section aria-labelledby="sign-sessions" className="space-y-3">
        <Heading level={2} size={4} id="sign-sessions">
          {t('sign.grenke.sessions')}
        </Heading>
        <ul className="divide-y divide-neutral-200 rounded-md border border-neutral-300 bg-white">
          {list.map((session) => {
            // Only an http(s) address becomes a link, whatever the signing service answered.
            const signingUrl = session.status === 'CREATED' ? safeRedirectUrl(session.signingUrl) : null;
            return (
              <li key={session.taskId} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0 space-y-1">
                  <p className="font-semibold break-words" id={`signer-${session.taskId}`}>
                    {session.name}
                  </p>
                  <SessionStatus status={session.status} />
                </div>
                {signingUrl ? (
                  // A link: signing happens on the signing service's page, a full navigation.
                  <a href={signingUrl} className={buttonVariants()} aria-describedby={`signer-${session.taskId}`}>
                    {t('sign.grenke.signNow')}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      {allSigned ? (
        documentUrl ? (
          <a href={documentUrl} download className={buttonVariants({ variant: 'secondary', className: 'py-2 text-center' })}>
            {t('sign.grenke.download')}
          </a>
        ) : (
          <Text>{t('sign.grenke.preparing')}</Text>
        )
      ) : null}

      <div role="status">
        {refreshedAt && !refreshError ? <Text size="sm" color="secondary">{t('sign.grenke.refreshed', { time: format.dateTime(refreshedAt) })}</Text> : null}
      </div>
      {refreshError ? (
        <Alert variant="error" heading={t('sign.grenke.refreshFailed')}>
          {errorText(refreshError, t)}
        </Alert>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        {allSigned ? (
          <Link href={paymentLoadingPage(application)} className={buttonVariants()}>
            {t('sign.grenke.continue')}
          </Link>
        ) : null}
        <Button variant="secondary" loading={refreshing} onClick={onRefresh}>
          {t('sign.grenke.refresh')}
        </Button>
        {allSigned ? null : <BackToMerchant merchant={application.merchantName} variant={failed ? 'primary' : 'secondary'} />}
      </div>
    </section>
  );
}
