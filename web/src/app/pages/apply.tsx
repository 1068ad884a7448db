import { Redirect } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { useFeatures } from '@/lib/api/get-features';
import { useValidateReference } from '@/features/applications/api/validate-reference';
import { ApplyScreen } from '@/features/apply/components/apply-screen';
import { useApplicationLanguage } from '@/features/apply/hooks/use-application-language';
import { useLoadFailure } from '@/features/apply/hooks/use-load-failure';
import { flowStepPage } from '@/lib/flow/flow-step';

/**
 * The apply route: validates the reference for this session, then shows the application's
 * screen — or, for an application already past it (a customer back after identifying again, a
 * second tab, the shop's link), sends the customer on to where the flow stands.
 */
export default function ApplyPage({ params }: { params: { reference: string } }) {
  const validation = useValidateReference(params.reference);
  const { data, mutate } = validation;
  const { data: features } = useFeatures();
  const application = data?.loanApplications[0];
  const failure = useLoadFailure(validation);
  const languageReady = useApplicationLanguage(application?.customer.countryCode, () => void mutate());

  if (failure) return <ApiErrorView error={failure} reference={params.reference} onRetry={() => void mutate()} />;
  if (!data || !application || !languageReady) return <PageSpinner />;
  const step = flowStepPage(application);
  if (step !== PAGES.apply.url({ reference: application.reference })) return <Redirect to={step} replace />;
  return <ApplyScreen data={data} application={application} features={features} onRetry={() => void mutate()} retrying={validation.isValidating} />;
}
