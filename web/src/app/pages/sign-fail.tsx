import { Redirect, useLocation, useSearch } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { MessagePanel } from '@/components/layout/message-panel';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { BackToMerchant } from '@/components/flow/back-to-merchant';
import { useApplicationLanguage } from '@/lib/flow/use-application-language';
import { useFlowApplication } from '@/features/payment/hooks/use-flow-application';
import { useMerchantName } from '@/lib/flow/use-merchant-name';
import { belongsOnSignPage, canStillSign, flowStepPage, isWithLender } from '@/lib/flow/flow-step';
import { useStartResursSigning } from '@/features/sign/hooks/use-start-resurs-signing';
import { signingCodeFrom } from '@/features/sign/logic/signing-codes';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';

/**
 * The signing failure page (spec section 2), where a provider sends the customer when signing
 * did not go through. Without a code the signer declined or cancelled: an outcome, told in the
 * warning tone; with one (10000–10003, spec section 8) it is an error. Try again is offered
 * while the application can still be signed, and leads to the step it is at: a new Resurs
 * signing session (version 1), the sign page (business contracts, which start a new signing
 * order) or the apply screen (Resurs version 2, on to Resurs' task page). Back to the shop tells
 * the merchant the signing failed. An application the lender is already deciding goes to its
 * step: there is nothing left to sign.
 */
export default function SignFailPage() {
  const t = useT();
  const search = useSearch();
  const [, navigate] = useLocation();
  const code = signingCodeFrom(search);
  const flow = useFlowApplication();
  const { application } = flow;
  const merchant = useMerchantName(application?.merchantName);
  const languageReady = useApplicationLanguage(application?.customer.countryCode);
  const signing = useStartResursSigning();

  if (flow.error) return <ApiErrorView error={flow.error} reference={flow.reference} onRetry={flow.reload} />;
  if (flow.missing) return <Redirect to={PAGES.notFound.url()} replace />;
  if (!application || !languageReady) return <PageSpinner />;
  if (isWithLender(application.status)) return <Redirect to={flowStepPage(application)} replace />;

  const canRetry = canStillSign(application);
  const newResursSession = application.loanProduct.provider === 'RESURS' && application.version === 1 && belongsOnSignPage(application);
  const retry = () => (newResursSession ? void signing.start() : navigate(flowStepPage(application)));

  return (
    <MessagePanel
      tone={code === null ? 'warning' : 'error'}
      title={t('sign-fail.title')}
      actions={
        <>
          {canRetry ? (
            <Button loading={signing.starting} onClick={retry}>
              {t('sign.retry')}
            </Button>
          ) : null}
          <BackToMerchant merchant={application.merchantName} variant={canRetry ? 'secondary' : 'primary'} />
        </>
      }
    >
      <p>{code === null ? t('sign-fail.cancelled') : t(`sign-fail.codes.${code}`)}</p>
      {code === null ? null : <p className="text-sm text-neutral-700">{t('sign-fail.code', { code: String(code) })}</p>}
      <p>{t(canRetry ? 'sign.retryNext' : 'sign-fail.closedNext', { merchant })}</p>
      {signing.error ? (
        <Alert variant="error" heading={t('sign.resurs.startFailed')}>
          {errorText(signing.error, t)}
        </Alert>
      ) : null}
    </MessagePanel>
  );
}
