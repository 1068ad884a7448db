import { CREDIT_CHECK_MAX_MINUTES } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';
import { errorText, errorTone } from '@/lib/route-errors';
import type { ApplyFormState } from '../hooks/use-apply-form';

/**
 * While submitting: the loading panel (the check may take a while); after a failure: the error
 * alert, in words by the rule of spec section 8. The live region is always there, so the panel
 * is announced when it appears.
 */
export function SubmitStatus({ state }: { state: ApplyFormState }) {
  const t = useT();
  return (
    <>
      <div role="status" className="empty:hidden">
        {state.loading ? (
          <div className="flex items-start gap-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
            <Spinner size="md" decorative className="mt-0.5 shrink-0" />
            <div className="space-y-1">
              <p className="font-semibold">{t('apply.loading.title')}</p>
              <p className="text-sm text-neutral-800">{t('apply.loading.text', { minutes: CREDIT_CHECK_MAX_MINUTES })}</p>
            </div>
          </div>
        ) : null}
      </div>
      {state.error ? (
        <Alert id={state.alertId} tabIndex={-1} variant={errorTone(state.error)} className="focus-visible:outline-3 focus-visible:outline-focus">
          {errorText(state.error, t)}
        </Alert>
      ) : null}
    </>
  );
}
