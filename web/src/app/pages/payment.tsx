import { Redirect } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { PageSpinner } from '@/components/layout/page-spinner';
import { BackToMerchant } from '@/components/flow/back-to-merchant';
import { useApplicationLanguage } from '@/lib/flow/use-application-language';
import { useFlowApplication } from '@/features/payment/hooks/use-flow-application';
import { useMerchantName } from '@/lib/flow/use-merchant-name';
import { flowStepPage } from '@/lib/flow/flow-step';
import { useT } from '@/lib/i18n';

/**
 * The payment page (spec section 2): the application is complete, and the way back to the shop.
 * An application that is not complete is sent to the step it is at (the waiting screen tells the
 * shop any other decision).
 */
export default function PaymentPage() {
  const t = useT();
  const flow = useFlowApplication();
  const { application } = flow;
  const merchant = useMerchantName(application?.merchantName);
  const languageReady = useApplicationLanguage(application?.customer.countryCode);

  if (flow.error) return <ApiErrorView error={flow.error} reference={flow.reference} onRetry={flow.reload} />;
  if (flow.missing) return <Redirect to={PAGES.notFound.url()} replace />;
  if (!application || !languageReady) return <PageSpinner />;
  if (application.status !== 'COMPLETED') return <Redirect to={flowStepPage(application)} replace />;

  return (
    <MessagePanel tone="info" title={t('payment.done.title')} actions={<BackToMerchant merchant={application.merchantName} variant="primary" />}>
      <p>{t('payment.done.text', { merchant })}</p>
      <p>{t('payment.done.next')}</p>
    </MessagePanel>
  );
}
