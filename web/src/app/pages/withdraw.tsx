import { useState } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { PageSpinner } from '@/components/layout/page-spinner';
import { buttonVariants } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { WithdrawalUnavailable } from '@/features/my-applications/components/after-decision-views';
import { WithdrawalSteps } from '@/features/my-applications/components/withdrawal-steps';
import { useCountryLanguage, useMyApplication } from '@/features/my-applications/hooks/use-my-applications';

function BackToList() {
  const t = useT();
  return (
    <Link href={PAGES.myApplications.url()} className={buttonVariants({ variant: 'secondary' })}>
      {t('my-withdraw.backToList')}
    </Link>
  );
}

/**
 * The withdrawal from a concluded credit agreement (issue 32): two steps while the period runs;
 * otherwise why there is none, and no control.
 */
export default function WithdrawPage() {
  const t = useT();
  const { reference = '' } = useParams<{ reference: string }>();
  const state = useMyApplication(reference);
  // Withdrawn from here: the acknowledgement stays, though the list asked again says it is no longer open.
  const [withdrawnHere, setWithdrawnHere] = useState(false);
  const languageReady = useCountryLanguage(state.kind === 'found' ? state.application.countryCode : undefined);

  // Nobody identified: BankID is on the list's page, which leads back to this one's link.
  if (state.kind === 'unidentified') return <Redirect to={PAGES.myApplications.url()} replace />;
  if (state.kind === 'error') return <ApiErrorView error={state.error} onRetry={state.retry} />;
  if (state.kind === 'missing') {
    return (
      <MessagePanel tone="warning" title={t('my-withdraw.notFoundTitle')} actions={<BackToList />}>
        <p>{t('my-withdraw.notFound')}</p>
      </MessagePanel>
    );
  }
  if (state.kind === 'loading' || !languageReady) return <PageSpinner />;

  const { application } = state;
  if (!application.withdrawal.available && !withdrawnHere) {
    return (
      <MessagePanel tone="info" title={t('my-withdraw.unavailableTitle')} actions={<BackToList />}>
        {application.withdrawal.unavailableBecause === 'not_concluded' ? (
          <p>{t('my-list.withdrawal.not_concluded')}</p>
        ) : (
          <WithdrawalUnavailable withdrawal={application.withdrawal} />
        )}
      </MessagePanel>
    );
  }
  return (
    <WithdrawalSteps
      application={application}
      onWithdrawn={() => {
        setWithdrawnHere(true);
        void state.reload();
      }}
    />
  );
}
