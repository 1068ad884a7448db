import { useId } from 'react';
import { FLEX_YOUNG, flexYoungRefusal, type LoanView, type CountryCode } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Text } from '@/components/ui/text';
import { useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';

interface Props {
  country: CountryCode;
  loan: Pick<LoanView, 'loanAmount' | 'loanPeriod' | 'currency'>;
  /** A submission is under way: `pressed` when it came from this button. */
  busy: boolean;
  pressed: boolean;
  onApply: () => void;
}

/**
 * FLEX Young, the student offer (spec sections 4, 5, 9): what it is and, when this loan does not
 * qualify, why its button is disabled. Otherwise the button applies with accountKey `student`.
 */
export function FlexYoungBox({ country, loan, busy, pressed, onApply }: Props) {
  const t = useT();
  const { money } = useFormat();
  const reasonId = useId();
  const limit = money(FLEX_YOUNG.amountLimit[country], loan.currency);
  const refusal = flexYoungRefusal(country, loan.loanAmount, loan.loanPeriod);
  const period = { min: FLEX_YOUNG.minPeriodMonths, max: FLEX_YOUNG.maxPeriodMonths };

  return (
    <section aria-labelledby={`${reasonId}-title`} className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-4 sm:p-5">
      <Heading level={2} size={4} id={`${reasonId}-title`}>
        {t('apply.flexYoung.title')}
      </Heading>
      <Text>{t('apply.flexYoung.intro', { age: FLEX_YOUNG.minAge })}</Text>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t('apply.flexYoung.amount', { limit })}</li>
        <li>{t('apply.flexYoung.period', period)}</li>
        <li>{t('apply.flexYoung.studentId')}</li>
      </ul>
      {refusal ? (
        <p id={reasonId} className="font-semibold">
          {refusal === 'amount'
            ? t('apply.flexYoung.refusedAmount', { limit, amount: money(loan.loanAmount, loan.currency) })
            : t('apply.flexYoung.refusedPeriod', { ...period, months: loan.loanPeriod })}
        </p>
      ) : null}
      <Button variant="secondary" disabled={refusal !== null || busy} loading={pressed} aria-describedby={refusal ? reasonId : undefined} onClick={onApply}>
        {t('apply.flexYoung.apply')}
      </Button>
    </section>
  );
}
