import { useState } from 'react';
import useSWR from 'swr';
import { BACK_OFFICE_API, type BackOfficeMail, type BackOfficeMails, type MailState } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Heading } from '@/components/ui/heading';
import { cn } from '@/lib/cn';
import { call, fetcher } from '../api';
import { useBoT } from '../i18n';
import { ErrorMessage } from './error-message';
import { useFormatting } from './formatting';
import { ReasonForm } from './reason-form';

/** The list refreshes while the page is open: support watches a retried mail go. */
const REFRESH_MS = 3000;

/** Dark text on a pale tint, as the status badges: the state is also said in words. */
const STATE_CLASSES: Readonly<Record<MailState, string>> = {
  queued: 'bg-amber-100 text-amber-950',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/** The mails the portal has words for; another kind is shown by its name. */
const KINDS = [
  'precontractual-information',
  'decline-notice',
  'review-receipt',
  'review-request-to-lender',
  'review-answer',
  'withdrawal-acknowledgement',
  'withdrawal-to-lender',
  'withdrawal-reminder',
] as const;
const isKnownKind = (kind: string): kind is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(kind);

/**
 * The e-mails sent about an application (issue 31): kind, language, state, attempts, the last
 * failure's code, when it went, its Message-ID and SHA-256, and what was attached; never whom it
 * went to or what it said. A failed mail can be sent again, with a reason for the audit log.
 */
export function MailSection({ reference }: { reference: string }) {
  const t = useBoT();
  const format = useFormatting();
  const url = BACK_OFFICE_API.mails.route.url({ reference });
  const mails = useSWR<BackOfficeMails>(url, fetcher, { refreshInterval: REFRESH_MS });
  const [retried, setRetried] = useState(false);

  const kindOf = (mail: BackOfficeMail) => (isKnownKind(mail.kind) ? t(`mail.kinds.${mail.kind}`) : mail.kind);
  const retry = async (mailId: string, reason: string) => {
    setRetried(false);
    const answer = await call<BackOfficeMails>('POST', BACK_OFFICE_API.retryMail.route.url({ reference, mailId }), { reason });
    await mails.mutate(answer, { revalidate: false });
    setRetried(true);
  };

  return (
    <section aria-labelledby="mail-title" className="space-y-3" data-testid="mails">
      <Heading level={2} id="mail-title">
        {t('mail.title')}
      </Heading>
      <p className="text-sm text-neutral-700">{t('mail.intro')}</p>
      {mails.error && !mails.data ? <ErrorMessage error={mails.error} /> : null}
      {!mails.data && !mails.error ? <p>{t('common.loading')}</p> : null}
      {mails.data?.mails.length === 0 ? <p>{t('mail.none')}</p> : null}
      {mails.data && mails.data.mails.length > 0 ? <p className="text-sm text-neutral-700">{t('mail.codes')}</p> : null}
      {retried ? <Alert variant="success">{t('mail.retry.queued')}</Alert> : null}
      <ul className="space-y-2">
        {(mails.data?.mails ?? []).map((mail) => {
          const kind = kindOf(mail);
          return (
            <li key={mail.id} className="space-y-3 rounded-lg border border-neutral-200 bg-white p-3" data-testid="mail" data-state={mail.state}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {kind} · {t(`mail.languages.${mail.language}`)}
                </p>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATE_CLASSES[mail.state])}>{t(`mail.states.${mail.state}`)}</span>
              </div>
              {/* One label width for every card, so their values line up down the list. */}
              <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-neutral-700">{t('mail.attempts')}</dt>
                <dd>{mail.attempts}</dd>
                <dt className="text-neutral-700">{t('mail.created')}</dt>
                <dd>{format.dateTime(mail.createdAt)}</dd>
                <dt className="text-neutral-700">{t('mail.sentAt')}</dt>
                <dd>{format.dateTime(mail.sentAt)}</dd>
                {mail.failedAt ? (
                  <>
                    <dt className="text-neutral-700">{t('mail.failedAt')}</dt>
                    <dd>{format.dateTime(mail.failedAt)}</dd>
                  </>
                ) : null}
                {mail.lastError ? (
                  <>
                    <dt className="text-neutral-700">{t('mail.lastError')}</dt>
                    <dd className="font-mono break-all" data-testid="mail-error">
                      {mail.lastError}
                    </dd>
                  </>
                ) : null}
                <dt className="text-neutral-700">{t('mail.messageId')}</dt>
                <dd className="font-mono break-all">{mail.messageId}</dd>
                <dt className="text-neutral-700">{t('mail.digest')}</dt>
                <dd className="font-mono break-all">{mail.digest}</dd>
                <dt className="text-neutral-700">{t('mail.size')}</dt>
                <dd>{t('mail.bytes', { size: mail.size })}</dd>
                <dt className="text-neutral-700">{t('mail.attachments')}</dt>
                <dd>
                  {mail.attachments.length === 0 ? (
                    t('mail.noAttachments')
                  ) : (
                    <ul className="space-y-1">
                      {mail.attachments.map((attachment) => (
                        <li key={attachment.sha256 + attachment.filename}>
                          {attachment.filename} <span className="text-neutral-700">({attachment.contentType}, {t('mail.bytes', { size: attachment.size })})</span>
                          <span className="block font-mono text-xs break-all">{attachment.sha256}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </dl>
              {mail.erased ? <p className="text-sm">{t('mail.erased')}</p> : null}
              {mail.state === 'failed' && !mail.erased ? (
                <ReasonForm
                  label="mail.retry.reason"
                  values={{ what: kind }}
                  hint="mail.retry.hint"
                  submit="mail.retry.submit"
                  variant="secondary"
                  conflict="mail.retry.refused"
                  onSubmit={async (reason) => retry(mail.id, reason ?? '')}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
