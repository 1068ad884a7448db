import { useState } from 'react';
import useSWR from 'swr';
import { Link } from 'wouter';
import { type ApplicationDetail, BACK_OFFICE_API, type TimelineEntry } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { call, fetcher } from '../api';
import { ErrorMessage } from '../components/error-message';
import { useFormatting } from '../components/formatting';
import { AfterDecisionSection } from '../components/after-decision-section';
import { EvidenceExport } from '../components/evidence-export';
import { MailSection } from '../components/mail-section';
import { MoneySection } from '../components/money-section';
import { ReasonForm } from '../components/reason-form';
import { StatusBadge } from '../components/status-badge';
import { useBoT } from '../i18n';

/** The timeline refreshes while the page is open: support watches an application move. */
const REFRESH_MS = 3000;

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  const t = useBoT();
  const format = useFormatting();
  const kindClass = { lifecycle: 'bg-brand-100 text-brand-900', provider: 'bg-amber-100 text-amber-950', webhook: 'bg-sky-100 text-sky-950' }[entry.kind];
  let text: string;
  if (entry.kind === 'lifecycle') {
    text = entry.status ? t('timeline.transition', { event: entry.event, status: entry.status }) : t('timeline.noted', { event: entry.event });
  } else if (entry.kind === 'provider') {
    text = t('timeline.call', { provider: entry.provider, operation: entry.operation, outcome: entry.outcome, status: entry.httpStatus ?? '–', duration: entry.durationMs });
  } else {
    text = t(entry.trigger === 'resend' ? 'timeline.resent' : 'timeline.delivered', {
      type: entry.type,
      status: entry.httpStatus ?? (entry.error ?? '–'),
      latency: entry.latencyMs,
    });
  }
  return (
    <li className="grid gap-1 border-l-2 border-neutral-300 pb-3 pl-4 sm:grid-cols-[11rem_7rem_1fr] sm:gap-3" data-kind={entry.kind}>
      <time dateTime={entry.at} className="text-sm text-neutral-700">
        {format.dateTime(entry.at)}
      </time>
      <span className={`w-fit rounded px-2 py-0.5 text-xs font-semibold ${kindClass}`}>{t(`timeline.kinds.${entry.kind}`)}</span>
      <span className="font-mono text-sm break-words">{text}</span>
    </li>
  );
}

export function ApplicationPage({ reference }: { reference: string }) {
  const t = useBoT();
  const format = useFormatting();
  const url = BACK_OFFICE_API.application.route.url({ reference });
  const detail = useSWR<ApplicationDetail>(url, fetcher, { refreshInterval: REFRESH_MS });
  const [nationalId, setNationalId] = useState<string | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const [resendError, setResendError] = useState<unknown>(null);

  if (detail.error && !detail.data) return <ErrorMessage error={detail.error} />;
  if (!detail.data) return <Spinner label={t('common.loading')} />;
  const { application, timeline, webhookEvents } = detail.data;

  const resend = async (eventId: string) => {
    setResendError(null);
    try {
      await call('POST', BACK_OFFICE_API.resendWebhook.route.url({ reference, eventId }), {});
      setResent(eventId);
      await detail.mutate();
    } catch (error) {
      setResendError(error);
    }
  };

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <Link href="/" className="text-link underline underline-offset-2 hover:no-underline">
          {t('application.back')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <Heading level={1}>{t('application.title', { order: application.merchantPaymentReference })}</Heading>
          <StatusBadge status={application.status} />
        </div>
      </div>

      {detail.data.personalDataErasedAt ? (
        <Alert variant="info" announce={false} data-testid="personal-data-erased">
          {t('application.erased', { at: format.dateTime(detail.data.personalDataErasedAt) })}
        </Alert>
      ) : null}

      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-neutral-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
        <dt className="text-neutral-700">{t('application.reference')}</dt>
        <dd className="font-mono break-all">{application.reference}</dd>
        <dt className="text-neutral-700">{t('application.merchant')}</dt>
        <dd>{application.merchantName}</dd>
        <dt className="text-neutral-700">{t('application.lender')}</dt>
        <dd>{t('application.lenderValue', { provider: application.provider, version: application.version, country: application.countryCode })}</dd>
        <dt className="text-neutral-700">{t('application.lenderAccount')}</dt>
        <dd className="break-all" data-testid="lender-account">
          {detail.data.lenderAccount
            ? t(detail.data.lenderAccount.source === 'merchant' ? 'application.lenderAccountMerchant' : 'application.lenderAccountPortal', {
                country: detail.data.lenderAccount.country,
                id: detail.data.lenderAccount.id,
              })
            : '–'}
        </dd>
        <dt className="text-neutral-700">{t('application.amount')}</dt>
        <dd>{format.amount(application.loanAmount, application.currency)}</dd>
        <dt className="text-neutral-700">{t('application.customer')}</dt>
        <dd>{[application.companyName, application.customerName].filter(Boolean).join(' · ') || '–'}</dd>
        <dt className="text-neutral-700">{t('application.nationalId')}</dt>
        <dd className="font-mono" data-testid="national-id">
          {nationalId ?? application.nationalIdMasked ?? '–'}
        </dd>
        <dt className="text-neutral-700">{t('application.outcome')}</dt>
        <dd className="font-mono">{application.outcome ?? '–'}</dd>
        <dt className="text-neutral-700">{t('application.created')}</dt>
        <dd>{format.dateTime(application.createdAt)}</dd>
      </dl>

      <MoneySection
        detail={detail.data}
        onRetry={async (operationId, reason) => {
          await detail.mutate(await call<ApplicationDetail>('POST', BACK_OFFICE_API.retryMoneyOperation.route.url({ reference, operationId }), { reason }), { revalidate: false });
        }}
      />

      <AfterDecisionSection afterDecision={detail.data.afterDecision} />
      <MailSection reference={reference} />
      <EvidenceExport reference={reference} />

      <div className="grid gap-6 lg:grid-cols-2">
        {application.nationalIdMasked && !nationalId ? (
          <section aria-labelledby="reveal-title" className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4">
            <Heading level={2} size={4} id="reveal-title">
              {t('reveal.title')}
            </Heading>
            <ReasonForm
              label="reveal.reason"
              hint="reveal.hint"
              submit="reveal.submit"
              variant="secondary"
              onSubmit={async (reason) => {
                const answer = await call<{ nationalId: string | null }>('POST', BACK_OFFICE_API.revealNationalId.route.url({ reference }), { reason });
                setNationalId(answer.nationalId);
              }}
            />
          </section>
        ) : null}
        {detail.data.signatoryCheck ? (
          <section aria-labelledby="signatory-title" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="signatory-check">
            <Heading level={2} size={4} id="signatory-title">
              {t('signatory.title')}
            </Heading>
            <p className="text-sm">{t('signatory.intro', detail.data.signatoryCheck)}</p>
            <ReasonForm
              label="signatory.reason"
              hint="signatory.hint"
              submit="signatory.submit"
              onSubmit={async (reason) => {
                await detail.mutate(await call<ApplicationDetail>('POST', BACK_OFFICE_API.confirmSignatory.route.url({ reference }), { reason }), { revalidate: false });
              }}
            />
          </section>
        ) : null}
        {!detail.data.final ? (
          <section aria-labelledby="cancel-title" className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4">
            <Heading level={2} size={4} id="cancel-title">
              {t('cancel.title')}
            </Heading>
            <p className="text-sm">{t('cancel.intro')}</p>
            <ReasonForm
              label="cancel.reason"
              hint="cancel.hint"
              submit="cancel.submit"
              onSubmit={async (reason) => {
                await detail.mutate(await call<ApplicationDetail>('POST', BACK_OFFICE_API.cancelApplication.route.url({ reference }), { reason }), { revalidate: false });
              }}
            />
          </section>
        ) : null}
      </div>

      <section aria-labelledby="webhooks-title" className="space-y-3">
        <Heading level={2} id="webhooks-title">
          {t('webhooks.title')}
        </Heading>
        {webhookEvents.length === 0 ? <p>{t('webhooks.none')}</p> : null}
        {resendError ? <ErrorMessage error={resendError} /> : null}
        {resent ? <Alert variant="success">{t('webhooks.queued')}</Alert> : null}
        <ul className="space-y-2">
          {webhookEvents.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-200 bg-white p-3" data-testid="webhook-event">
              <div className="text-sm">
                <p className="font-mono font-semibold">{event.type}</p>
                <p className="text-neutral-700">
                  {event.deliveredAt ? t('webhooks.delivered', { at: format.dateTime(event.deliveredAt), attempts: event.attempts }) : t('webhooks.pending', { attempts: event.attempts, status: event.lastStatus ?? '–' })}
                </p>
                <p className="break-all text-neutral-700">{event.url}</p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => void resend(event.id)}>
                {t('webhooks.resend')}
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="timeline-title" className="space-y-3">
        <Heading level={2} id="timeline-title">
          {t('timeline.title')}
        </Heading>
        <p className="text-sm text-neutral-700">{t('timeline.intro')}</p>
        <ol className="space-y-1" data-testid="timeline" aria-live="polite">
          {timeline.map((entry, index) => (
            <TimelineItem key={`${entry.at}-${entry.kind}-${index}`} entry={entry} />
          ))}
        </ol>
      </section>
    </div>
  );
}
