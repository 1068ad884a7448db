import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { Link } from 'wouter';
import { BACK_OFFICE_API, type MerchantView } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { call, fetcher, fieldErrorsOf } from '../api';
import { ErrorMessage } from '../components/error-message';
import { SecretOnce } from '../components/secret-once';
import { useBoT } from '../i18n';
import { merchantPage } from '../routes';

/** One origin a line: how a list of addresses is easiest to paste and read. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);

function CreateMerchant({ onCreated }: { onCreated: () => void }) {
  const t = useBoT();
  const [form, setForm] = useState({ id: '', name: '', origins: '', webhookUrl: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const fields = fieldErrorsOf(error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await call<{ merchant: MerchantView; webhookSecret: string }>('POST', BACK_OFFICE_API.createMerchant.route.url(), {
        id: form.id.trim(),
        name: form.name.trim(),
        allowedOrigins: linesOf(form.origins),
        webhookUrl: form.webhookUrl.trim() || null,
      });
      setCreated({ id: answer.merchant.id, secret: answer.webhookSecret });
      setForm({ id: '', name: '', origins: '', webhookUrl: '' });
      onCreated();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="create-title" className="space-y-4 rounded-lg border border-neutral-200 bg-white p-4">
      <Heading level={2} size={3} id="create-title">
        {t('merchants.create')}
      </Heading>
      {created ? (
        <div className="space-y-2">
          <SecretOnce heading="merchants.secretHeading" value={created.secret} />
          <Link href={merchantPage(created.id)} className="text-link underline underline-offset-2">
            {t('merchants.openCreated', { id: created.id })}
          </Link>
        </div>
      ) : null}
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
        <FormField label={t('merchants.id')} hint={t('merchants.idHint')} required error={fields.id}>
          <TextInput value={form.id} onChange={(event) => setForm({ ...form, id: event.target.value })} autoComplete="off" spellCheck={false} />
        </FormField>
        <FormField label={t('merchants.name')} required error={fields.name}>
          <TextInput value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} autoComplete="off" />
        </FormField>
        <FormField label={t('merchants.origins')} hint={t('merchants.originsHint')} error={Object.entries(fields).find(([key]) => key.startsWith('allowedOrigins'))?.[1]}>
          <TextArea rows={3} value={form.origins} onChange={(event) => setForm({ ...form, origins: event.target.value })} spellCheck={false} />
        </FormField>
        <FormField label={t('merchants.webhookUrl')} hint={t('merchants.webhookUrlHint')} error={fields.webhookUrl}>
          <TextInput type="url" value={form.webhookUrl} onChange={(event) => setForm({ ...form, webhookUrl: event.target.value })} spellCheck={false} />
        </FormField>
        {error && Object.keys(fields).length === 0 ? (
          <div className="md:col-span-2">
            <ErrorMessage error={error} />
          </div>
        ) : null}
        <div className="md:col-span-2">
          <Button type="submit" loading={busy}>
            {t('merchants.createSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

export function MerchantsPage() {
  const t = useBoT();
  const merchants = useSWR<MerchantView[]>(BACK_OFFICE_API.merchants.route.url(), fetcher);
  return (
    <div className="space-y-6">
      <Heading level={1}>{t('merchants.title')}</Heading>
      {merchants.error ? <ErrorMessage error={merchants.error} /> : null}
      {!merchants.data && !merchants.error ? <Spinner label={t('common.loading')} /> : null}
      <ul className="grid gap-2 md:grid-cols-2">
        {(merchants.data ?? []).map((merchant) => (
          <li key={merchant.id} className="rounded-lg border border-neutral-200 bg-white p-4">
            <Link href={merchantPage(merchant.id)} className="font-semibold text-link underline underline-offset-2 hover:no-underline">
              {merchant.name}
            </Link>
            <p className="font-mono text-sm">{merchant.id}</p>
            <p className="text-sm text-neutral-700">{merchant.active ? t('merchants.active') : t('merchants.inactive')}</p>
          </li>
        ))}
      </ul>
      <CreateMerchant onCreated={() => void merchants.mutate()} />
    </div>
  );
}
