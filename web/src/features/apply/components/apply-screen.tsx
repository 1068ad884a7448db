import { lazy, Suspense, useEffect } from 'react';
import type { Features, LoanApplicationsResponse, LoanApplicationView } from '@portal/domain';
import { flexYoungOffered } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { Text } from '@/components/ui/text';
import { TextInput } from '@/components/ui/text-input';
import { useFinalStatusWatch } from '@/lib/flow/use-final-status-watch';
import { loadNamespaces, useT } from '@/lib/i18n';
import { useApplyForm } from '../hooks/use-apply-form';
import { isRenewalConsent } from '../logic/consents';
import { shownConsents } from '../logic/form-values';
import { applyVariant } from '../logic/variant';
import { ClosedScreen } from '@/components/flow/closed-screen';
import { CreditCostWarning, showsCreditCostWarning } from '@/components/flow/credit-cost-warning';
import { ConsentCheckbox } from './consent-checkbox';
import { ContactFields } from './contact-fields';
import { FlexYoungBox } from './flex-young-box';
import { RenewalSection } from './renewal-section';
import { SubmitStatus } from './submit-status';
import { SubscriptionSummary } from './subscription-summary';

/** Sandbox only: downloaded with its texts when the sandbox shows it, never in production (ADR 14). */
const MockPanel = lazy(async () => {
  const [module] = await Promise.all([import('./mock-panel'), loadNamespaces('sandbox')]);
  return { default: module.MockPanel };
});

interface Props {
  data: LoanApplicationsResponse;
  application: LoanApplicationView;
  features: Features | undefined;
  /** Asks the server again whether the lender answers (while it does not). */
  onRetry: () => void;
  retrying: boolean;
}

/**
 * The apply screen (spec section 2) in its three variants: business (customer type legal, the
 * company's leases up for renewal), consumer version 2 (summary, renewal, FLEX Young) and
 * consumer version 1 (FLEX Young outside Sweden), around one shared form. While it is open it watches whether the application turned
 * final elsewhere (the shop cancelled it); then, as after a submission the lender declined or
 * that found the application already final, the screen gives way to a panel that says so, with
 * the way back to the shop, and nothing can be sent again. While the lender cannot be reached
 * (its circuit is open, or it could not price the application), the catalogue's WEB_SERVICE_DOWN
 * stands in place of the form, with a retry, so nobody fills in a form that could not be sent.
 */
export function ApplyScreen({ data, application, features, onRetry, retrying }: Props) {
  const t = useT();
  const variant = applyVariant(application);
  const consents = shownConsents(data.consents);
  const state = useApplyForm({ application, consents, variant });
  const { customer, loan } = application;
  const business = variant === 'business';
  // A company's application greets its signatory, the person identified (else the contact the
  // shop named); a consumer's, the customer the shop named (the e-ID's name matches it).
  const name = business ? data.person.firstName || customer.firstName : customer.firstName || data.person.firstName;
  // Consumer version 2 offers the person's own subscriptions, business the company's leases (the
  // server lists only the customer's own); version 1 has no renewal (spec section 2).
  const renewal = variant !== 'consumer-v1' && data.products.length > 0;
  const flexYoung = variant === 'consumer-v2' || (variant === 'consumer-v1' && flexYoungOffered(customer.countryCode));
  // Not while a submission is under way: it changes the status itself, and says where to go.
  const watch = useFinalStatusWatch(application, { enabled: !state.loading });
  const { checkNow } = watch;
  useEffect(() => {
    // "Already complete": the status call tells what it became, for the matching words.
    if (state.closed === 'closed') checkNow();
  }, [state.closed, checkNow]);

  const final = watch.final ?? (state.closed ? { reason: state.closed, redirectUrl: null } : null);
  if (final) return <ClosedScreen reason={final.reason} merchant={application.merchantName} redirectUrl={final.redirectUrl} />;
  const greeting = <Heading level={1}>{name ? t('apply.greeting', { name }) : t('apply.greetingNoName')}</Heading>;
  if (!data.lenderAvailable) {
    return (
      <div className="space-y-6">
        {greeting}
        <Alert variant="error">{t('ERRORS.WEB_SERVICE_DOWN')}</Alert>
        <Button loading={retrying} onClick={onRetry}>
          {t('pages.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <header className="space-y-3">
        {greeting}
        <Text>{business ? t('apply.introBusiness', { company: customer.companyName ?? customer.externalId ?? '' }) : t('apply.intro')}</Text>
      </header>

      <SubscriptionSummary loan={loan} country={customer.countryCode} variant={variant} creditAgency={application.creditAgency} />
      {showsCreditCostWarning(application) ? <CreditCostWarning /> : null}
      {business ? (
        <Alert variant="info" announce={false}>
          {t('apply.business.signingRights')}
        </Alert>
      ) : null}

      <form id={state.formId} noValidate onSubmit={(event) => void state.submit(event)} className="space-y-8">
        <fieldset className="space-y-4">
          <legend className="mb-4">
            <Heading level={2} size={4}>
              {t(business ? 'apply.company.title' : 'apply.contactTitle')}
            </Heading>
          </legend>
          <Text size="sm" color="secondary">
            {t('app.form.requiredNote')}
          </Text>
          {business ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={t('apply.company.name')}>
                <TextInput readOnly value={customer.companyName ?? ''} autoComplete="organization" />
              </FormField>
              <FormField label={t('apply.company.number')}>
                <TextInput readOnly value={customer.externalId ?? ''} />
              </FormField>
            </div>
          ) : null}
          <ContactFields state={state} />
        </fieldset>

        {renewal ? (
          <RenewalSection state={state} products={data.products} consents={consents.filter(isRenewalConsent)} currency={loan.currency} />
        ) : null}

        <fieldset className="space-y-4">
          <legend className="mb-4">
            <Heading level={2} size={4}>
              {t('apply.consentsTitle')}
            </Heading>
          </legend>
          {consents
            .filter((consent) => !isRenewalConsent(consent))
            .map((consent) => (
              <ConsentCheckbox key={consent.type} consent={consent} state={state} />
            ))}
        </fieldset>

        <div className="space-y-4">
          <SubmitStatus state={state} />
          <Button type="submit" size="lg" loading={state.pending === 'standard'} disabled={state.loading} className="w-full sm:w-auto">
            {t(business ? 'apply.submitBusiness' : 'apply.submit')}
          </Button>
        </div>
      </form>

      {flexYoung ? (
        <FlexYoungBox
          country={customer.countryCode}
          loan={loan}
          busy={state.loading}
          pressed={state.pending === 'student'}
          onApply={() => void state.submitFlexYoung()}
        />
      ) : null}
      {business && features?.showDummyLogin ? (
        <Suspense fallback={null}>
          <MockPanel merchantPaymentReference={application.merchantPaymentReference} />
        </Suspense>
      ) : null}
    </div>
  );
}
