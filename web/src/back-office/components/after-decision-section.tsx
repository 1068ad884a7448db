import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ApplicationDetail } from '@portal/domain';
import { Heading } from '@/components/ui/heading';
import { useBoT } from '../i18n';
import { CONSOLE_PAGES } from '../routes';
import { useFormatting } from './formatting';
import { useLenderAction } from './withdrawal-queue-item';

const TERM = 'font-semibold text-neutral-800';

/** One review request or withdrawal: its title and its facts as terms and values. */
function Entry({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <div className="space-y-2 rounded-lg border border-neutral-200 bg-white p-4" data-testid={testId}>
      <Heading level={3} size={5}>
        {title}
      </Heading>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">{children}</dl>
    </div>
  );
}

/**
 * After the decision (issue 32): the customer's review request and withdrawal on their
 * application's page, open or done, so that support can answer a customer who calls about
 * either. What is still open is answered or handled in the queue, where the customer's own words
 * are opened for a reason; this page never shows them.
 */
export function AfterDecisionSection({ afterDecision }: Pick<ApplicationDetail, 'afterDecision'>) {
  const t = useBoT();
  const format = useFormatting();
  const lenderAction = useLenderAction();
  const { review, withdrawal } = afterDecision;
  if (!review && !withdrawal) return null;
  const open = (review && review.status !== 'answered') || (withdrawal && withdrawal.state !== 'done');
  return (
    <section aria-labelledby="after-decision-title" className="space-y-4" data-testid="after-decision">
      <Heading level={2} id="after-decision-title">
        {t('afterDecision.title')}
      </Heading>
      {review ? (
        <Entry testId="after-decision-review" title={t('queue.reviews.item', { reference: review.reference })}>
          <dt className={TERM}>{t('queue.reviews.received')}</dt>
          <dd>{format.dateTime(review.createdAt)}</dd>
          <dt className={TERM}>{t('queue.reviews.due')}</dt>
          <dd>
            {format.dateTime(review.dueAt)}
            {review.overdue ? <strong className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs text-red-900">{t('queue.reviews.overdue')}</strong> : null}
          </dd>
          <dt className={TERM}>{t('queue.reviews.status')}</dt>
          <dd>{t(`queue.reviews.statuses.${review.status}`)}</dd>
          <dt className={TERM}>{t('queue.reviews.wants')}</dt>
          <dd>{review.wants.map((want) => t(`queue.reviews.wantLabels.${want}`)).join(', ')}</dd>
          <dt className={TERM}>{t('queue.reviews.document')}</dt>
          <dd>{review.attachment ? review.attachment.name : t('queue.reviews.noDocument')}</dd>
          {review.answer ? (
            <>
              <dt className={TERM}>{t('afterDecision.answer')}</dt>
              <dd data-testid="review-outcome">
                {t(`queue.answer.outcomes.${review.answer.outcome}`)}
                {' · '}
                {t('afterDecision.answeredBy', { at: format.dateTime(review.answer.answeredAt), by: review.answer.answeredBy ?? '–' })}
              </dd>
              <dt className={TERM}>{t('queue.answer.factors')}</dt>
              <dd>
                <ul className="list-disc pl-5">
                  {review.answer.factors.map((factor) => (
                    <li key={factor}>{factor}</li>
                  ))}
                </ul>
              </dd>
              <dt className={TERM}>{t('queue.answer.explanation')}</dt>
              <dd className="whitespace-pre-wrap break-words">{review.answer.explanation}</dd>
            </>
          ) : null}
        </Entry>
      ) : null}
      {withdrawal ? (
        <Entry testId="after-decision-withdrawal" title={t('queue.withdrawals.item', { reference: withdrawal.reference })}>
          <dt className={TERM}>{t('queue.withdrawals.received')}</dt>
          <dd>{format.dateTime(withdrawal.receivedAt)}</dd>
          <dt className={TERM}>{t('queue.withdrawals.deadline')}</dt>
          <dd>{format.dateTime(withdrawal.deadline)}</dd>
          <dt className={TERM}>{t('queue.withdrawals.state')}</dt>
          <dd data-testid="withdrawal-state">{t(`queue.withdrawals.states.${withdrawal.state}`)}</dd>
          <dt className={TERM}>{t('queue.withdrawals.lenderAction')}</dt>
          <dd>{lenderAction(withdrawal.lenderAction)}</dd>
          {withdrawal.handledAt ? (
            <>
              <dt className={TERM}>{t('afterDecision.handled')}</dt>
              <dd>{t('afterDecision.handledBy', { at: format.dateTime(withdrawal.handledAt), by: withdrawal.handledBy ?? '–' })}</dd>
              <dt className={TERM}>{t('queue.withdrawals.note')}</dt>
              <dd className="whitespace-pre-wrap break-words">{withdrawal.note ?? '–'}</dd>
            </>
          ) : null}
        </Entry>
      ) : null}
      {open ? (
        <p>
          <Link href={CONSOLE_PAGES.queue} className="text-link underline underline-offset-2 hover:no-underline">
            {t('afterDecision.toQueue')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
