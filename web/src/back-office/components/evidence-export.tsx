import { type FormEvent, useState } from 'react';
import { type ApiErrorBody, BACK_OFFICE_API, BACK_OFFICE_LIMITS, isApiErrorBody } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { TextArea } from '@/components/ui/text-area';
import { ApiRequestError, NetworkError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { fieldErrorsOf } from '../api';
import { useBoT } from '../i18n';
import { ErrorMessage } from './error-message';

interface EvidenceFile {
  filename: string;
  content: Blob;
}

/** The file as the server wrote it: its bytes are what `npm run evidence:verify` checks, so they are saved untouched. */
async function fetchEvidence(reference: string, reason: string): Promise<EvidenceFile> {
  let response: Response;
  try {
    response = await fetch(BACK_OFFICE_API.exportEvidence.route.url({ reference }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': i18n.locale || 'en' },
      body: JSON.stringify({ reason }),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      // Not the portal's error body: the status says enough.
    }
    const body: ApiErrorBody = isApiErrorBody(data) ? data : { status: response.status, errorCode: 'UNKNOWN', message: response.statusText };
    throw new ApiRequestError(response.status, body);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return { filename: named ?? `evidence-${reference}.json`, content: await response.blob() };
}

/** Hands the file to the browser as a download. */
function save(file: EvidenceFile): void {
  const url = URL.createObjectURL(file.content);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Support's export of an application's evidence (ADR 32): a reason, then the file as a download.
 * The reason, who asked and the chain's last hash go to the audit log before the file is sent.
 */
export function EvidenceExport({ reference }: { reference: string }) {
  const t = useBoT();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      const file = await fetchEvidence(reference, reason.trim());
      save(file);
      setSaved(file.filename);
      setReason('');
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = fieldErrorsOf(error).reason;
  return (
    <section aria-labelledby="evidence-title" className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4" data-testid="evidence-export">
      <Heading level={2} size={4} id="evidence-title">
        {t('evidence.title')}
      </Heading>
      <p className="text-sm">{t('evidence.intro')}</p>
      <form onSubmit={send} className="space-y-3" noValidate>
        <FormField label={t('evidence.reason')} hint={t('evidence.hint')} required error={fieldError}>
          <TextArea rows={2} value={reason} maxLength={BACK_OFFICE_LIMITS.reasonMax} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        {error && !fieldError ? <ErrorMessage error={error} /> : null}
        {saved ? <Alert variant="success">{t('evidence.downloaded', { filename: saved })}</Alert> : null}
        <Button type="submit" variant="secondary" loading={busy}>
          {t('evidence.submit')}
        </Button>
      </form>
    </section>
  );
}
