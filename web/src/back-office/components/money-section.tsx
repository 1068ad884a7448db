import { useState } from 'react';
import type { ApplicationDetail, BackOfficeMoneyOperation, MoneyOperationState } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Heading } from '@/components/ui/heading';
import { cn } from '@/lib/cn';
import { useBoT } from '../i18n';
import { useFormatting } from './formatting';
import { ReasonForm } from './reason-form';

/** Dark text on a pale tint, as the status badges: the state is also said in words. */
const STATE_CLASSES: Readonly<Record<MoneyOperationState, string>> = {
  pending: 'bg-amber-100 text-amber-950',
  done: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

interface MoneySectionProps {
  detail: Pick<ApplicationDetail, 'application' | 'money' | 'deliveryConfirmedAt' | 'moneyOperations'>;
  /** Support tries a failed operation again; the reason goes to the audit log. */
  onRetry: (operationId: string, reason: string) => Promise<void>;
}

/**
 * A granted application's money after the sale and the shop's operations on it (issue 30): what
 * support needs to answer a shop that asks where its money is. Only a failed operation can be
 * tried again, with a reason.
 */
export function MoneySection({ detail, onRetry }: MoneySectionProps) {
  const t = useBoT();
  const format = useFormatting();
  const [retried, setRetried] = useState(false);
  const { application, money, deliveryConfirmedAt, moneyOperations } = detail;
  const lease = application.provider === 'GRENKE';
  // Nothing to say before the lender granted it, unless the shop already tried something.
  if (!money && !lease && moneyOperations.length === 0) return null;
  const currency = money?.currency ?? application.currency;
  const amountOf = (operation: BackOfficeMoneyOperation) => (operation.amount === null ? null : format.money(operation.amount, currency));
  const linesOf = (operation: BackOfficeMoneyOperation) => {
    if (operation.lines.length > 0) return operation.lines.map((line) => `${line.sku} × ${line.quantity}`).join(', ');
    return operation.kind === 'confirm-delivery' ? '–' : t('money.byAmount');
  };

  return (
    <section aria-labelledby="money-title" className="space-y-3" data-testid="money">
      <Heading level={2} id="money-title">
        {t('money.title')}
      </Heading>
      <p className="text-sm text-neutral-700">{t('money.intro')}</p>

      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-neutral-200 bg-white p-4">
        {money ? (
          <>
            <dt className="text-neutral-700">{t('money.settlement')}</dt>
            <dd data-testid="settlement">
              {t(`money.settlements.${money.settlement}`)} <span className="font-mono text-xs text-neutral-700">{money.settlement}</span>
            </dd>
            {(['authorized', 'captured', 'refunded', 'cancelled'] as const).map((field) => (
              <div key={field} className="contents">
                <dt className="text-neutral-700">{t(`money.${field}`)}</dt>
                <dd className="tabular-nums" data-testid={`money-${field}`}>
                  {format.money(money[field], money.currency)}
                </dd>
              </div>
            ))}
          </>
        ) : null}
        {lease || deliveryConfirmedAt ? (
          <>
            <dt className="text-neutral-700">{t('money.deliveryConfirmed')}</dt>
            <dd>{deliveryConfirmedAt ? format.dateTime(deliveryConfirmedAt) : t('money.notYet')}</dd>
          </>
        ) : null}
      </dl>

      <Heading level={3} size={4}>
        {t('money.operations')}
      </Heading>
      {retried ? <Alert variant="success">{t('money.retry.queued')}</Alert> : null}
      {moneyOperations.length === 0 ? <p>{t('money.none')}</p> : null}
      <ul className="space-y-2">
        {moneyOperations.map((operation) => {
          const kind = t(`money.kinds.${operation.kind}`);
          const amount = amountOf(operation);
          return (
            <li key={operation.id} className="space-y-3 rounded-lg border border-neutral-200 bg-white p-3" data-testid="money-operation" data-state={operation.state}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {kind}
                  {amount ? <span className="tabular-nums"> · {amount}</span> : null}
                </p>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATE_CLASSES[operation.state])}>{t(`money.states.${operation.state}`)}</span>
              </div>
              {/* One label width for every card, so their values line up down the list. */}
              <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-neutral-700">{t('money.lines')}</dt>
                <dd className="break-words">{linesOf(operation)}</dd>
                <dt className="text-neutral-700">{t('money.attempts')}</dt>
                <dd>{operation.attempts}</dd>
                <dt className="text-neutral-700">{t('money.created')}</dt>
                <dd>{format.dateTime(operation.createdAt)}</dd>
                <dt className="text-neutral-700">{t('money.completed')}</dt>
                <dd>{format.dateTime(operation.completedAt)}</dd>
                {operation.failure ? (
                  <>
                    <dt className="text-neutral-700">{t('money.failure')}</dt>
                    <dd className="font-mono break-all" data-testid="failure-code">
                      {operation.failure.errorCode}
                    </dd>
                  </>
                ) : null}
              </dl>
              {operation.state === 'failed' ? (
                <ReasonForm
                  label="money.retry.reason"
                  values={{ what: amount ? `${kind}, ${amount}` : kind }}
                  hint="money.retry.hint"
                  submit="money.retry.submit"
                  variant="secondary"
                  conflict="money.retry.refused"
                  onSubmit={async (reason) => {
                    setRetried(false);
                    await onRetry(operation.id, reason ?? '');
                    setRetried(true);
                  }}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
