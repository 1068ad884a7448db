import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { PAGES } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Text } from '@/components/ui/text';
import { useT } from '@/lib/i18n';
import { useFormat } from '@/lib/use-format';
import { type MyApplication, withdraw, type WithdrawalView } from '../api/my-applications';
import { refusalText, useFocusOnChange } from '../hooks/use-my-applications';

type Step = 'explain' | 'confirm' | 'done';

/**
 * The withdrawal from a concluded credit agreement in two steps (CCD2 Art. 26; Directive
 * 2023/2673, the "withdrawal function"): first what happens, then the confirmation, which alone
 * sends it. The acknowledgement says when it was received, as the mail that follows does.
 */
export function WithdrawalSteps({ application, onWithdrawn }: { application: MyApplication; onWithdrawn: () => void }) {
  const t = useT();
  const { dateTime, money } = useFormat();
  const [step, setStep] = useState<Step>('explain');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<WithdrawalView | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(heading, step);

  const { lender, merchantName: shop, withdrawal } = application;
  const values = { lender, shop, amount: money(application.amount, application.currency) };

  const confirm = async () => {
    setSending(true);
    setFailure(null);
    try {
      setDone(await withdraw(application.reference));
      setStep('done');
      onWithdrawn();
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  };

  if (step === 'done' && done) {
    return (
      <section aria-labelledby="withdrawal-done-title" className="space-y-6">
        <Heading level={1} id="withdrawal-done-title" ref={heading} tabIndex={-1}>
          {t('my-withdraw.doneTitle')}
        </Heading>
        <Alert variant="success">
          {t('my-withdraw.done', { time: done.withdrawnAt ? dateTime(done.withdrawnAt) : '', reference: done.reference ?? '' })}
        </Alert>
        <Text>{t('my-withdraw.purchase', values)}</Text>
        <Link href={PAGES.myApplications.url()} className={buttonVariants({ variant: 'secondary' })}>
          {t('my-withdraw.backToList')}
        </Link>
      </section>
    );
  }

  if (step === 'confirm') {
    return (
      <section aria-labelledby="withdrawal-confirm-title" className="space-y-6">
        <Heading level={1} id="withdrawal-confirm-title" ref={heading} tabIndex={-1}>
          {t('my-withdraw.confirmTitle')}
        </Heading>
        <Text>{t('my-withdraw.confirmText', values)}</Text>
        {failure ? (
          <Alert variant="error" heading={t('my-withdraw.failed')}>
            {refusalText(failure, t)}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button size="lg" loading={sending} onClick={() => void confirm()}>
            {t('my-withdraw.confirm')}
          </Button>
          <Button variant="link" disabled={sending} onClick={() => setStep('explain')}>
            {t('my-withdraw.goBack')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="withdrawal-title" className="space-y-6">
      <Heading level={1} id="withdrawal-title" ref={heading} tabIndex={-1}>
        {t('my-withdraw.title')}
      </Heading>
      <section aria-labelledby="withdrawal-what" className="space-y-3">
        <Heading level={2} size={4} id="withdrawal-what">
          {t('my-withdraw.what')}
        </Heading>
        <ul className="list-disc space-y-2 pl-6">
          <li>{t('my-withdraw.agreement', values)}</li>
          {withdrawal.deadline ? <li>{t('my-withdraw.deadline', { time: dateTime(withdrawal.deadline) })}</li> : null}
          <li>{t('my-withdraw.repay', values)}</li>
          <li>{t('my-withdraw.purchase', values)}</li>
        </ul>
      </section>
      <Button size="lg" onClick={() => setStep('confirm')}>
        {t('my-list.withdrawal.open')}
      </Button>
    </section>
  );
}
