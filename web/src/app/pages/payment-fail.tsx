import { Link, Redirect } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { PageSpinner } from '@/components/layout/page-spinner';
import { buttonVariants } from '@/components/ui/button';
import { BackToMerchant } from '@/components/flow/back-to-merchant';
import { useApplicationLanguage } from '@/lib/flow/use-application-language';
import { useFlowApplication } from '@/features/payment/hooks/use-flow-application';
import { useMerchantName } from '@/lib/flow/use-merchant-name';
import { canStillSign, flowStepPage, isWithLender } from '@/lib/flow/flow-step';
import { useT } from '@/lib/i18n';

/**
 * The payment failure page (spec section 2), where Resurs sends the customer when the payment
 * or its signing was cancelled or failed (version 2: a customer who cancelled on Resurs' page).
 * Try again is offered while the application can still be signed, and leads to the step it is
 * at (for version 2 the apply screen, which sends the customer to Resurs' task page again); an
 * application that was closed offers only the way back to the shop, and one the lender is
 * already deciding goes to its step.
 */
export default function PaymentFailPage() {
  const t = useT();
  const flow = useFlowApplication();
  const { application } = flow;
  const merchant = useMerchantName(application?.merchantName);
  const languageReady = useApplicationLanguage(application?.customer.countryCode);

  if (flow.error) return <ApiErrorView error={flow.error} reference={flow.reference} onRetry={flow.reload} />;
  if (flow.missing) return <Redirect to={PAGES.notFound.url()} replace />;
  if (!application || !languageReady) return <PageSpinner />;
  if (isWithLender(application.status)) return <Redirect to={flowStepPage(application)} replace />;

  const canRetry = canStillSign(application);
  return (
    <MessagePanel
      tone="warning"
      title={t('payment.fail.title')}
      actions={
        <>
          {canRetry ? (
            <Link href={flowStepPage(application)} className={buttonVariants()}>
              {t('payment.fail.retry')}
            </Link>
          ) : null}
          <BackToMerchant merchant={application.merchantName} variant={canRetry ? 'secondary' : 'primary'} />
        </>
      }
    >
      <p>{t('payment.fail.text')}</p>
      <p>{t(canRetry ? 'payment.fail.next' : 'payment.fail.closedNext', { merchant })}</p>
    </MessagePanel>
  );
}
