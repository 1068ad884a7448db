import { useLocation } from 'wouter';
import { PAGES } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDummyLogin } from '@/features/auth/api/dummy-login';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';

/**
 * Sandbox only (features.showDummyLogin): logs in without BankID as the application's customer,
 * then goes on to the application. Downloaded when the sandbox shows it, never in production.
 */
export function DummyLoginPanel({ reference, countryCode }: { reference: string; countryCode: string | null }) {
  const t = useT();
  const [, navigate] = useLocation();
  const dummyLogin = useDummyLogin();

  const onDummyLogin = async () => {
    try {
      await dummyLogin.trigger(reference);
    } catch {
      return;
    }
    const query = countryCode ? `?countryCode=${encodeURIComponent(countryCode)}` : '';
    navigate(`${PAGES.apply.url({ reference })}${query}`);
  };

  // The catalogue's words for a refusal (spec section 8): too many attempts, try again in 15 minutes.
  const loginError = dummyLogin.error ? errorText(dummyLogin.error, t) : null;

  return (
    <div className="space-y-3 rounded-lg border border-dashed border-neutral-400 bg-white p-4">
      <h2 className="text-h3">{t('sandbox.login.title')}</h2>
      <p className="text-sm text-neutral-700">{t('sandbox.login.intro')}</p>
      <Button variant="secondary" onClick={() => void onDummyLogin()} disabled={dummyLogin.isMutating}>
        {dummyLogin.isMutating ? <Spinner size="sm" /> : null}
        {t('sandbox.login.button')}
      </Button>
      {loginError ? (
        <p role="alert" className="text-red-800">
          {loginError}
        </p>
      ) : null}
    </div>
  );
}
