import { Redirect } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { useApplications } from '@/lib/api/get-applications';
import { useFeatures } from '@/lib/api/get-features';
import { ApplyScreen } from '@/features/apply/components/apply-screen';
import { useApplicationLanguage } from '@/features/apply/hooks/use-application-language';
import { useLoadFailure } from '@/features/apply/hooks/use-load-failure';
import { flowStepPage } from '@/lib/flow/flow-step';

/**
 * /form/apply: the apply screen for the session's active application, or, for one already past
 * it (final, at signing, with the lender), the page for where it stands.
 */
export default function FormApplyPage() {
  const applications = useApplications();
  const { data, mutate } = applications;
  const { data: features } = useFeatures();
  const application = data?.loanApplications[0];
  const failure = useLoadFailure(applications);
  const languageReady = useApplicationLanguage(application?.customer.countryCode, () => void mutate());

  // Without a known reference a 401 goes to the session page (spec section 8).
  if (failure) return <ApiErrorView error={failure} onRetry={() => void mutate()} />;
  // Without an active application there is nothing to apply for (the server lists its consents).
  if (data && (!application || data.consents.length === 0)) return <Redirect to={PAGES.notFound.url()} replace />;
  if (!data || !application || !languageReady) return <PageSpinner />;
  const step = flowStepPage(application);
  if (step !== PAGES.apply.url({ reference: application.reference })) return <Redirect to={step} replace />;
  return <ApplyScreen data={data} application={application} features={features} onRetry={() => void mutate()} retrying={applications.isValidating} />;
}
