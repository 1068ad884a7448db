import useSWR from 'swr';
import { BACK_OFFICE_API, type ProviderStatuses, type ProviderStatusView } from '@portal/domain';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { fetcher } from '../api';
import { ErrorMessage } from '../components/error-message';
import { useFormatting } from '../components/formatting';
import { useBoT, useLocale } from '../i18n';

/** How often the page asks again: about as often as a failing lender's circuit is tested. */
const REFRESH_MS = 10_000;

const CIRCUIT_STYLES = {
  closed: 'bg-green-100 text-green-900',
  open: 'bg-red-100 text-red-900',
  'half-open': 'bg-amber-100 text-amber-950',
  none: 'bg-neutral-200 text-neutral-900',
} as const;

function ProviderCard({ status }: { status: ProviderStatusView }) {
  const t = useBoT();
  const format = useFormatting();
  const locale = useLocale();
  const circuit = status.circuit ?? 'none';
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const rows: [string, string][] = [
    [t('providers.errorRate'), status.errorRate === null ? '–' : `${percent.format(status.errorRate)} (${t('providers.failuresOf', { failures: status.failures, calls: status.calls })})`],
    [
      t('providers.latency'),
      status.latencyMedianMs === null || status.latencyP95Ms === null ? '–' : t('providers.latencyValue', { median: status.latencyMedianMs, p95: status.latencyP95Ms }),
    ],
    [t('providers.lastCall'), format.dateTime(status.lastCallAt)],
    [t('providers.lastFailure'), format.dateTime(status.lastFailureAt)],
    ...(status.circuit ? ([[t('providers.circuitSince'), format.dateTime(status.circuitSince)]] as [string, string][]) : []),
  ];
  return (
    <li className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4" data-testid={`provider-${status.provider}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading level={2} size={5}>
          {t(`providers.names.${status.provider}`)}
        </Heading>
        <span data-testid="circuit" className={cn('rounded-full px-2 py-0.5 text-sm font-semibold', CIRCUIT_STYLES[circuit])}>
          {t(`providers.circuit.${circuit}`)}
        </span>
      </div>
      {status.circuit === 'open' || status.circuit === 'half-open' ? <p className="text-sm">{t('providers.openMeans')}</p> : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-neutral-800">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** Each provider's circuit, error rate and latency, as the instance that answers sees them (ADR 17). */
export function ProvidersPage() {
  const t = useBoT();
  const statuses = useSWR<ProviderStatuses>(BACK_OFFICE_API.providers.route.url(), fetcher, { refreshInterval: REFRESH_MS });
  const data = statuses.data;
  return (
    <div className="space-y-6">
      <Heading level={1}>{t('providers.title')}</Heading>
      <p>{t('providers.intro', { minutes: (data?.windowSeconds ?? 300) / 60 })}</p>
      {statuses.error ? <ErrorMessage error={statuses.error} /> : null}
      {!data && !statuses.error ? <Spinner label={t('common.loading')} /> : null}
      {data ? (
        <>
          <p className="text-sm text-neutral-700">{t('providers.instance', { instance: data.instance })}</p>
          <ul className="grid gap-4 lg:grid-cols-2">
            {data.providers.map((status) => (
              <ProviderCard key={status.provider} status={status} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
