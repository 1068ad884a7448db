import { useLingui } from '@lingui/react';
import { lazy, type MouseEvent, Suspense } from 'react';
import { Link, useSearch } from 'wouter';
import { API, type CountryCode, countryFromParam, DEFAULT_COUNTRY, isLanguage, type Language, PAGES } from '@portal/domain';
import { MessagePanel } from '@/components/layout/message-panel';
import { buttonVariants } from '@/components/ui/button';
import { useFeatures } from '@/lib/api/get-features';
import { useStartIdentification } from '@/features/auth/hooks/use-start-identification';
import { rememberedReference } from '@/features/payment/logic/remembered-reference';
import { loadNamespaces, type MessageKey, useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';

/** Sandbox only: downloaded with its texts when the sandbox shows it, never in production (ADR 14). */
const DummyLoginPanel = lazy(async () => {
  const [module] = await Promise.all([import('@/features/auth/components/dummy-login-panel'), loadNamespaces('sandbox')]);
  return { default: module.DummyLoginPanel };
});

const OTHER: Record<CountryCode, CountryCode> = { NO: 'SE', SE: 'NO' };
const IDENTIFY_LABEL: Record<CountryCode, MessageKey> = { NO: 'index.identifyNo', SE: 'index.identifySe' };

/**
 * The server's start, which sends the browser on to BankID and keeps the login's state in the
 * session: not a client-side route. A click asks it with a call (so a refusal shows here); the
 * address itself serves a link opened in a new tab. It carries the UI language, which the
 * broker's pages are asked to speak (a navigation sends the browser's languages, not the portal's).
 */
function bankIdUrl(country: CountryCode, reference: string, language: Language | null): string {
  const query = new URLSearchParams({ reference });
  if (language) query.set('lang', language);
  return `${API.bankIdStart.url({ country: country.toLowerCase() })}?${query.toString()}`;
}

/** The customer's own page, where every application of theirs is, after a BankID of its own. */
function SeeYourApplications() {
  const t = useT();
  return (
    <p>
      <Link href={PAGES.myApplications.url()} className={buttonVariants({ variant: 'link' })}>
        {t('my.seeApplications')}
      </Link>
    </p>
  );
}

/**
 * Opened without an application (a link cut short, or typed by hand): identifying would lead
 * nowhere, so the page says how to get to an application — from the shop's checkout, or back to
 * the one this window was working on.
 */
function WithoutApplication() {
  const t = useT();
  const remembered = rememberedReference();
  return (
    <MessagePanel
      tone="info"
      title={t('index.noReference.title')}
      actions={
        remembered ? (
          <Link href={PAGES.apply.url({ reference: remembered })} className={buttonVariants()}>
            {t('index.noReference.continue')}
          </Link>
        ) : undefined
      }
    >
      <p>{t('index.noReference.text')}</p>
      {remembered ? <p>{t('index.noReference.remembered')}</p> : null}
      <SeeYourApplications />
    </MessagePanel>
  );
}

/** The index page: identification with BankID, and the dummy login in test environments. */
export default function IdentifyPage() {
  const search = new URLSearchParams(useSearch());
  return search.get('reference') ? <Identify search={search} /> : <WithoutApplication />;
}

function Identify({ search }: { search: URLSearchParams }) {
  const t = useT();
  const { i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : null;
  const { data: features } = useFeatures();
  const reference = search.get('reference') ?? '';
  const countryCode = search.get('countryCode');
  const country = countryFromParam(countryCode) ?? DEFAULT_COUNTRY;
  const identification = search.get('identification');
  const bankId = useStartIdentification();

  const onIdentify = (target: CountryCode) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (a modifier key, another button) follows the link itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!bankId.starting) void bankId.start(target, reference, language);
  };

  return (
    <section aria-labelledby="identify-title" className="space-y-6">
      <h1 id="identify-title" className="text-h1">
        {t('index.title')}
      </h1>
      {search.get('expired') ? (
        <p role="status" className="rounded-md border border-sky-300 bg-sky-50 p-3">
          {t('index.sessionExpired')}
        </p>
      ) : null}
      {identification === 'cancelled' ? (
        <p role="status" className="rounded-md border border-sky-300 bg-sky-50 p-3">
          {t('index.identificationCancelled')}
        </p>
      ) : identification === 'failed' ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {t('index.identificationFailed')}
        </p>
      ) : null}
      <p>{t('index.intro')}</p>

      <div className="flex flex-col gap-3">
        <a href={bankIdUrl(country, reference, language)} onClick={onIdentify(country)} className={buttonVariants({ variant: 'primary', size: 'lg' })}>
          {t(IDENTIFY_LABEL[country])}
        </a>
        <a
          href={bankIdUrl(OTHER[country], reference, language)}
          onClick={onIdentify(OTHER[country])}
          className={buttonVariants({ variant: 'secondary', size: 'md' })}
        >
          {t(IDENTIFY_LABEL[OTHER[country]])}
        </a>
        {bankId.error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
            {errorText(bankId.error, t)}
          </p>
        ) : null}
      </div>

      {features?.showDummyLogin ? (
        <Suspense fallback={null}>
          <DummyLoginPanel reference={reference} countryCode={countryCode} />
        </Suspense>
      ) : null}
      <SeeYourApplications />
    </section>
  );
}
