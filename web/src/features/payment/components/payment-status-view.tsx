import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { Text } from '@/components/ui/text';
import { useT } from '@/lib/i18n';
import type { PollingState } from '../hooks/use-payment-status-polling';
import { useMerchantName } from '../hooks/use-merchant-name';
import { BackToMerchant } from './back-to-merchant';

export interface PaymentStatusViewProps {
  /** Every state but `refused`, which the page turns into the error page it calls for. */
  state: Exclude<PollingState, { phase: 'refused' }>;
  onCheckNow: () => void;
  merchant: string | null;
}

/**
 * The payment status waiting screen (spec section 2): a spinner, the warning not to close the
 * page, and then where the wait ended. When it ends, focus moves to the new heading, so a screen
 * reader says what happened; a lost connection is announced politely in a live region that is on
 * the page from the start (a region added later is not reliably read).
 */
export function PaymentStatusView({ state, onCheckNow, merchant }: PaymentStatusViewProps) {
  const t = useT();
  const name = useMerchantName(merchant);
  const heading = useRef<HTMLHeadingElement>(null);
  const { phase } = state;

  useEffect(() => {
    if (phase !== 'polling') heading.current?.focus();
  }, [phase]);

  if (state.phase === 'failed') {
    const timeout = state.failure === 'UNKNOWN';
    return (
      <section aria-labelledby="payment-status-title" className="max-w-2xl space-y-5">
        <Heading level={1} id="payment-status-title" ref={heading} tabIndex={-1}>
          {t(timeout ? 'payment.failed.titleTimeout' : 'payment.failed.titleStatus')}
        </Heading>
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
      </section>
    );
  }

  if (state.phase === 'redirecting') {
    return (
      <section aria-labelledby="payment-status-title" className="max-w-2xl space-y-5">
        <div className="flex items-center gap-4">
          <Spinner size="lg" decorative />
          <Heading level={1} id="payment-status-title" ref={heading} tabIndex={-1}>
            {t('payment.redirecting.title')}
          </Heading>
        </div>
        <p role="status">{t('payment.redirecting.text', { merchant: name })}</p>
        {/* In case the browser does not follow (a blocked navigation): the same address by hand. */}
        <a href={state.redirectUrl} className={buttonVariants({ variant: 'secondary' })}>
          {t('payment.redirecting.continue', { merchant: name })}
        </a>
      </section>
    );
  }

  return (
    <section aria-labelledby="payment-status-title" className="max-w-2xl space-y-5">
      <div className="flex items-center gap-4">
        <Spinner size="lg" decorative />
        <Heading level={1} id="payment-status-title" ref={heading} tabIndex={-1}>
          {t('payment.waiting.title')}
        </Heading>
      </div>
      <Text>{t('payment.waiting.intro', { merchant: name })}</Text>
      <Alert variant="warning" announce={false} heading={t('payment.waiting.warningHeading')}>
        {t('payment.waiting.warning')}
      </Alert>
      <div role="status" className="space-y-3">
        {state.trouble ? (
          <Alert variant="info" announce={false}>
            {t('payment.waiting.trouble')}
          </Alert>
        ) : (
          <span className="sr-only">{t('payment.waiting.status')}</span>
        )}
      </div>
      {state.trouble ? (
        <Button variant="secondary" onClick={onCheckNow}>
          {t('payment.waiting.checkNow')}
        </Button>
      ) : null}
    </section>
  );
}
