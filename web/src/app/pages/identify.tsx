import { useLocation, useSearch } from 'wouter';
import { PAGES } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFeatures } from '@/features/applications/api/get-features';
import { useDummyLogin } from '@/features/auth/api/dummy-login';
import { ApiRequestError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';

/** The index page: identification, and the dummy login in test environments. */
export default function IdentifyPage() {
  const t = useT();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const { data: features } = useFeatures();
  const reference = search.get('reference') ?? undefined;
  const countryCode = search.get('countryCode');
  const dummyLogin = useDummyLogin();

  const onDummyLogin = async () => {
    try {
      await dummyLogin.trigger(reference);
    } catch {
      return;
    }
    if (!reference) return;
    const query = countryCode ? `?countryCode=${encodeURIComponent(countryCode)}` : '';
    navigate(`${PAGES.apply.url({ reference })}${query}`);
  };

  const error = dummyLogin.error;
  const loginError = error instanceof ApiRequestError ? error.body.message : error ? t('ERRORS.DEFAULT') : null;

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
      <p>{t('index.intro')}</p>

      {features?.showDummyLogin ? (
        <div className="space-y-3 rounded-lg border border-dashed border-neutral-400 bg-white p-4">
          <h2 className="text-h3">{t('index.dummyTitle')}</h2>
          <p className="text-sm text-neutral-700">{t('index.dummyIntro')}</p>
          <Button variant="secondary" onClick={() => void onDummyLogin()} disabled={dummyLogin.isMutating}>
            {dummyLogin.isMutating ? <Spinner size="sm" /> : null}
            {t('index.dummyLogin')}
          </Button>
          {loginError ? (
            <p role="alert" className="text-red-800">
              {loginError}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
