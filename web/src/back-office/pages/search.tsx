import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { Link, useSearch, useLocation } from 'wouter';
import { APPLICATION_STATUSES, BACK_OFFICE_API, type MerchantView, type SearchResult } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { fetcher, withQuery } from '../api';
import { ErrorMessage } from '../components/error-message';
import { useFormatting } from '../components/formatting';
import { StatusBadge } from '../components/status-badge';
import { useBoT } from '../i18n';
import { applicationPage } from '../routes';

const FIELDS = ['reference', 'merchantPaymentReference', 'merchantId', 'status', 'from', 'to'] as const;
type Criteria = Record<(typeof FIELDS)[number], string>;

const criteriaOf = (search: string): Criteria => {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FIELDS.map((field) => [field, params.get(field) ?? ''])) as Criteria;
};

/** Support's search: the criteria live in the address, so a search can be shared and reloaded. */
export function SearchPage() {
  const t = useBoT();
  const format = useFormatting();
  const search = useSearch();
  const [, navigate] = useLocation();
  const applied = criteriaOf(search);
  const [form, setForm] = useState<Criteria>(applied);
  const [cursor, setCursor] = useState<string | null>(null);
  const merchants = useSWR<MerchantView[]>(BACK_OFFICE_API.merchants.route.url(), fetcher);
  const url = withQuery(BACK_OFFICE_API.searchApplications.route.url(), { ...applied, cursor });
  const results = useSWR<SearchResult>(url, fetcher, { keepPreviousData: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCursor(null);
    navigate(withQuery('/', form));
  };
  const set = (field: keyof Criteria) => (value: string | null) => setForm((current) => ({ ...current, [field]: value ?? '' }));

  return (
    <div className="space-y-6">
      <Heading level={1}>{t('search.title')}</Heading>
      <form onSubmit={submit} className="grid gap-4 rounded-lg border border-neutral-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3" role="search" aria-label={t('search.title')}>
        <FormField label={t('search.reference')}>
          <TextInput value={form.reference} onValueChange={set('reference')} autoComplete="off" spellCheck={false} />
        </FormField>
        <FormField label={t('search.orderReference')}>
          <TextInput value={form.merchantPaymentReference} onValueChange={set('merchantPaymentReference')} autoComplete="off" spellCheck={false} />
        </FormField>
        <FormField label={t('search.merchant')}>
          <Select value={form.merchantId} onChange={(event) => set('merchantId')(event.target.value)}>
            <option value="">{t('search.any')}</option>
            {(merchants.data ?? []).map((merchant) => (
              <option key={merchant.id} value={merchant.id}>
                {merchant.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('search.status')}>
          <Select value={form.status} onChange={(event) => set('status')(event.target.value)}>
            <option value="">{t('search.any')}</option>
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('search.from')} hint={t('search.dateHint')}>
          <TextInput inputMode="numeric" value={form.from} onValueChange={set('from')} autoComplete="off" />
        </FormField>
        <FormField label={t('search.to')} hint={t('search.dateHint')}>
          <TextInput inputMode="numeric" value={form.to} onValueChange={set('to')} autoComplete="off" />
        </FormField>
        <div className="flex gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{t('search.submit')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setForm(criteriaOf(''));
              setCursor(null);
              navigate('/');
            }}
          >
            {t('search.clear')}
          </Button>
        </div>
      </form>

      <section aria-labelledby="results-title" aria-busy={results.isLoading} className="space-y-3">
        <Heading level={2} id="results-title">
          {t('search.results')}
        </Heading>
        {results.error ? <ErrorMessage error={results.error} /> : null}
        {results.isLoading && !results.data ? <Spinner label={t('common.loading')} /> : null}
        {results.data && results.data.items.length === 0 ? <p>{t('search.none')}</p> : null}
        <ul className="space-y-2" data-testid="results">
          {(results.data?.items ?? []).map((item) => (
            <li key={item.reference} className="rounded-lg border border-neutral-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link href={applicationPage(item.reference)} className="font-semibold text-link underline underline-offset-2 hover:no-underline">
                  {item.merchantPaymentReference}
                </Link>
                <StatusBadge status={item.status} />
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-neutral-700">{t('application.merchant')}</dt>
                <dd>{item.merchantName}</dd>
                <dt className="text-neutral-700">{t('application.customer')}</dt>
                <dd>{[item.companyName, item.customerName].filter(Boolean).join(' · ') || '–'} <span className="font-mono">{item.nationalIdMasked ?? ''}</span></dd>
                <dt className="text-neutral-700">{t('application.amount')}</dt>
                <dd>{format.amount(item.loanAmount, item.currency)}</dd>
                <dt className="text-neutral-700">{t('application.created')}</dt>
                <dd>{format.dateTime(item.createdAt)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        {results.data?.nextCursor ? (
          <Button variant="secondary" onClick={() => setCursor(results.data?.nextCursor ?? null)}>
            {t('search.more')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
