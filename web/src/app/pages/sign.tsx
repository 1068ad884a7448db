import { Redirect } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { useApplicationLanguage } from '@/features/payment/hooks/use-application-language';
import { useFlowApplication } from '@/features/payment/hooks/use-flow-application';
import { belongsOnSignPage, flowStepPage } from '@/features/payment/logic/flow-step';
import { GrenkeSigning } from '@/features/sign/components/grenke-signing';
import { ResursSigning } from '@/features/sign/components/resurs-signing';

/**
 * The sign page (spec section 2, `form-sign`): Resurs version 1 terms and signing, or the
 * business contract's signing sessions. Any application that is not at the signing step goes to
 * the step it is at (Resurs version 2 is signed on Resurs' task page, reached from the apply
 * screen).
 */
export default function SignPage() {
  const flow = useFlowApplication();
  const { application } = flow;
  const languageReady = useApplicationLanguage(application?.customer.countryCode);

  if (flow.error) return <ApiErrorView error={flow.error} reference={flow.reference} onRetry={flow.reload} />;
  if (flow.missing) return <Redirect to={PAGES.notFound.url()} replace />;
  if (!application || !languageReady) return <PageSpinner />;
  if (!belongsOnSignPage(application)) return <Redirect to={flowStepPage(application)} replace />;
  return application.loanProduct.provider === 'GRENKE' ? (
    <GrenkeSigning application={application} onStillDeciding={flow.reload} />
  ) : (
    <ResursSigning application={application} />
  );
}
