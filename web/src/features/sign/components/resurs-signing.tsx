import { Redirect } from 'wouter';
import { type LoanApplicationView, PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Text } from '@/components/ui/text';
import { BackToMerchant } from '@/components/flow/back-to-merchant';
import { CreditCostWarning, showsCreditCostWarning } from '@/components/flow/credit-cost-warning';
import { paymentLoadingPage } from '@/lib/flow/flow-step';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { useStartResursSigning } from '../hooks/use-start-resurs-signing';
import { usePrecontractual } from '../api/precontractual';
import { TermsDocument } from './terms-document';

/** Answers that are not a failure to sign but a reason to be elsewhere. */
const hasOwnPage = (error: unknown) => error instanceof ApiRequestError && [401, 403, 404].includes(error.status);
const alreadyComplete = (error: unknown) => error instanceof ApiRequestError && error.body.errorCode === 'APPLICATION_ALREADY_COMPLETE';

/**
 * Resurs version 1: the individualised terms to read, then "Sign with BankID", which starts a
 * signing session and sends the browser to Resurs' signing page. A start that fails is the
 * activity-failed state: what went wrong, the same button to try again, and the way back to the
 * shop.
 */
export function ResursSigning({ application }: { application: LoanApplicationView }) {
  const t = useT();
  const { start, starting, error } = useStartResursSigning();
  const precontractual = usePrecontractual(true);

  // The key facts and the SECCI's mail come before the signature (issue 31): nothing of the
  // signature shows until it is known that they were given.
  if (precontractual.data && !precontractual.data.continued) return <Redirect to={PAGES.formKeyFacts.url()} replace />;
  if (!precontractual.data && !precontractual.error) return <PageSpinner />;
  if (alreadyComplete(error)) return <Redirect to={paymentLoadingPage(application)} replace />;
  if (hasOwnPage(error)) return <ApiErrorView error={error} reference={application.reference} onRetry={() => void start()} />;

  return (
    <section aria-labelledby="sign-title" className="space-y-6">
      <Heading level={1} id="sign-title">
        {t('sign.resurs.title')}
      </Heading>
      <Text>{t('sign.resurs.intro')}</Text>
      {showsCreditCostWarning(application) ? <CreditCostWarning /> : null}
      <section aria-labelledby="sign-documents" className="space-y-3">
        <Heading level={2} size={4} id="sign-documents">
          {t('sign.resurs.documents')}
        </Heading>
        <TermsDocument termsType="ISEKKI_NEW_ACCOUNT" country={application.customer.countryCode} />
        <TermsDocument termsType="COMMON" country={application.customer.countryCode} />
      </section>
      {error ? (
        <Alert variant="error" heading={t('sign.resurs.startFailed')}>
          {errorText(error, t)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" loading={starting} disabled={!precontractual.data?.continued} onClick={() => void start()}>
          {t('sign.resurs.sign')}
        </Button>
        {error ? <BackToMerchant merchant={application.merchantName} /> : null}
      </div>
    </section>
  );
}
