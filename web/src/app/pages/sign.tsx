import { Redirect } from 'wouter';
import { isFinalStatus, PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { ClosedScreen } from '@/components/flow/closed-screen';
import { useApplicationLanguage } from '@/lib/flow/use-application-language';
import { useFinalStatusWatch } from '@/lib/flow/use-final-status-watch';
import { useFlowApplication } from '@/features/payment/hooks/use-flow-application';
import { belongsOnSignPage, flowStepPage } from '@/lib/flow/flow-step';
import { GrenkeSigning } from '@/features/sign/components/grenke-signing';
import { ResursSigning } from '@/features/sign/components/resurs-signing';

/**
 * The sign page (spec section 2, `form-sign`): Resurs version 1 terms and signing, or the
 * business contract's signing sessions. Any application that is not at the signing step goes to
 * the step it is at (Resurs version 2 is signed on Resurs' task page, reached from the apply
 * screen). While it is open the page watches whether the application turned final elsewhere
 * (the shop cancelled it), and then says so with the way back to the shop.
 */
export default function SignPage() {
  const flow = useFlowApplication();
  const { application } = flow;
  const languageReady = useApplicationLanguage(application?.customer.countryCode);
  const watch = useFinalStatusWatch(application && !isFinalStatus(application.status) ? application : null);
  const grenke = application?.loanProduct.provider === 'GRENKE';

  if (flow.error) return <ApiErrorView error={flow.error} reference={flow.reference} onRetry={flow.reload} />;
  if (flow.missing) return <Redirect to={PAGES.notFound.url()} replace />;
  if (!application || !languageReady) return <PageSpinner />;
  // A business contract that GRENKE completes stays here: its signed document is to download.
  if (watch.final && !(grenke && watch.final.reason === 'approved')) {
    return <ClosedScreen reason={watch.final.reason} merchant={application.merchantName} redirectUrl={watch.final.redirectUrl} />;
  }
  if (!belongsOnSignPage(application)) return <Redirect to={flowStepPage(application)} replace />;
  return grenke ? <GrenkeSigning application={application} onStillDeciding={flow.reload} /> : <ResursSigning application={application} />;
}
