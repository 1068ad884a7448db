import { Alert } from '@/components/ui/alert';
import { ApiRequestError, NetworkError } from '@/lib/api-client';
import { type BoKey, useBoT } from '../i18n';

interface ErrorMessageProps {
  error: unknown;
  /** What a refusal (409) means for this action, where the general text says too little. */
  conflict?: BoKey;
}

/** A failed call, said in the console's words; the server's own message where it has one. */
export function ErrorMessage({ error, conflict }: ErrorMessageProps) {
  const t = useBoT();
  let text = t('errors.generic');
  if (error instanceof NetworkError) text = t('errors.network');
  else if (error instanceof ApiRequestError) {
    if (error.status === 403) text = t('errors.forbidden');
    else if (error.status === 404) text = t('errors.notFound');
    else if (error.status === 409) text = t(conflict ?? 'errors.conflict');
    else if (error.status === 400) text = t('errors.invalid');
    else if (error.status === 503) text = t('errors.unavailable');
  }
  return <Alert variant="error">{text}</Alert>;
}
