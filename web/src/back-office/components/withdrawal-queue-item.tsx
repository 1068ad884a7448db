import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { type AfterDecisionQueue, BACK_OFFICE_API, BACK_OFFICE_LIMITS, type QueueWithdrawal, REVIEW_ANSWER_LIMITS } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { TextArea } from '@/components/ui/text-area';
import { call, fieldErrorsOf } from '../api';
import { useBoT } from '../i18n';
import { applicationPage } from '../routes';
import { ErrorMessage } from './error-message';
import { useFormatting } from './formatting';

/** What the portal did at the lender, in words where it has them; another action by its name. */
export function useLenderAction(): (action: string | null) => string {
  const t = useBoT();
  return (action) => {
    if (action === null) return t('queue.withdrawals.lenderActions.none');
    if (action === 'open-amount-cancelled') return t('queue.withdrawals.lenderActions.open-amount-cancelled');
    return action;
  };
}

/** One withdrawal waiting at the lender: where it belongs, when it came and the period's end; then marked handled, with a note and a reason. */
export function WithdrawalQueueItem({ withdrawal, onHandled }: { withdrawal: QueueWithdrawal; onHandled: (queue: AfterDecisionQueue) => void }) {
  const t = useBoT();
  const format = useFormatting();
  const lenderAction = useLenderAction();
  const titleId = useId();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { reason: reason.trim(), ...(note.trim() ? { note: note.trim() } : {}) };
      onHandled(await call<AfterDecisionQueue>('POST', BACK_OFFICE_API.handleWithdrawal.route.url({ reference: withdrawal.applicationReference }), body));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const fields = fieldErrorsOf(error);
  const fieldError = fields.note ?? fields.reason;
  return (
    <li className="space-y-4 rounded-lg border border-neutral-200 bg-white p-4" aria-labelledby={titleId} data-testid="queue-withdrawal">
      <Heading level={3} size={5} id={titleId}>
        {t('queue.withdrawals.item', { reference: withdrawal.reference })}
      </Heading>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-neutral-800">{t('queue.application')}</dt>
        <dd>
          <Link href={applicationPage(withdrawal.applicationReference)} className="text-link underline">
            {withdrawal.applicationReference}
          </Link>
        </dd>
        <dt className="font-semibold text-neutral-800">{t('queue.merchant')}</dt>
        <dd>{withdrawal.merchantName}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.country')}</dt>
        <dd>{t(`queue.countries.${withdrawal.countryCode}`)}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.withdrawals.received')}</dt>
        <dd>{format.dateTime(withdrawal.receivedAt)}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.withdrawals.deadline')}</dt>
        <dd data-testid="deadline">{format.dateTime(withdrawal.deadline)}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.withdrawals.state')}</dt>
        <dd>{t(`queue.withdrawals.states.${withdrawal.state}`)}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.withdrawals.lenderAction')}</dt>
        <dd>{lenderAction(withdrawal.lenderAction)}</dd>
      </dl>
      <form onSubmit={send} className="space-y-3" noValidate>
        <FormField label={t('queue.withdrawals.note')} hint={t('queue.withdrawals.noteHint')} error={fields.note}>
          <TextArea rows={2} value={note} maxLength={REVIEW_ANSWER_LIMITS.noteMax} onChange={(event) => setNote(event.target.value)} />
        </FormField>
        <FormField label={t('queue.withdrawals.reason', { reference: withdrawal.reference })} hint={t('queue.withdrawals.reasonHint')} required error={fields.reason}>
          <TextArea rows={2} value={reason} maxLength={BACK_OFFICE_LIMITS.reasonMax} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        {error && !fieldError ? <ErrorMessage error={error} conflict="queue.withdrawals.refused" /> : null}
        <Button type="submit" variant="secondary" loading={busy} aria-describedby={titleId}>
          {t('queue.withdrawals.submit')}
        </Button>
      </form>
    </li>
  );
}
