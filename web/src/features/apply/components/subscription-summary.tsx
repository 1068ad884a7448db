import type { CountryCode, DocumentLink, LoanView } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Heading } from '@/components/ui/heading';
import { type MessageKey, useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import { NewTabLink } from './new-tab-link';

/** The credit agreement (Norway) or credit check (Sweden) notice under the figures. */
const DISCLAIMER: Record<CountryCode, MessageKey> = {
  NO: 'apply.summary.creditAgreement',
  SE: 'apply.summary.creditCheck',
};

/**
 * The subscription of a version 2 application (spec section 2): its value, cost, interest and
 * monthly payment as the provider priced them, and the documents to read before applying.
 */
export function SubscriptionSummary({ loan, country }: { loan: LoanView; country: CountryCode }) {
  const t = useT();
  const { money, interest } = useFormat();
  // The provider may not have priced the loan yet (it was unreachable): say so, never "0".
  const amount = (value: number | null) => (value === null ? t('apply.summary.notAvailable') : money(value, loan.currency));
  const rows: [MessageKey, string][] = [
    ['apply.summary.totalValue', money(loan.loanAmount, loan.currency)],
    ['apply.summary.cost', amount(loan.cost)],
    ['apply.summary.interestRate', loan.interestRate === null ? t('apply.summary.notAvailable') : interest(loan.interestRate)],
    ['apply.summary.monthly', amount(loan.totalMonthlyPayment)],
  ];
  const links = (list: DocumentLink[], label: MessageKey) =>
    list.map((link) => (
      <li key={link.url}>
        <NewTabLink href={link.url}>{list.length > 1 ? `${t(label)} (${link.label})` : t(label)}</NewTabLink>
      </li>
    ));

  return (
    <section aria-labelledby="summary-title" className="space-y-4 rounded-lg border border-neutral-300 bg-white p-4 sm:p-5">
      <Heading level={2} size={4} id="summary-title">
        {t('apply.summary.title')}
      </Heading>
      <dl className="divide-y divide-neutral-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="text-neutral-700">{t(label)}</dt>
            <dd className="ml-auto text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {loan.secciLinks.length + loan.generalTermsLinks.length > 0 ? (
        <ul className="space-y-1">
          {links(loan.secciLinks, 'apply.summary.secci')}
          {links(loan.generalTermsLinks, 'apply.summary.generalTerms')}
        </ul>
      ) : null}
      <Alert variant="info" announce={false}>
        {t(DISCLAIMER[country])}
      </Alert>
    </section>
  );
}
