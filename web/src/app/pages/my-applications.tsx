import { ApiErrorView } from '@/components/layout/api-error-view';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Heading } from '@/components/ui/heading';
import { Text } from '@/components/ui/text';
import { useT } from '@/lib/i18n';
import { ApplicationCard } from '@/features/my-applications/components/application-card';
import { IdentifyPanel } from '@/features/my-applications/components/identify-panel';
import { isUnidentified, useCountryLanguage, useMyApplications } from '@/features/my-applications/hooks/use-my-applications';

/**
 * The customer's own page (issue 32): every application made with their national ID, newest
 * first, with its documents, a decline's reasons and review, and the withdrawal. Nobody
 * identified yet: BankID first, which brings them back here.
 */
export default function MyApplicationsPage() {
  const t = useT();
  const { data, error, mutate } = useMyApplications();
  // The newest application's country speaks, unless the person chose a language or the address names one.
  const country = data?.applications[0]?.countryCode;
  const languageReady = useCountryLanguage(country);

  if (isUnidentified(error)) return <IdentifyPanel />;
  if (!data && error) return <ApiErrorView error={error} onRetry={() => void mutate()} />;
  if (!data || (country && !languageReady)) return <PageSpinner label={t('my-list.loading')} />;

  // Newest first, as the server sends them; sorted here too, so the order never rests on one side alone.
  const applications = [...data.applications].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <section aria-labelledby="my-title" className="space-y-6">
      <Heading level={1} id="my-title" className="break-words">
        {t('my-list.titleNamed', { name: `${data.person.firstName} ${data.person.lastName}` })}
      </Heading>
      {applications.length === 0 ? (
        <Text>{t('my-list.none')}</Text>
      ) : (
        <ul className="space-y-5">
          {applications.map((application) => (
            <li key={application.reference}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
