import { Alert } from '@/components/ui/alert';
import { type BoKey, useBoT } from '../i18n';

/** A key or secret the server answers once: shown to copy now, never again. */
export function SecretOnce({ heading, value }: { heading: BoKey; value: string }) {
  const t = useBoT();
  return (
    <Alert variant="warning" heading={t(heading)}>
      <p>{t('common.shownOnce')}</p>
      <code data-testid="secret-once" className="mt-2 block rounded bg-white px-2 py-1 font-mono text-sm break-all select-all">
        {value}
      </code>
    </Alert>
  );
}
