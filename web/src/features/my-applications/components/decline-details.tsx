import { Link } from 'wouter';
import { type CountryCode, PAGES } from '@portal/domain';
import { buttonVariants } from '@/components/ui/button';
import { Heading, type HeadingLevel } from '@/components/ui/heading';
import { useT } from '@/lib/i18n';
import type { MyApplication } from '../api/my-applications';
import { LINK } from './link-style';
import { ReviewState } from './review-state';

/** Free debt advice in the customer's country (CCD2 Art. 18(9)): the public service and how to reach it. */
export function DebtAdvice({ country, url, level }: { country: CountryCode; url: string; level: HeadingLevel }) {
  const t = useT();
  return (
    <section aria-labelledby={`debt-advice-${country}`} className="space-y-2">
      <Heading level={level} size={4} id={`debt-advice-${country}`}>
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
    </section>
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
      <section aria-labelledby={`decline-${application.reference}`} className="space-y-3">
        <Heading level={level} size={4} id={`decline-${application.reference}`}>
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
      </section>
      {application.review ? (
        <ReviewState review={application.review} lender={lender} level={level} />
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
