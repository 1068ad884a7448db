/**
 * What the customer's own pages show of an application after the decision: a decline's reasons
 * and debt advice, where a review stands, and the withdrawal's state. In one module, so that the
 * pages download them as one chunk with the shared hooks (several small chunks cost the list page
 * about 0.8 KB gzip more: bench/bundle-size.mjs, README.md).
 */
import { Link } from 'wouter';
import { COUNTRIES, type CountryCode, PAGES } from '@portal/domain';
import { buttonVariants } from '@/components/ui/button';
import { Heading, type HeadingLevel } from '@/components/ui/heading';
import { useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import type { MyApplication, ReviewView, WithdrawalView } from '../api/my-applications';

/** A link in running text, as on the key facts step: underlined, with the focus ring. */
export const LINK =
  'rounded-sm font-semibold text-link underline underline-offset-2 hover:no-underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';

/**
 * Where a review by a person stands: received, with the lender, answered; once answered, the
 * outcome, the main factors of the assessment and the lender's own words (CCD2 Art. 18(8)).
 */
export function ReviewState({ review, lender, country, level }: { review: ReviewView; lender: string; country: CountryCode; level: HeadingLevel }) {
  const t = useT();
  const { dateTime } = useFormat();
  const sub = Math.min(level + 1, 6) as HeadingLevel;
  // The lender's own words are in the lender's language (the country's): read in that language.
  const lang = COUNTRIES[country].language;
  const when =
    review.status === 'answered' && review.answer
      ? review.answer.answeredAt
      : review.status === 'in_review'
        ? (review.sentToLenderAt ?? review.createdAt)
        : review.createdAt;
  return (
    <div className="space-y-3" data-testid="review-state">
      <Heading level={level} size={4}>
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
              <ul lang={lang} className="list-disc space-y-1 pl-6 break-words">
                {review.answer.factors.map((factor) => (
                  <li key={factor}>{factor}</li>
                ))}
              </ul>
            </>
          ) : null}
          <Heading level={sub} size={5}>
            {t('my.review.explanation')}
          </Heading>
          <p lang={lang} className="whitespace-pre-line break-words">
            {review.answer.explanation}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Why there is no way to withdraw, in words: a company's lease, the period over, already
 * withdrawn (when, and its reference). An application never concluded says nothing.
 */
export function WithdrawalUnavailable({ withdrawal }: { withdrawal: WithdrawalView }) {
  const t = useT();
  const { dateTime } = useFormat();
  switch (withdrawal.unavailableBecause) {
    case 'business':
      return <p>{t('my-list.withdrawal.business')}</p>;
    case 'period_over':
      return withdrawal.deadline ? <p>{t('my-list.withdrawal.period_over', { time: dateTime(withdrawal.deadline) })}</p> : null;
    case 'withdrawn':
      return (
        <p>
          {t('my-list.withdrawal.withdrawn', {
            time: withdrawal.withdrawnAt ? dateTime(withdrawal.withdrawnAt) : '',
            reference: withdrawal.reference ?? '',
          })}
        </p>
      );
    default:
      return null;
  }
}

/**
 * The withdrawal on an application's card (Directive 2023/2673, the "withdrawal function"): a
 * clearly labelled way to the withdrawal while it is open, with its deadline; else why not.
 */
export function WithdrawalNotice({ withdrawal, reference }: { withdrawal: WithdrawalView; reference: string }) {
  const t = useT();
  const { dateTime } = useFormat();
  if (!withdrawal.available) return <WithdrawalUnavailable withdrawal={withdrawal} />;
  return (
    <div className="space-y-2">
      {withdrawal.deadline ? <p>{t('my-list.withdrawal.until', { time: dateTime(withdrawal.deadline) })}</p> : null}
      <Link href={PAGES.myWithdrawal.url({ reference })} className={buttonVariants({ variant: 'secondary' })}>
        {t('my-list.withdrawal.open')}
      </Link>
    </div>
  );
}

/** Free debt advice in the customer's country (CCD2 Art. 18(9)): the public service and how to reach it. */
export function DebtAdvice({ country, url, level }: { country: CountryCode; url: string; level: HeadingLevel }) {
  const t = useT();
  return (
    <div className="space-y-2">
      <Heading level={level} size={4}>
        {t('my-list.debtAdvice.heading')}
      </Heading>
      <p>
        {t('my-list.debtAdvice.text')}{' '}
        <a href={url} className={LINK} target="_blank" rel="noopener noreferrer">
          {t(`my-list.debtAdvice.${country}`)}
          <span className="sr-only"> {t('my-list.newTab')}</span>
        </a>
        .
      </p>
      {country === 'NO' ? <p>{t('my-list.debtAdvice.phoneNO')}</p> : null}
    </div>
  );
}

type Declined = Pick<MyApplication, 'reference' | 'lender' | 'countryCode' | 'review'> & { decline: NonNullable<MyApplication['decline']> };

/**
 * Why and how a declined application was decided (CCD2 Art. 18(8), 18(9), 19(6)): whether a
 * system decided it alone, the kinds of data and the credit reference agency used, free debt
 * advice, and a review by a person (the way to ask for one, or where the request stands).
 * Shown on the decline page and on the customer's own page alike.
 */
export function DeclineDetails({ application, level }: { application: Declined; level: HeadingLevel }) {
  const t = useT();
  const { decline, lender } = application;
  return (
    <div className="space-y-5" data-testid="decline-details">
      <div className="space-y-3">
        <Heading level={level} size={4}>
          {t('my-list.decline.heading')}
        </Heading>
        {decline.automated ? (
          <>
            <p>{t('my-list.decline.automated')}</p>
            <p>{t('my-list.decline.rightToReview', { lender })}</p>
          </>
        ) : null}
        {decline.dataCategories.length > 0 ? (
          <>
            <p>{t('my-list.decline.dataUsed', { lender })}</p>
            <ul className="list-disc space-y-1 pl-6">
              {decline.dataCategories.map((category) => (
                <li key={category}>{t(`my-list.dataCategories.${category}`)}</li>
              ))}
            </ul>
          </>
        ) : null}
        {decline.creditAgency ? <p>{t('my-list.decline.agency', { lender, agency: decline.creditAgency })}</p> : null}
      </div>
      {application.review ? (
        <ReviewState review={application.review} lender={lender} country={application.countryCode} level={level} />
      ) : decline.reviewAvailable ? (
        <p>
          <Link href={PAGES.myReview.url({ reference: application.reference })} className={buttonVariants()}>
            {t('my-list.decline.requestReview')}
          </Link>
        </p>
      ) : null}
      <DebtAdvice country={application.countryCode} url={decline.debtAdviceUrl} level={level} />
    </div>
  );
}
