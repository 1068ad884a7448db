import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { PAGES, REVIEW_VIEW_MAX_LENGTH, REVIEW_WANTS, type ReviewWant } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Text } from '@/components/ui/text';
import { type MessageKey, useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import { type MyApplication, requestReview, type ReviewView } from '../api/my-applications';
import { refusalText, useFocusOnChange } from '../hooks/use-my-applications';
import { type Attachment, type AttachmentProblem, readAttachment } from '../logic/attachment';
import { CONTROL, ErrorText, PlainCheckbox } from './plain-controls';

// The same words as the server's refusal of the same rule (domain's validation texts).
const PROBLEM_TEXT: Record<AttachmentProblem, MessageKey> = {
  type: 'validation.attachmentType',
  size: 'validation.attachmentTooLarge',
  unreadable: 'my-review.fileUnreadable',
};

/**
 * A review by a person of a declined application (CCD2 Art. 18(8)): what the customer asks for
 * (at least one, none ticked for them), their own view and one document, both optional. Nothing
 * typed is lost when the file is refused or the server refuses the request. Once sent: when, to
 * whom, and the reference.
 */
export function ReviewForm({ application, onSent }: { application: MyApplication; onSent: () => void }) {
  const t = useT();
  const { dateTime } = useFormat();
  const [wants, setWants] = useState<ReviewWant[]>([]);
  const [view, setView] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [fileProblem, setFileProblem] = useState<AttachmentProblem | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState<ReviewView | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const firstBox = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  useFocusOnChange(heading, sent ? 'sent' : 'form');

  const { lender, merchantName: shop } = application;
  const noChoice = wants.length === 0;
  const tooLong = view.length > REVIEW_VIEW_MAX_LENGTH;

  const toggle = (want: ReviewWant) => (event: ChangeEvent<HTMLInputElement>) =>
    setWants((current) => (event.target.checked ? REVIEW_WANTS.filter((w) => w === want || current.includes(w)) : current.filter((w) => w !== want)));

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setAttachment(null);
    setFileProblem(null);
    if (!file) return;
    const read = await readAttachment(file);
    if ('problem' in read) {
      setFileProblem(read.problem);
      // The refused file is not kept chosen: what is sent is what the page shows.
      event.target.value = '';
    } else {
      setAttachment(read.attachment);
    }
  };

  const removeFile = () => {
    setAttachment(null);
    setFileProblem(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (noChoice || tooLong) {
      if (noChoice) firstBox.current?.focus();
      else document.getElementById(`${ids}-view`)?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const trimmed = view.trim();
      const answer = await requestReview(application.reference, {
        wants,
        ...(trimmed ? { view: trimmed } : {}),
        ...(attachment ? { attachment } : {}),
      });
      setSent(answer);
      onSent();
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <section aria-labelledby="review-sent-title" className="space-y-6">
        <Heading level={1} id="review-sent-title" ref={heading} tabIndex={-1}>
          {t('my-review.sentTitle')}
        </Heading>
        <Alert variant="success">
          {t('my-review.sent', { lender, time: dateTime(sent.sentToLenderAt ?? sent.createdAt), reference: sent.reference })}
        </Alert>
        <Link href={PAGES.myApplications.url()} className={buttonVariants({ variant: 'secondary' })}>
          {t('my-review.backToList')}
        </Link>
      </section>
    );
  }

  const wantsError = showErrors && noChoice ? t('validation.reviewWanted') : null;
  const viewError = showErrors && tooLong ? t('validation.tooLong', { max: REVIEW_VIEW_MAX_LENGTH }) : null;
  return (
    <section aria-labelledby="review-title" className="space-y-6">
      <Heading level={1} id="review-title" ref={heading} tabIndex={-1}>
        {t('my-review.title')}
      </Heading>
      <Text>{t('my-review.intro', { lender, shop })}</Text>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
        <fieldset aria-describedby={wantsError ? `${ids}-wants-error` : undefined} className="space-y-3">
          <legend className="font-semibold text-neutral-900">{t('my-review.wantsLegend')}</legend>
          {REVIEW_WANTS.map((want, index) => (
            <PlainCheckbox
              key={want}
              id={`${ids}-want-${want}`}
              ref={index === 0 ? firstBox : undefined}
              name="wants"
              value={want}
              checked={wants.includes(want)}
              aria-invalid={wantsError ? true : undefined}
              onChange={toggle(want)}
            >
              {t(`my-review.wants.${want}`)}
            </PlainCheckbox>
          ))}
          {wantsError ? <ErrorText id={`${ids}-wants-error`}>{wantsError}</ErrorText> : null}
        </fieldset>

        <div className="space-y-1.5">
          <label htmlFor={`${ids}-view`} className="block font-semibold text-neutral-900">
            {t('my-review.view')}
          </label>
          <p id={`${ids}-view-hint`} className="text-sm text-neutral-700">
            {t('my-review.viewHint')}
          </p>
          <textarea
            id={`${ids}-view`}
            rows={6}
            value={view}
            onChange={(event) => setView(event.target.value)}
            aria-invalid={viewError ? true : undefined}
            aria-describedby={[`${ids}-view-hint`, `${ids}-counter`, viewError ? `${ids}-view-error` : ''].filter(Boolean).join(' ')}
            className={`${CONTROL} resize-y`}
          />
          {/* The counter is read with the field; its changes are not announced at every key. */}
          <p id={`${ids}-counter`} className={tooLong ? 'text-sm font-semibold text-red-700' : 'text-sm text-neutral-700'}>
            {t('my-review.counter', { count: view.length, max: REVIEW_VIEW_MAX_LENGTH })}
          </p>
          {viewError ? <ErrorText id={`${ids}-view-error`}>{viewError}</ErrorText> : null}
        </div>

        <div className="space-y-1.5">
          <label htmlFor={`${ids}-file`} className="block font-semibold text-neutral-900">
            {t('my-review.file')}
          </label>
          <p id={`${ids}-file-hint`} className="text-sm text-neutral-700">
            {t('my-review.fileHint')}
          </p>
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png"
            aria-describedby={`${ids}-file-hint${fileProblem ? ` ${ids}-file-error` : ''}`}
            aria-invalid={fileProblem ? true : undefined}
            onChange={(event) => void onFile(event)}
            className="block w-full max-w-full text-base file:mr-3 file:min-h-11 file:rounded-md file:border-2 file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
          />
          {fileProblem ? <ErrorText id={`${ids}-file-error`}>{t(PROBLEM_TEXT[fileProblem])}</ErrorText> : null}
          {attachment ? (
            <Button variant="link" size="sm" onClick={removeFile}>
              {t('my-review.removeFile')}
            </Button>
          ) : null}
        </div>

        <Text>{t('my-review.contact', { lender })}</Text>
        {failure ? (
          <Alert variant="error" heading={t('my-review.failed')}>
            {refusalText(failure, t)}
          </Alert>
        ) : null}
        <Button type="submit" size="lg" loading={sending}>
          {t('my-review.submit')}
        </Button>
      </form>
    </section>
  );
}
