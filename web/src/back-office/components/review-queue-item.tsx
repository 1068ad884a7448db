import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import {
  type AfterDecisionQueue,
  BACK_OFFICE_API,
  BACK_OFFICE_LIMITS,
  type QueueReview,
  REVIEW_ANSWER_LIMITS,
  REVIEW_OUTCOMES,
  type ReviewContent,
  type ReviewOutcome,
} from '@portal/domain';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { TextArea } from '@/components/ui/text-area';
import { call, fieldErrorsOf } from '../api';
import { useBoT } from '../i18n';
import { applicationPage } from '../routes';
import { ErrorMessage } from './error-message';
import { useFormatting } from './formatting';
import { ReasonForm } from './reason-form';

/** The customer's document as a download: its bytes as they sent them, under its own name. */
function download(name: string, type: string, contentBase64: string): void {
  const bytes = Uint8Array.from(atob(contentBase64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The customer's own words and document: personal data, opened for a reason that goes to the audit log. */
function ReviewContentPanel({ review }: { review: QueueReview }) {
  const t = useBoT();
  const [content, setContent] = useState<ReviewContent | null>(null);
  const open = async (reason: string | undefined) => {
    setContent(await call<ReviewContent>('POST', BACK_OFFICE_API.reviewContent.route.url({ reference: review.applicationReference }), { reason }));
  };
  const attachment = content?.attachment;
  return (
    <section className="space-y-3 rounded-md border border-neutral-200 p-3" aria-label={t('queue.content.title')}>
      <Heading level={4} size={5}>
        {t('queue.content.title')}
      </Heading>
      <p className="text-sm">{t('queue.content.intro')}</p>
      {content ? (
        <div className="space-y-3" data-testid="review-content">
          <div>
            <p className="font-semibold">{t('queue.content.view')}</p>
            {/* The customer's words as they wrote them, line breaks kept; never HTML. */}
            {content.view ? <p className="whitespace-pre-wrap break-words">{content.view}</p> : <p>{t('queue.content.noView')}</p>}
          </div>
          {attachment ? (
            <Button variant="secondary" onClick={() => download(attachment.name, attachment.type, attachment.contentBase64)}>
              {t('queue.content.download', { name: attachment.name })}
            </Button>
          ) : (
            <p>{t('queue.content.noDocument')}</p>
          )}
        </div>
      ) : (
        <ReasonForm label="queue.content.reason" values={{ reference: review.reference }} hint="queue.content.hint" submit="queue.content.submit" variant="secondary" onSubmit={open} />
      )}
    </section>
  );
}

/** The lines of the factors field, each trimmed, empty ones left out. */
const factorsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The lender's answer, recorded once: the outcome (none chosen until the operator chooses), the
 * main factors one per line, the explanation the customer reads, and the reason for the audit log.
 */
function ReviewAnswerForm({ review, itemTitleId, onAnswered }: { review: QueueReview; itemTitleId: string; onAnswered: (queue: AfterDecisionQueue) => void }) {
  const t = useBoT();
  const id = useId();
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const [factors, setFactors] = useState('');
  const [explanation, setExplanation] = useState('');
  const [reason, setReason] = useState('');
  const [missingOutcome, setMissingOutcome] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!outcome) {
      setMissingOutcome(true);
      return;
    }
    setBusy(true);
    try {
      const queue = await call<AfterDecisionQueue>('POST', BACK_OFFICE_API.answerReview.route.url({ reference: review.applicationReference }), {
        outcome,
        factors: factorsOf(factors),
        explanation: explanation.trim(),
        reason: reason.trim(),
      });
      onAnswered(queue);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const fields = fieldErrorsOf(error);
  const factorsError = Object.entries(fields).find(([key]) => key === 'factors' || key.startsWith('factors.'))?.[1];
  const fieldError = factorsError ?? fields.explanation ?? fields.reason ?? fields.outcome;
  const outcomeErrorId = `${id}-outcome-error`;
  return (
    <section className="space-y-3 rounded-md border border-neutral-200 p-3" aria-labelledby={`${id}-title`}>
      <Heading level={4} size={5} id={`${id}-title`}>
        {t('queue.answer.title')}
      </Heading>
      <p className="text-sm">{t('queue.answer.intro')}</p>
      <form onSubmit={send} className="space-y-4" noValidate>
        <fieldset className="space-y-2" aria-describedby={missingOutcome && !outcome ? outcomeErrorId : undefined}>
          <legend className="font-semibold text-neutral-900">
            {t('queue.answer.outcome')}
            <span aria-hidden="true" className="ml-1 text-red-700">
              *
            </span>
          </legend>
          {REVIEW_OUTCOMES.map((value) => (
            <label key={value} className="flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                name={`${id}-outcome`}
                value={value}
                checked={outcome === value}
                required
                aria-invalid={missingOutcome && !outcome ? true : undefined}
                onChange={() => setOutcome(value)}
                className="mt-0.5 size-5 accent-brand-700"
              />
              <span>{t(`queue.answer.outcomes.${value}`)}</span>
            </label>
          ))}
          {missingOutcome && !outcome ? <FieldError id={outcomeErrorId}>{t('queue.answer.chooseOutcome')}</FieldError> : null}
        </fieldset>
        <FormField label={t('queue.answer.factors')} hint={t('queue.answer.factorsHint', { max: REVIEW_ANSWER_LIMITS.factorsMax })} required error={factorsError}>
          <TextArea rows={4} value={factors} onChange={(event) => setFactors(event.target.value)} />
        </FormField>
        <FormField label={t('queue.answer.explanation')} hint={t('queue.answer.explanationHint')} required error={fields.explanation}>
          <TextArea rows={5} value={explanation} maxLength={REVIEW_ANSWER_LIMITS.explanationMax} onChange={(event) => setExplanation(event.target.value)} />
        </FormField>
        <FormField label={t('queue.answer.reason', { reference: review.reference })} hint={t('queue.answer.reasonHint')} required error={fields.reason}>
          <TextArea rows={2} value={reason} maxLength={BACK_OFFICE_LIMITS.reasonMax} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        {error && !fieldError ? <ErrorMessage error={error} conflict="queue.answer.refused" /> : null}
        <Button type="submit" loading={busy} aria-describedby={itemTitleId}>
          {t('queue.answer.submit')}
        </Button>
      </form>
    </section>
  );
}

/** One review request in the queue: where it belongs, when it is due (overdue said in words), what the customer asks. */
export function ReviewQueueItem({ review, onAnswered }: { review: QueueReview; onAnswered: (queue: AfterDecisionQueue) => void }) {
  const t = useBoT();
  const format = useFormatting();
  const titleId = useId();
  return (
    <li className="space-y-4 rounded-lg border border-neutral-200 bg-white p-4" aria-labelledby={titleId} data-testid="queue-review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading level={3} size={5} id={titleId}>
          {t('queue.reviews.item', { reference: review.reference })}
        </Heading>
        {review.overdue ? (
          <span className="rounded-full border border-red-700 bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-900" data-testid="overdue">
            {t('queue.reviews.overdue')}
          </span>
        ) : null}
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-neutral-800">{t('queue.application')}</dt>
        <dd>
          <Link href={applicationPage(review.applicationReference)} className="text-link underline">
            {review.applicationReference}
          </Link>
        </dd>
        <dt className="font-semibold text-neutral-800">{t('queue.merchant')}</dt>
        <dd>{review.merchantName}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.country')}</dt>
        <dd>{t(`queue.countries.${review.countryCode}`)}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.reviews.received')}</dt>
        <dd>{format.dateTime(review.createdAt)}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.reviews.due')}</dt>
        <dd data-testid="due">
          {format.dateTime(review.dueAt)}
          {review.overdue ? <strong className="ml-2 text-red-900">{t('queue.reviews.overdue')}</strong> : null}
        </dd>
        <dt className="font-semibold text-neutral-800">{t('queue.reviews.status')}</dt>
        <dd>{t(`queue.reviews.statuses.${review.status}`)}</dd>
        <dt className="font-semibold text-neutral-800">{t('queue.reviews.wants')}</dt>
        <dd>
          <ul className="list-disc pl-5">
            {review.wants.map((want) => (
              <li key={want}>{t(`queue.reviews.wantLabels.${want}`)}</li>
            ))}
          </ul>
        </dd>
        <dt className="font-semibold text-neutral-800">{t('queue.reviews.document')}</dt>
        <dd>{review.attachment ? `${review.attachment.name} (${review.attachment.type})` : t('queue.reviews.noDocument')}</dd>
      </dl>
      <ReviewContentPanel review={review} />
      <ReviewAnswerForm review={review} itemTitleId={titleId} onAnswered={onAnswered} />
    </li>
  );
}
