import { useState } from 'react';
import useSWR from 'swr';
import { BACK_OFFICE_API, type KeyRotationStatusView, type PreflightCheck, type PreflightReport, type ProviderStatuses, type ProviderStatusView } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { call, fetcher } from '../api';
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
    [
      t('providers.unreadable'),
      status.lastUnreadable
        ? t('providers.unreadableValue', { count: status.unreadable, operation: status.lastUnreadable.operation, field: status.lastUnreadable.field, at: format.dateTime(status.lastUnreadable.at) })
        : String(status.unreadable),
    ],
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
      {status.configured ? null : <p className="text-sm">{t('providers.notConfigured')}</p>}
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

const OUTCOME_STYLES = { ok: 'bg-green-100 text-green-900', failed: 'bg-red-100 text-red-900', off: 'bg-neutral-200 text-neutral-900' } as const;

/** One provider's preflight, in the operator's words. */
function CheckItem({ check }: { check: PreflightCheck }) {
  const t = useBoT();
  const { problem } = check;
  return (
    <li className="space-y-1 rounded-lg border border-neutral-200 bg-white p-3 text-sm" data-testid={`check-${check.provider}${check.country ? `-${check.country}` : ''}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {t(`providers.names.${check.provider}`)}
          {check.country ? ` · ${check.country}` : ''}
        </span>
        <span data-testid="outcome" className={cn('rounded-full px-2 py-0.5 font-semibold', OUTCOME_STYLES[check.outcome])}>
          {t(`providers.check.outcome.${check.outcome}`)}
        </span>
      </div>
      {check.outcome === 'off' ? <p>{t('providers.check.off')}</p> : null}
      {problem ? (
        <p>
          {t(`providers.check.problems.${problem.kind}`, {
            address: check.address ?? '–',
            operation: problem.operation ?? '–',
            status: problem.status ?? '–',
            code: problem.code ? `, ${problem.code}` : '',
            field: problem.field ?? '–',
          })}
        </p>
      ) : null}
      {check.calls.length > 0 ? <p className="text-neutral-700">{t('providers.check.calls', { calls: check.calls.join(', ') })}</p> : null}
      {check.outcome === 'failed' ? <p className="break-words text-neutral-700">{t('providers.check.settings', { settings: check.settings.join(', ') })}</p> : null}
    </li>
  );
}

/** The preflight on demand: the harmless calls `npm run providers:check` makes. */
function ProvidersCheck() {
  const t = useBoT();
  const format = useFormatting();
  const [report, setReport] = useState<PreflightReport | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      setReport(await call<PreflightReport>('POST', BACK_OFFICE_API.checkProviders.route.url()));
    } catch (caught) {
      setError(caught);
    } finally {
      setRunning(false);
    }
  };
  return (
    <section aria-labelledby="check-title" className="space-y-3">
      <Heading level={2} id="check-title">
        {t('providers.check.title')}
      </Heading>
      <p className="text-sm">{t('providers.check.intro')}</p>
      <Button onClick={() => void run()} loading={running}>
        {running ? t('providers.check.running') : t('providers.check.run')}
      </Button>
      {error ? <ErrorMessage error={error} /> : null}
      {report ? (
        <div aria-live="polite" className="space-y-2">
          <p className="text-sm text-neutral-700">{t('providers.check.at', { at: format.dateTime(report.at) })}</p>
          <ul className="grid gap-2 lg:grid-cols-2" data-testid="provider-checks">
            {report.checks.map((check) => (
              <CheckItem key={`${check.provider}-${check.country ?? 'all'}`} check={check} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The latest key rotation of personal data (ADR 37): how far it is, and whether the old key may go. */
function KeyRotation({ rotation }: { rotation: KeyRotationStatusView }) {
  const t = useBoT();
  const format = useFormatting();
  const locale = useLocale();
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const state = rotation.finishedAt ? 'finished' : rotation.running ? 'running' : 'waiting';
  return (
    <section aria-labelledby="key-rotation-title" className="space-y-2">
      <Heading level={2} id="key-rotation-title">
        {t('keyRotation.title')}
      </Heading>
      <p className="text-sm">
        {t(`keyRotation.${state}`, { keyId: rotation.keyId, finishedAt: format.dateTime(rotation.finishedAt), startedAt: format.dateTime(rotation.startedAt) })}
        {rotation.rehash ? ` ${t('keyRotation.rehash')}` : ''}
      </p>
      {rotation.finishedAt ? null : (
        <p className="text-sm">
          {rotation.rowsTotal === null
            ? t('keyRotation.counting')
            : t('keyRotation.progress', { done: number(rotation.rowsDone), total: number(Math.max(rotation.rowsTotal, rotation.rowsDone)) })}
        </p>
      )}
    </section>
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
          {data.keyRotation ? <KeyRotation rotation={data.keyRotation} /> : null}
        </>
      ) : null}
      <ProvidersCheck />
    </div>
  );
}
