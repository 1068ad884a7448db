import { type FormEvent, useState } from 'react';
import { BACK_OFFICE_LIMITS } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { TextArea } from '@/components/ui/text-area';
import { fieldErrorsOf } from '../api';
import { type BoKey, type BoValues, useBoT } from '../i18n';
import { ErrorMessage } from './error-message';

interface ReasonFormProps {
  label: BoKey;
  hint: BoKey;
  submit: BoKey;
  variant?: 'primary' | 'secondary';
  /** Optional reasons may be left empty. */
  optional?: boolean;
  /** Values for the label's placeholders: which of several like actions this form is for. */
  values?: BoValues;
  /** What a refusal (409) means for this action, where the console's general text says too little. */
  conflict?: BoKey;
  onSubmit: (reason: string | undefined) => Promise<void>;
}

/** An action that asks why: the reason goes to the audit log with it. */
export function ReasonForm({ label, hint, submit, variant = 'primary', optional = false, values, conflict, onSubmit }: ReasonFormProps) {
  const t = useBoT();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await onSubmit(reason.trim() === '' && optional ? undefined : reason.trim());
      setReason('');
      setDone(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = fieldErrorsOf(error).reason;
  return (
    <form onSubmit={send} className="space-y-3" noValidate>
      <FormField label={t(label, values)} hint={t(hint)} required={!optional} error={fieldError}>
        <TextArea rows={2} value={reason} maxLength={BACK_OFFICE_LIMITS.reasonMax} onChange={(event) => setReason(event.target.value)} />
      </FormField>
      {error && !fieldError ? <ErrorMessage error={error} conflict={conflict} /> : null}
      {done ? <Alert variant="success">{t('common.done')}</Alert> : null}
      <Button type="submit" variant={variant} loading={busy}>
        {t(submit)}
      </Button>
    </form>
  );
}
