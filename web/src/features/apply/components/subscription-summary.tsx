import type { CountryCode, DocumentLink, LoanView } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Heading } from '@/components/ui/heading';
import { type MessageKey, useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import type { ApplyVariant } from '../logic/variant';
import { NewTabLink } from './new-tab-link';

/** The credit agreement (Norway) or credit check (Sweden) notice under the figures. */
const DISCLAIMER: Record<CountryCode, MessageKey> = {
  NO: 'apply.summary.creditAgreement',
  SE: 'apply.summary.creditCheck',
};

/**
 * What the customer agrees to, as the provider priced it: the monthly payment, the term, the
 * total, and for consumer credit its cost and the nominal and effective interest rates (the
 * SECCI's figures), with the documents to read before applying. Every variant shows it (spec
 * section 2 names it for version 2; a version 1 or business customer agrees to a price too).
 * A company's lease has no interest rate to show: GRENKE prices it by its instalments.
 */
export function SubscriptionSummary({ loan, country, variant }: { loan: LoanView; country: CountryCode; variant: ApplyVariant }) {
  const t = useT();
  const { money, interest } = useFormat();
  const business = variant === 'business';
  // The provider may not have priced the loan yet (it was unreachable): say so, never "0".
  const notAvailable = t('apply.summary.notAvailable');
  const amount = (value: number | null) => (value === null ? notAvailable : money(value, loan.currency));
  const rate = (value: number | null) => (value === null ? notAvailable : interest(value));
  const rows: [MessageKey, string][] = business
    ? [
        ['apply.summary.totalValue', money(loan.loanAmount, loan.currency)],
        ['apply.summary.monthlyLease', amount(loan.totalMonthlyPayment)],
        ['apply.summary.term', t('apply.summary.months', { months: loan.loanPeriod })],
        ['apply.summary.totalLease', amount(loan.totalAmount)],
      ]
    : [
        ['apply.summary.totalValue', money(loan.loanAmount, loan.currency)],
        ['apply.summary.monthly', amount(loan.totalMonthlyPayment)],
        ['apply.summary.term', t('apply.summary.months', { months: loan.loanPeriod })],
        ['apply.summary.cost', amount(loan.cost)],
        ['apply.summary.totalAmount', amount(loan.totalAmount)],
        ['apply.summary.interestRate', rate(loan.interestRate)],
        ['apply.summary.effectiveRate', rate(loan.effectiveInterestRate)],
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
        {t(business ? 'apply.summary.titleBusiness' : 'apply.summary.title')}
      </Heading>
      <dl className="divide-y divide-neutral-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="min-w-0 text-neutral-700">{t(label)}</dt>
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
      {variant === 'consumer-v2' ? (
        <Alert variant="info" announce={false}>
          {t(DISCLAIMER[country])}
        </Alert>
      ) : null}
    </section>
  );
}
