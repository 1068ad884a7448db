import { SPA_BASE } from '@portal/domain';
import { buttonVariants } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import type { MyApplication } from '../api/my-applications';
import { DeclineDetails, LINK, ReviewState, WithdrawalNotice } from './after-decision-views';

/** One application on the customer's own page: what, where, by whom, where it stands, and what they can do. */
export function ApplicationCard({ application }: { application: MyApplication }) {
  const t = useT();
  const { money, date } = useFormat();
  const amount = money(application.amount, application.currency);
  const titleId = `application-${application.reference}`;
  // The app's own apply page, as the server names it; the same address on the server's render
  // of this page and in the browser (ADR 26), and nothing outside the app.
  const continueUrl = application.continueUrl?.startsWith(`${SPA_BASE}/`) ? application.continueUrl : null;
  const rows: [string, string][] = [
    [t('my-list.card.amount'), amount],
    [t('my-list.card.lender'), application.lender],
    [t('my-list.card.date'), date(application.createdAt)],
    [t('my-list.card.status'), t(`my-list.status.${application.status}`)],
    [t('my-list.card.reference'), application.reference],
  ];
  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-lg border border-neutral-300 bg-white p-4 sm:p-5" data-testid="my-application">
      <Heading level={2} size={3} id={titleId} className="break-words">
        {application.merchantName}
      </Heading>
      <dl className="divide-y divide-neutral-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="text-neutral-700">{label}</dt>
            <dd className="ml-auto min-w-0 text-right font-semibold wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      {application.documents.length > 0 ? (
        <div className="space-y-2">
          <Heading level={3} size={4}>
            {t('my-list.card.documents')}
          </Heading>
          <ul className="space-y-1">
            {application.documents.map((document) => (
              <li key={document.kind}>
                <a href={document.url} className={LINK} target="_blank" rel="noopener noreferrer">
                  {t(`my-list.documents.${document.kind}`)}
                  <span className="sr-only"> {t('my-list.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* A full load: the apply screen is rendered on the server (ADR 26). */}
      {continueUrl ? (
        <a href={continueUrl} className={buttonVariants()}>
          {t('my-list.card.continue')}
        </a>
      ) : null}
      {application.decline ? <DeclineDetails application={{ ...application, decline: application.decline }} level={3} /> : null}
      {/* A review that changed the decision: the decline is gone, the answer stays to read. */}
      {!application.decline && application.review ? <ReviewState review={application.review} lender={application.lender} country={application.countryCode} level={3} /> : null}
      <WithdrawalNotice withdrawal={application.withdrawal} reference={application.reference} />
    </article>
  );
}
