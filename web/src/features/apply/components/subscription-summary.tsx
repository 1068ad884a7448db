import type { CountryCode, DocumentLink, LoanView } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Heading } from '@/components/ui/heading';
import { type MessageKey, useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import type { ApplyVariant } from '../logic/variant';
import { NewTabLink } from './new-tab-link';

/**
 * The credit check notice (issue 31, item 5; ADR 34): who asks whom, and the copy of the enquiry
 * the agency posts to the customer (Sweden: kreditupplysningskopia; Norway: gjenpart), naming the
 * agency where the lender's is configured.
 */
const CREDIT_CHECK: Record<CountryCode, MessageKey> = { NO: 'apply.summary.creditCheck.NO', SE: 'apply.summary.creditCheck.SE' };

/**
 * The representative example in each country's form, from the lender's figures (ADR 34): Sweden
 * states the standard information in a sentence (KkrL 7 §), Norway the short form of
 * Forbrukertilsynet's guidance ("Eff. rente …, … o/ … Kostnad: … Totalt: …").
 */
const EXAMPLE: Record<CountryCode, MessageKey> = { NO: 'apply.summary.example.NO', SE: 'apply.summary.example.SE' };

/**
 * One style for every figure: the effective interest rate is never smaller or lighter than the
 * monthly payment (KkrL 7 §, finansavtaleforskriften §§ 3-1 to 3-5), so no figure is given a
 * style of its own.
 */
const FIGURE_CLASS = 'ml-auto text-right font-semibold tabular-nums';

/**
 * What the customer agrees to, as the provider priced it: the monthly payment with the effective
 * interest rate beside it at the same size and weight, the term, the total, the cost and the
 * nominal rate (the SECCI's figures), the representative example, and the documents to read
 * before applying. Every variant shows it (spec section 2 names it for version 2; a version 1 or
 * business customer agrees to a price too). A company's lease has no interest rate to show:
 * GRENKE prices it by its instalments, and it is not consumer credit.
 */
interface Props {
  loan: LoanView;
  country: CountryCode;
  variant: ApplyVariant;
  /** The credit reference agency the lender consults on this consumer (null: not configured, or a company). */
  creditAgency: string | null;
}

export function SubscriptionSummary({ loan, country, variant, creditAgency }: Props) {
  const t = useT();
  const { money, interest } = useFormat();
  const business = variant === 'business';
  // The provider may not have priced the loan yet (it was unreachable): say so, never "0".
  const notAvailable = t('apply.summary.notAvailable');
  const amount = (value: number | null) => (value === null ? notAvailable : money(value, loan.currency));
  const rate = (value: number | null) => (value === null ? notAvailable : interest(value));
  const rows: [MessageKey, string, string?][] = business
    ? [
        ['apply.summary.totalValue', money(loan.loanAmount, loan.currency)],
        ['apply.summary.monthlyLease', amount(loan.totalMonthlyPayment)],
        ['apply.summary.term', t('apply.summary.months', { months: loan.loanPeriod })],
        ['apply.summary.totalLease', amount(loan.totalAmount)],
      ]
    : [
        ['apply.summary.totalValue', money(loan.loanAmount, loan.currency)],
        ['apply.summary.monthly', amount(loan.totalMonthlyPayment), 'monthly'],
        ['apply.summary.effectiveRate', rate(loan.effectiveInterestRate), 'apr'],
        ['apply.summary.term', t('apply.summary.months', { months: loan.loanPeriod })],
        ['apply.summary.cost', amount(loan.cost)],
        ['apply.summary.totalAmount', amount(loan.totalAmount)],
        ['apply.summary.interestRate', rate(loan.interestRate)],
      ];
  function representativeExample(): string | null {
    const { cost, totalAmount, interestRate, effectiveInterestRate, totalMonthlyPayment } = loan;
    // Only from the lender's own figures: an example with a figure missing is no example.
    if (cost === null || totalAmount === null || interestRate === null || effectiveInterestRate === null || totalMonthlyPayment === null) return null;
    const years = loan.loanPeriod % 12 === 0 && country === 'NO';
    return t(EXAMPLE[country], {
      amount: money(loan.loanAmount, loan.currency),
      term: years ? t('apply.summary.years', { years: loan.loanPeriod / 12 }) : t('apply.summary.months', { months: loan.loanPeriod }),
      rate: interest(interestRate),
      apr: interest(effectiveInterestRate),
      cost: money(cost, loan.currency),
      total: money(totalAmount, loan.currency),
      monthly: money(totalMonthlyPayment, loan.currency),
    });
  }
  const example = business ? null : representativeExample();
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
        {rows.map(([label, value, figure]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="min-w-0 text-neutral-700">{t(label)}</dt>
            <dd className={FIGURE_CLASS} data-figure={figure}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {example ? (
        <p className="text-base" data-representative-example="">
          {example}
        </p>
      ) : null}
      {loan.secciLinks.length + loan.generalTermsLinks.length > 0 ? (
        <ul className="space-y-1">
          {links(loan.secciLinks, 'apply.summary.secci')}
          {links(loan.generalTermsLinks, 'apply.summary.generalTerms')}
        </ul>
      ) : null}
      {business ? null : (
        <Alert variant="info" announce={false} data-credit-check-notice="">
          {variant === 'consumer-v2' && country === 'NO' ? <p>{t('apply.summary.creditAgreement')}</p> : null}
          <p>{t(CREDIT_CHECK[country], { agency: creditAgency ?? t('apply.summary.creditCheck.anyAgency') })}</p>
        </Alert>
      )}
    </section>
  );
}
