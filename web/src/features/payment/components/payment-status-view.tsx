import { type ReactNode, useEffect, useRef } from 'react';
import { MANUAL_REVIEW_WORKING_DAYS } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { Text } from '@/components/ui/text';
import { useT } from '@/lib/i18n';
import type { PollingState } from '../hooks/use-payment-status-polling';
import { useMerchantName } from '@/lib/flow/use-merchant-name';
import { BackToMerchant } from '@/components/flow/back-to-merchant';
import { CreditCostWarning } from '@/components/flow/credit-cost-warning';

export interface PaymentStatusViewProps {
  /** Every state but `refused`, which the page turns into the error page it calls for. */
  state: Exclude<PollingState, { phase: 'refused' }>;
  onCheckNow: () => void;
  merchant: string | null;
  /**
   * A Swedish consumer's credit (`showsCreditCostWarning`): Konsumentverket's warning stays on
   * this step of the application too (ADR 34), while the wait lasts or a person decides.
   */
  creditWarning?: boolean;
}

/**
 * The payment status waiting screen (spec section 2): a spinner, the warning not to close the
 * page, and then where the wait ended. Every state is drawn in the same frame: the heading row,
 * then one polite live region that is on the page from the start (a region added later is not
 * reliably read), then the rest. So a change (a lost connection, a manual review, the way back
 * to the shop) is announced from that region, and focus also moves to the new heading.
 */
export function PaymentStatusView({ state, onCheckNow, merchant, creditWarning = false }: PaymentStatusViewProps) {
  const t = useT();
  const name = useMerchantName(merchant);
  const heading = useRef<HTMLHeadingElement>(null);
  const { phase } = state;

  useEffect(() => {
    if (phase !== 'polling') heading.current?.focus();
  }, [phase]);

  let title: string;
  let live: ReactNode = null;
  let body: ReactNode;
  const spinner = phase === 'polling' || phase === 'redirecting';

  switch (state.phase) {
    case 'failed': {
      const timeout = state.failure === 'UNKNOWN';
      title = t(timeout ? 'payment.failed.titleTimeout' : 'payment.failed.titleStatus');
      body = (
        <>
          <Alert variant="error" heading={t(timeout ? 'ERRORS.UNKNOWN' : 'ERRORS.UNKNOWN_STATUS')}>
            {t('payment.failed.code', { code: 'UNKNOWN' })}
          </Alert>
          <Text>{t(timeout ? 'payment.failed.textTimeout' : 'payment.failed.textStatus', { merchant: name })}</Text>
          <div className="flex flex-wrap items-center gap-3 pt-2">
            <BackToMerchant merchant={merchant} fallbackUrl={state.redirectUrl} variant="primary" />
            {timeout ? (
              <Button variant="secondary" onClick={onCheckNow}>
                {t('payment.failed.checkAgain')}
              </Button>
            ) : null}
          </div>
        </>
      );
      break;
    }
    case 'review':
      title = t('payment.review.title');
      live = <span className="sr-only">{t('payment.review.announce')}</span>;
      body = (
        <>
          <Text>{t('payment.review.text', { days: MANUAL_REVIEW_WORKING_DAYS })}</Text>
          <Text>{t('payment.review.shop', { merchant: name })}</Text>
          <Text>{t('payment.review.close')}</Text>
          {/* The server's return address already carries the outcome (the lender is deciding). */}
          <a href={state.redirectUrl} className={buttonVariants({ className: 'mt-2' })}>
            {t('app.backToMerchant', { merchant: name })}
          </a>
        </>
      );
      break;
    case 'redirecting':
      title = t('payment.redirecting.title');
      live = <p>{t('payment.redirecting.text', { merchant: name })}</p>;
      body = (
        // In case the browser does not follow (a blocked navigation): the same address by hand.
        <a href={state.redirectUrl} className={buttonVariants({ variant: 'secondary' })}>
          {t('payment.redirecting.continue', { merchant: name })}
        </a>
      );
      break;
    case 'polling':
      title = t('payment.waiting.title');
      live = state.trouble ? (
        <Alert variant="info" announce={false}>
          {t('payment.waiting.trouble')}
        </Alert>
      ) : (
        <span className="sr-only">{t('payment.waiting.status')}</span>
      );
      body = (
        <>
          <Text>{t('payment.waiting.intro', { merchant: name })}</Text>
          <Alert variant="warning" announce={false} heading={t('payment.waiting.warningHeading')}>
            {t('payment.waiting.warning')}
          </Alert>
          {state.trouble ? (
            <Button variant="secondary" onClick={onCheckNow}>
              {t('payment.waiting.checkNow')}
            </Button>
          ) : null}
        </>
      );
      break;
  }

  return (
    <section aria-labelledby="payment-status-title" className="max-w-2xl space-y-5">
      <div className="flex items-center gap-4">
        {spinner ? <Spinner size="lg" decorative /> : null}
        <Heading level={1} id="payment-status-title" ref={heading} tabIndex={-1}>
          {title}
        </Heading>
      </div>
      {/* Empty only once the wait failed, whose error alert speaks up by itself. */}
      <div role="status" className="space-y-3 empty:hidden">
        {live}
      </div>
      {body}
      {creditWarning && (phase === 'polling' || phase === 'review') ? <CreditCostWarning /> : null}
    </section>
  );
}
