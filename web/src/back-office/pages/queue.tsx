import { useState } from 'react';
import useSWR from 'swr';
import { type AfterDecisionQueue, BACK_OFFICE_API } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { fetcher } from '../api';
import { ErrorMessage } from '../components/error-message';
import { ReviewQueueItem } from '../components/review-queue-item';
import { WithdrawalQueueItem } from '../components/withdrawal-queue-item';
import { useBoT } from '../i18n';

/** Another operator may answer or handle one meanwhile: the lists are asked for again now and then. */
const REFRESH_MS = 60_000;

type Done = { kind: 'answered' | 'handled'; reference: string } | null;

/**
 * Review requests and withdrawals waiting for the lender's staff (issue 32): Resurs has no API for
 * either, so its staff record the answer and the handling here. Review requests the soonest due
 * first, withdrawals the oldest first; each action asks for a reason for the audit log.
 */
export function QueuePage() {
  const t = useBoT();
  const queue = useSWR<AfterDecisionQueue>(BACK_OFFICE_API.afterDecisionQueue.route.url(), fetcher, { refreshInterval: REFRESH_MS });
  const [done, setDone] = useState<Done>(null);

  const settled = (kind: NonNullable<Done>['kind'], reference: string) => (next: AfterDecisionQueue) => {
    setDone({ kind, reference });
    void queue.mutate(next, { revalidate: false });
  };

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <Heading level={1}>{t('queue.title')}</Heading>
        <p>{t('queue.intro')}</p>
        {queue.data ? <p className="text-sm text-neutral-700">{t('queue.limit', { limit: queue.data.limit })}</p> : null}
      </div>
      {done ? (
        <Alert variant="success">{done.kind === 'answered' ? t('queue.answer.recorded', { reference: done.reference }) : t('queue.withdrawals.handled', { reference: done.reference })}</Alert>
      ) : null}
      {queue.error && !queue.data ? <ErrorMessage error={queue.error} /> : null}
      {!queue.data && !queue.error ? <Spinner label={t('common.loading')} /> : null}
      {queue.data ? (
        <>
          <section aria-labelledby="queue-reviews" className="space-y-3" data-testid="queue-reviews">
            <Heading level={2} id="queue-reviews">
              {t('queue.reviews.title')}
            </Heading>
            <p className="text-sm text-neutral-700">{t('queue.reviews.intro')}</p>
            {queue.data.reviews.length === 0 ? <p>{t('queue.reviews.none')}</p> : null}
            <ul className="space-y-4">
              {queue.data.reviews.map((review) => (
                <ReviewQueueItem key={review.reference} review={review} onAnswered={settled('answered', review.reference)} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="queue-withdrawals" className="space-y-3" data-testid="queue-withdrawals">
            <Heading level={2} id="queue-withdrawals">
              {t('queue.withdrawals.title')}
            </Heading>
            <p className="text-sm text-neutral-700">{t('queue.withdrawals.intro')}</p>
            {queue.data.withdrawals.length === 0 ? <p>{t('queue.withdrawals.none')}</p> : null}
            <ul className="space-y-4">
              {queue.data.withdrawals.map((withdrawal) => (
                <WithdrawalQueueItem key={withdrawal.reference} withdrawal={withdrawal} onHandled={settled('handled', withdrawal.reference)} />
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </div>
  );
}
