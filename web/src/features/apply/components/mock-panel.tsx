import { useId, useState } from 'react';
import { GRENKE_MOCK_ACTIONS as ACTIONS, MOCK_DELAY_SECONDS } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { Select } from '@/components/ui/select';
import { Text } from '@/components/ui/text';
import { TextInput } from '@/components/ui/text-input';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { type GrenkeMockAction, mockGrenkeDecision } from '../api/submit';

/** A whole number of seconds within the allowed range, or null. */
function parseDelay(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const seconds = Number(text);
  return seconds >= MOCK_DELAY_SECONDS.min && seconds <= MOCK_DELAY_SECONDS.max ? seconds : null;
}

/**
 * Sandbox only (features.showDummyLogin): makes the simulated GRENKE take a decision after a
 * delay, so each outcome of the business flow can be tried. It may be set before or after the
 * application is sent.
 */
export function MockPanel({ merchantPaymentReference }: { merchantPaymentReference: string }) {
  const t = useT();
  const titleId = useId();
  const [action, setAction] = useState<GrenkeMockAction>('continue');
  const [delay, setDelay] = useState(String(MOCK_DELAY_SECONDS.default));
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: true; action: GrenkeMockAction; seconds: number } | { ok: false; error: unknown } | null>(null);

  const onMock = async () => {
    const seconds = parseDelay(delay);
    setInvalid(seconds === null);
    if (seconds === null) return;
    setBusy(true);
    setResult(null);
    try {
      await mockGrenkeDecision(action, merchantPaymentReference, seconds);
      setResult({ ok: true, action, seconds });
    } catch (error) {
      setResult({ ok: false, error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border border-dashed border-neutral-500 bg-white p-4 sm:p-5">
      <Heading level={2} size={4} id={titleId}>
        {t('sandbox.grenke.title')}
      </Heading>
      <Text size="sm" color="secondary">
        {t('sandbox.grenke.intro')}
      </Text>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('sandbox.grenke.result')}>
          <Select value={action} onChange={(event) => setAction(ACTIONS.find((value) => value === event.target.value) ?? 'continue')}>
            {ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`sandbox.grenke.actions.${value}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label={t('sandbox.grenke.delay')}
          hint={t('sandbox.grenke.delayHint', { min: MOCK_DELAY_SECONDS.min, max: MOCK_DELAY_SECONDS.max })}
          error={invalid ? t('sandbox.grenke.delayInvalid', { min: MOCK_DELAY_SECONDS.min, max: MOCK_DELAY_SECONDS.max }) : null}
        >
          <TextInput
            type="number"
            inputMode="numeric"
            min={MOCK_DELAY_SECONDS.min}
            max={MOCK_DELAY_SECONDS.max}
            step={1}
            value={delay}
            onChange={(event) => setDelay(event.target.value)}
          />
        </FormField>
      </div>
      <Button variant="secondary" loading={busy} onClick={() => void onMock()}>
        {t('sandbox.grenke.submit')}
      </Button>
      <div aria-live="polite">
        {result?.ok ? (
          <Alert variant="success" announce={false}>
            {t('sandbox.grenke.done', { result: t(`sandbox.grenke.actions.${result.action}`), seconds: result.seconds })}
          </Alert>
        ) : null}
      </div>
      {result && !result.ok ? <Alert variant="error">{errorText(result.error, t)}</Alert> : null}
    </section>
  );
}
