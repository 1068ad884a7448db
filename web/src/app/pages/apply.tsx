import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { useValidateReference } from '@/features/applications/api/validate-reference';
import { activateLanguage, pickLanguage, useT } from '@/lib/i18n';

/** The apply route: validates the reference for this session, then shows the application. */
export default function ApplyPage({ params }: { params: { reference: string } }) {
  const t = useT();
  const search = useSearch();
  const { data, error, isValidating, mutate } = useValidateReference(params.reference);
  const application = data?.loanApplications[0];
  const country = application?.customer.countryCode;
  const [languageReady, setLanguageReady] = useState(false);

  useEffect(() => {
    if (!country) return;
    void activateLanguage(pickLanguage(search, country)).then(() => setLanguageReady(true));
  }, [country, search]);

  if (error && !isValidating) return <ApiErrorView error={error} reference={params.reference} onRetry={() => void mutate()} />;
  if (!application || !languageReady) return <PageSpinner />;
  const { customer } = application;

  return (
    <section aria-labelledby="apply-title" className="space-y-4">
      <h1 id="apply-title" className="text-h1">
        {customer.type === 'PRIVATE' && customer.firstName
          ? t('apply.greeting', { name: customer.firstName })
          : t('apply.greetingBusiness')}
      </h1>
      <p>{t('apply.intro')}</p>
    </section>
  );
}
