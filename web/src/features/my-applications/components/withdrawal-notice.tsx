import { Link } from 'wouter';
import { PAGES } from '@portal/domain';
import { buttonVariants } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import type { WithdrawalView } from '../api/my-applications';

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
