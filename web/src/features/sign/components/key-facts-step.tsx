import { useEffect, useRef, useState } from 'react';
import { COUNTRIES, type LoanApplicationView } from '@portal/domain';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Collapsible } from '@/components/ui/collapsible';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { Text } from '@/components/ui/text';
import { BackToMerchant } from '@/components/flow/back-to-merchant';
import { CreditCostWarning, showsCreditCostWarning } from '@/components/flow/credit-cost-warning';
import { safeRedirectUrl } from '@/lib/flow/safe-url';
import { ApiRequestError, browser } from '@/lib/api-client';
import { type MessageKey, useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { useFormat } from '@/lib/use-format';
import { continueToSignature, type PrecontractualAnswer, providePrecontractual, usePrecontractual } from '../api/precontractual';

const LINK = 'rounded-sm font-semibold text-link underline underline-offset-2 hover:no-underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';

const hasOwnPage = (error: unknown) => error instanceof ApiRequestError && [401, 403, 404].includes(error.status);

/**
 * The SECCI's key facts as one card (CCD2 Art. 10(3); ADR 35): every item in one list, in the
 * same type size and weight, so that on a phone none is more prominent than another and none is
 * hidden behind a control. `data-secci` names the Annex I item each row is.
 */
export function KeyFactsCard({ facts }: { facts: PrecontractualAnswer['keyFacts'] }) {
  const t = useT();
  const { money, interest } = useFormat();
  const none = t('key-facts.notGiven');
  const amount = (value: number | null) => (value === null ? none : money(value, facts.currency));
  const rate = (value: number | null) => (value === null ? none : interest(value));
  const rows: [string, MessageKey, string][] = [
    ['a', 'key-facts.lender', facts.lender],
    ['b', 'key-facts.creditAmount', money(facts.creditAmount, facts.currency)],
    ['c', 'key-facts.term', t('key-facts.months', { months: facts.termMonths })],
    ['d', 'key-facts.interestRate', rate(facts.interestRate)],
    ['e', 'key-facts.effectiveRate', rate(facts.effectiveInterestRate)],
    ['e', 'key-facts.totalAmount', amount(facts.totalAmountPayable)],
    ['e', 'key-facts.cost', amount(facts.costOfCredit)],
    ['h', 'key-facts.monthly', facts.monthlyPayment === null ? none : t('key-facts.payments', { amount: amount(facts.monthlyPayment), count: facts.numberOfPayments })],
    ['j', 'key-facts.withdrawal', t('key-facts.withdrawalDays', { days: facts.withdrawalDays })],
  ];
  return (
    <section aria-labelledby="key-facts-title" data-testid="key-facts" className="space-y-3 rounded-lg border border-neutral-300 bg-white p-4 sm:p-5">
      <Heading level={2} size={4} id="key-facts-title">
        {t('key-facts.cardTitle')}
      </Heading>
      <dl className="divide-y divide-neutral-200">
        {rows.map(([item, label, value]) => (
          <div key={label} data-secci={item} className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="min-w-0 text-base font-normal text-neutral-700">{t(label)}</dt>
            <dd className="ml-auto text-right text-base font-semibold tabular-nums" data-secci-value="">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Where the SECCI went, and when; or that it is on its way, or that it could not be sent. */
function MailStatus({ mail, onResend, resending }: { mail: PrecontractualAnswer['mail']; onResend: () => void; resending: boolean }) {
  const t = useT();
  const { dateTime } = useFormat();
  if (!mail) return <Spinner size="sm" label={t('key-facts.preparing')} />;
  if (mail.state === 'failed') {
    return (
      <div className="space-y-3">
        <Alert variant="error" heading={t('key-facts.mailFailed')}>
          {t('key-facts.mailFailedText', { address: mail.sentTo })}
        </Alert>
        <Button variant="secondary" loading={resending} onClick={onResend}>
          {t('key-facts.sendAgain')}
        </Button>
      </div>
    );
  }
  if (mail.state === 'queued') return <Spinner size="sm" label={t('key-facts.sending', { address: mail.sentTo })} />;
  return (
    <Alert variant="success" heading={t('key-facts.mailSent')}>
      {t('key-facts.mailSentText', { address: mail.sentTo, time: mail.sentAt ? dateTime(mail.sentAt) : '' })}
    </Alert>
  );
}

/**
 * The step before the signature (issue 31): the key facts, the lender's SECCI beneath them (the
 * PDF the customer was mailed), the mail's state, and the way on to the signature, which stays
 * disabled until the mail went. The first visit has the SECCI mailed; a visit from the mail's
 * link finds it sent and goes on from here.
 */
export function KeyFactsStep({ application }: { application: LoanApplicationView }) {
  const t = useT();
  const { data, error, mutate } = usePrecontractual(true);
  const [providing, setProviding] = useState(false);
  const [provideError, setProvideError] = useState<unknown>(null);
  const [continuing, setContinuing] = useState(false);
  const [continueError, setContinueError] = useState<unknown>(null);
  const asked = useRef(false);
  const v2 = application.version === 2;
  const documentLanguage = COUNTRIES[application.customer.countryCode].language;

  const provide = async () => {
    setProviding(true);
    setProvideError(null);
    try {
      await mutate(await providePrecontractual(), { revalidate: false });
    } catch (failure) {
      setProvideError(failure);
    } finally {
      setProviding(false);
    }
  };
  // The first visit has the SECCI mailed, once.
  useEffect(() => {
    if (!data || data.mail || asked.current) return;
    asked.current = true;
    void provide();
  });

  const goOn = async () => {
    setContinuing(true);
    setContinueError(null);
    try {
      const { url } = await continueToSignature();
      const target = safeRedirectUrl(url);
      if (!target) throw new Error('The signing address is not an http(s) address');
      browser.assign(target);
    } catch (failure) {
      setContinueError(failure);
      setContinuing(false);
    }
  };

  if (hasOwnPage(error)) return <ApiErrorView error={error} reference={application.reference} onRetry={() => void mutate()} />;
  const sent = data?.mail?.state === 'sent';
  const failure = provideError ?? continueError ?? (data ? null : error);

  return (
    <section aria-labelledby="key-facts-page-title" className="space-y-6">
      <Heading level={1} id="key-facts-page-title">
        {t('key-facts.title')}
      </Heading>
      <Text>{t('key-facts.intro')}</Text>
      {data ? <KeyFactsCard facts={data.keyFacts} /> : <Spinner size="sm" label={t('key-facts.loading')} />}
      {showsCreditCostWarning(application) ? <CreditCostWarning /> : null}
      {data?.document ? (
        <section aria-labelledby="secci-title" className="space-y-2">
          <Heading level={2} size={4} id="secci-title">
            {t('key-facts.documentTitle')}
          </Heading>
          <Text>{t('key-facts.documentText', { lender: data.keyFacts.lender })}</Text>
          <p>
            <a href={data.document.url} className={LINK} target="_blank" rel="noopener noreferrer">
              {/* The lender's document, in its country's language. */}
              <span lang={documentLanguage}>{data.document.title}</span>{' '}
              {t('key-facts.documentLink', { size: Math.max(1, Math.round(data.document.bytes / 1024)) })}
              <span className="sr-only"> {t('key-facts.newTab')}</span>
            </a>
          </p>
          <p className="text-sm break-all text-neutral-700">{t('key-facts.digest', { sha256: data.document.sha256 })}</p>
          {data.document.sections.length > 0 ? (
            <Collapsible headingLevel={3} title={<span lang={documentLanguage}>{data.document.title}</span>}>
              <div lang={documentLanguage} className="space-y-3 text-base break-words text-neutral-900">
                {/* The lender's words in their fixed order: the index is their key. */}
                {data.document.sections.map((section, index) =>
                  section.kind === 'heading' ? (
                    <h4 key={index} className="pt-2 font-semibold">
                      {section.text}
                    </h4>
                  ) : (
                    <p key={index}>{section.text}</p>
                  ),
                )}
              </div>
            </Collapsible>
          ) : null}
        </section>
      ) : null}
      {/* The spinner and the success each announce themselves (role status), the failure as an alert.
          An address has no place to break: it may, anywhere, rather than scroll the page sideways. */}
      <div className="wrap-anywhere">
        {data ? <MailStatus mail={data.mail} onResend={() => void provide()} resending={providing} /> : null}
      </div>
      {failure ? (
        <Alert variant="error" heading={t('key-facts.failed')}>
          {errorText(failure, t)}
        </Alert>
      ) : null}
      {failure && !data?.mail ? (
        <Button variant="secondary" loading={providing} onClick={() => void provide()}>
          {t('key-facts.tryAgain')}
        </Button>
      ) : null}
      <Text>{t('key-facts.later')}</Text>
      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" disabled={!sent} loading={continuing} aria-describedby={sent ? undefined : 'key-facts-wait'} onClick={() => void goOn()}>
          {t(v2 ? 'key-facts.continueV2' : 'key-facts.continue')}
        </Button>
        <BackToMerchant merchant={application.merchantName} />
      </div>
      {sent ? null : (
        <p id="key-facts-wait" className="text-sm text-neutral-700">
          {t('key-facts.waitForMail')}
        </p>
      )}
    </section>
  );
}
