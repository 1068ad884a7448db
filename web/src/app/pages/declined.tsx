import { Link, Redirect } from 'wouter';
import { DEBT_ADVICE, PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Button, buttonVariants } from '@/components/ui/button';
import { useApplicationLanguage } from '@/lib/flow/use-application-language';
import { flowStepPage } from '@/lib/flow/flow-step';
import { useLeaveForMerchant } from '@/lib/flow/use-leave-for-merchant';
import { useMerchantName } from '@/lib/flow/use-merchant-name';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { useFlowApplication } from '@/features/payment/hooks/use-flow-application';
import { DebtAdvice, DeclineDetails } from '@/features/my-applications/components/after-decision-views';
import { useMyApplications } from '@/features/my-applications/hooks/use-my-applications';

/**
 * The decline page (issue 32), where the waiting screen sends a consumer the lender declined:
 * why and how it was decided, free debt advice, a review by a person, and the way back to the
 * shop to pay another way. The reasons come from the customer's own applications; when they
 * cannot be had, the page still says what happened and where to find help.
 */
export default function DeclinedPage() {
  const t = useT();
  const flow = useFlowApplication();
  const { application } = flow;
  const mine = useMyApplications();
  const merchant = useMerchantName(application?.merchantName);
  const languageReady = useApplicationLanguage(application?.customer.countryCode);
  const leaving = useLeaveForMerchant();

  if (flow.error) return <ApiErrorView error={flow.error} reference={flow.reference} onRetry={flow.reload} />;
  if (flow.missing) return <Redirect to={PAGES.notFound.url()} replace />;
  if (!application || !languageReady || (!mine.data && !mine.error)) return <PageSpinner />;
  // A decline a review has since changed, or a page opened by hand: the step the application is at.
  if (application.status !== 'DECLINED') return <Redirect to={flowStepPage(application)} replace />;

  const entry = mine.data?.applications.find((candidate) => candidate.reference === application.reference);
  const decline = entry?.decline;
  const country = application.customer.countryCode;

  return (
    <MessagePanel
      tone="info"
      focusTitle
      title={entry ? t('my-list.decline.title', { lender: entry.lender }) : t('my-list.decline.titleUnknown')}
      actions={
        <>
          <Button variant="secondary" loading={leaving.leaving} onClick={() => void leaving.leave()}>
            {t('my-list.decline.otherWay')}
          </Button>
          <Link href={PAGES.myApplications.url()} className={buttonVariants({ variant: 'link' })}>
            {t('my-list.decline.yourApplications')}
          </Link>
          {leaving.error ? (
            <p role="alert" className="basis-full text-red-800">
              {errorText(leaving.error, t)}
            </p>
          ) : null}
        </>
      }
    >
      {entry && decline ? (
        <DeclineDetails application={{ ...entry, decline }} level={2} />
      ) : (
        <>
          <p>{t('my-list.decline.unknown')}</p>
          <DebtAdvice country={country} url={DEBT_ADVICE[country].url} level={2} />
        </>
      )}
      <p>{t('my-list.decline.otherWayText', { shop: merchant })}</p>
    </MessagePanel>
  );
}
