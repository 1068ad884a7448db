import { Redirect } from 'wouter';
import { isFinalStatus, PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { ClosedScreen } from '@/components/flow/closed-screen';
import { useApplicationLanguage } from '@/lib/flow/use-application-language';
import { useFinalStatusWatch } from '@/lib/flow/use-final-status-watch';
import { useFlowApplication } from '@/features/payment/hooks/use-flow-application';
import { belongsOnKeyFactsPage, flowStepPage } from '@/lib/flow/flow-step';
import { KeyFactsStep } from '@/features/sign/components/key-facts-step';

/**
 * The key facts page (issue 31): a consumer's credit, decided and not yet signed, shows the
 * SECCI's key facts and has the SECCI mailed before the signature can start. Any other
 * application goes to the step it is at.
 */
export default function KeyFactsPage() {
  const flow = useFlowApplication();
  const { application } = flow;
  const languageReady = useApplicationLanguage(application?.customer.countryCode);
  const watch = useFinalStatusWatch(application && !isFinalStatus(application.status) ? application : null);

  if (flow.error) return <ApiErrorView error={flow.error} reference={flow.reference} onRetry={flow.reload} />;
  if (flow.missing) return <Redirect to={PAGES.notFound.url()} replace />;
  if (!application || !languageReady) return <PageSpinner />;
  if (watch.final) return <ClosedScreen reason={watch.final.reason} merchant={application.merchantName} redirectUrl={watch.final.redirectUrl} />;
  if (!belongsOnKeyFactsPage(application)) return <Redirect to={flowStepPage(application)} replace />;
  return <KeyFactsStep application={application} />;
}
