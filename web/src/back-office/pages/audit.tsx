import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { AUDIT_ACTIONS, type AuditEntry, BACK_OFFICE_API } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { fetcher, withQuery } from '../api';
import { ErrorMessage } from '../components/error-message';
import { useFormatting } from '../components/formatting';
import { useBoT } from '../i18n';

export function AuditPage() {
  const t = useBoT();
  const format = useFormatting();
  const [form, setForm] = useState({ action: '', operator: '', targetId: '' });
  const [applied, setApplied] = useState(form);
  const [before, setBefore] = useState<string | null>(null);
  const page = useSWR<{ items: AuditEntry[]; nextCursor: string | null }>(withQuery(BACK_OFFICE_API.auditLog.route.url(), { ...applied, before }), fetcher, { keepPreviousData: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBefore(null);
    setApplied(form);
  };
  return (
    <div className="space-y-6">
      <Heading level={1}>{t('audit.title')}</Heading>
      <p>{t('audit.intro')}</p>
      <form onSubmit={submit} className="grid gap-4 rounded-lg border border-neutral-200 bg-white p-4 md:grid-cols-3">
        <FormField label={t('audit.action')}>
          <Select value={form.action} onChange={(event) => setForm({ ...form, action: event.target.value })}>
            <option value="">{t('search.any')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('audit.operator')}>
          <TextInput value={form.operator} onChange={(event) => setForm({ ...form, operator: event.target.value })} />
        </FormField>
        <FormField label={t('audit.target')}>
          <TextInput value={form.targetId} onChange={(event) => setForm({ ...form, targetId: event.target.value })} spellCheck={false} />
        </FormField>
        <div className="md:col-span-3">
          <Button type="submit">{t('search.submit')}</Button>
        </div>
      </form>
      {page.error ? <ErrorMessage error={page.error} /> : null}
      {!page.data && !page.error ? <Spinner label={t('common.loading')} /> : null}
      <ol className="space-y-2" data-testid="audit">
        {(page.data?.items ?? []).map((entry) => (
          <li key={entry.id} className="rounded-lg border border-neutral-200 bg-white p-3 text-sm">
            <p className="flex flex-wrap gap-x-3">
              <time dateTime={entry.at} className="text-neutral-700">
                {format.dateTime(entry.at)}
              </time>
              <span className="font-semibold">{entry.operatorName}</span>
              <span className="font-mono">{entry.action}</span>
              {entry.targetId ? <span className="font-mono break-all">{`${entry.targetType ?? ''} ${entry.targetId}`}</span> : null}
            </p>
            {entry.reason ? <p>{t('audit.reason', { reason: entry.reason })}</p> : null}
          </li>
        ))}
      </ol>
      {page.data?.nextCursor ? (
        <Button variant="secondary" onClick={() => setBefore(page.data?.nextCursor ?? null)}>
          {t('search.more')}
        </Button>
      ) : null}
    </div>
  );
}
