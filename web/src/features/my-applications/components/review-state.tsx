import type { HeadingLevel } from '@/components/ui/heading';
import { Heading } from '@/components/ui/heading';
import { useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import type { ReviewView } from '../api/my-applications';

/**
 * Where a review by a person stands: received, with the lender, answered; once answered, the
 * outcome, the main factors of the assessment and the lender's own words (CCD2 Art. 18(8)).
 */
export function ReviewState({ review, lender, level }: { review: ReviewView; lender: string; level: HeadingLevel }) {
  const t = useT();
  const { dateTime } = useFormat();
  const sub = Math.min(level + 1, 6) as HeadingLevel;
  const when =
    review.status === 'answered' && review.answer
      ? review.answer.answeredAt
      : review.status === 'in_review'
        ? (review.sentToLenderAt ?? review.createdAt)
        : review.createdAt;
  return (
    <section aria-labelledby={`review-${review.reference}`} className="space-y-3" data-testid="review-state">
      <Heading level={level} size={4} id={`review-${review.reference}`}>
        {t('my.review.heading')}
      </Heading>
      <p>
        <span className="font-semibold">{t('my.review.statusLabel')}: </span>
        {t(`my.review.statuses.${review.status}`)}
      </p>
      <p>{t(`my.review.${review.status}`, { lender, time: dateTime(when), reference: review.reference })}</p>
      {review.answer ? (
        <div className="space-y-3">
          <p className="font-semibold">{t(`my.review.outcome.${review.answer.outcome}`)}</p>
          {review.answer.factors.length > 0 ? (
            <>
              <Heading level={sub} size={5}>
                {t('my.review.factors')}
              </Heading>
              <ul className="list-disc space-y-1 pl-6">
                {review.answer.factors.map((factor) => (
                  <li key={factor}>{factor}</li>
                ))}
              </ul>
            </>
          ) : null}
          <Heading level={sub} size={5}>
            {t('my.review.explanation')}
          </Heading>
          <p className="whitespace-pre-line break-words">{review.answer.explanation}</p>
        </div>
      ) : null}
    </section>
  );
}
