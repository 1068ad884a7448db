import { Redirect } from 'wouter';
import { PAGES } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PaymentStatusView } from '@/features/payment/components/payment-status-view';
import { showsCreditCostWarning } from '@/components/flow/credit-cost-warning';
import { useApplicationLanguage } from '@/lib/flow/use-application-language';
import { useFlowApplication } from '@/features/payment/hooks/use-flow-application';
import { usePaymentStatusPolling } from '@/features/payment/hooks/use-payment-status-polling';

interface Params {
  merchantId?: string;
  merchantPaymentReference?: string;
}

/** The router leaves some escapes in place (`%2F`); a malformed one is taken as it is. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The payment status waiting screen, for the application the address names
 * (`/form/payment/loading/:merchantId/:merchantPaymentReference`, where providers send the
 * customer back) or for the session's active application (`/form/payment/loading`). The first
 * status call goes out at once, while the application loads alongside for the language and the
 * shop's name.
 */
export default function PaymentLoadingPage({ params }: { params: Params }) {
  const flow = useFlowApplication();
  const { application } = flow;
  const named = params.merchantId !== undefined && params.merchantPaymentReference !== undefined;
  const merchantId = named && params.merchantId ? decode(params.merchantId) : application?.merchantId;
  const merchantPaymentReference =
    named && params.merchantPaymentReference ? decode(params.merchantPaymentReference) : application?.merchantPaymentReference;
  const { state, checkNow } = usePaymentStatusPolling(merchantId, merchantPaymentReference);
  const languageReady = useApplicationLanguage(application?.customer.countryCode);

  if (state.phase === 'refused') return <ApiErrorView error={state.error} reference={flow.reference} onRetry={checkNow} />;
  if (!named) {
    if (flow.error) return <ApiErrorView error={flow.error} reference={flow.reference} onRetry={flow.reload} />;
    if (flow.missing) return <Redirect to={PAGES.notFound.url()} replace />;
  }
  // The page waits for the application's language, unless the application cannot be loaded: the
  // status answer alone is enough to finish.
  if (application ? !languageReady : !flow.error && !flow.missing) return <PageSpinner />;

  const sameApplication =
    application && application.merchantId === merchantId && application.merchantPaymentReference === merchantPaymentReference;
  return (
    <PaymentStatusView
      state={state}
      onCheckNow={checkNow}
      merchant={sameApplication ? application.merchantName : null}
      creditWarning={sameApplication ? showsCreditCostWarning(application) : false}
    />
  );
}
