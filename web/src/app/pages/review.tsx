import { useState } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { PageSpinner } from '@/components/layout/page-spinner';
import { buttonVariants } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { useT } from '@/lib/i18n';
import { ReviewForm } from '@/features/my-applications/components/review-form';
import { ReviewState } from '@/features/my-applications/components/after-decision-views';
import { useCountryLanguage, useMyApplication } from '@/features/my-applications/hooks/use-my-applications';

function BackToList() {
  const t = useT();
  return (
    <Link href={PAGES.myApplications.url()} className={buttonVariants({ variant: 'secondary' })}>
      {t('my-review.backToList')}
    </Link>
  );
}

/**
 * A review by a person of a declined application (issue 32, CCD2 Art. 18(8)): the request's
 * form, or, once asked, where the request stands.
 */
export default function ReviewPage() {
  const t = useT();
  const { reference = '' } = useParams<{ reference: string }>();
  const state = useMyApplication(reference);
  // Sent from here: the confirmation stays, though the list asked again now has the request.
  const [sentHere, setSentHere] = useState(false);
  const languageReady = useCountryLanguage(state.kind === 'found' ? state.application.countryCode : undefined);

  // Nobody identified: BankID is on the list's page, which leads back to this one's link.
  if (state.kind === 'unidentified') return <Redirect to={PAGES.myApplications.url()} replace />;
  if (state.kind === 'error') return <ApiErrorView error={state.error} onRetry={state.retry} />;
  if (state.kind === 'missing') {
    return (
      <MessagePanel tone="warning" title={t('my-review.notFoundTitle')} actions={<BackToList />}>
        <p>{t('my-review.notFound')}</p>
      </MessagePanel>
    );
  }
  if (state.kind === 'loading' || !languageReady) return <PageSpinner />;

  const { application } = state;
  if (application.review && !sentHere) {
    return (
      <section aria-labelledby="review-title" className="space-y-6">
        <Heading level={1} id="review-title">
          {t('my-review.title')}
        </Heading>
        <ReviewState review={application.review} lender={application.lender} country={application.countryCode} level={2} />
        <BackToList />
      </section>
    );
  }
  if (!application.decline?.reviewAvailable && !sentHere) {
    return (
      <MessagePanel tone="info" title={t('my-review.title')} actions={<BackToList />}>
        <p>{t('my-review.notAvailable')}</p>
      </MessagePanel>
    );
  }
  // Once sent, the list is asked again in the background; the form keeps its confirmation.
  return (
    <ReviewForm
      application={application}
      onSent={() => {
        setSentHere(true);
        void state.reload();
      }}
    />
  );
}
