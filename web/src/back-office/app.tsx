import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig } from 'swr';
import { Link, Route, Router, Switch, useLocation } from 'wouter';
import {
  BACK_OFFICE_API,
  BACK_OFFICE_AUTH,
  BACK_OFFICE_BASE,
  hasRole,
  isLanguage,
  type Language,
  LANGUAGES,
  type OperatorView,
  SIGN_IN_PROBLEMS,
  type SignInProblem,
} from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { call, fetcher, statusOf } from './api';
import { ErrorMessage } from './components/error-message';
import { switchLanguage, useBoT, useLocale } from './i18n';
import { ApplicationPage } from './pages/application';
import { AuditPage } from './pages/audit';
import { MerchantPage } from './pages/merchant';
import { MerchantsPage } from './pages/merchants';
import { ProvidersPage } from './pages/providers';
import { QueuePage } from './pages/queue';
import { SearchPage } from './pages/search';
import { SessionsPage } from './pages/sessions';
import { CONSOLE_PAGES } from './routes';

const swrOptions = {
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiRequestError && error.status < 500),
  errorRetryCount: 2,
  revalidateOnFocus: false,
};

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sv: 'Svenska', nb: 'Norsk' };

function LanguageMenu() {
  const t = useBoT();
  const locale = useLocale();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t('language')}</span>
      <select
        className="min-h-9 rounded-md border border-white/60 bg-brand-900 px-2 text-white focus-visible:outline-focus-inverse"
        value={locale}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void switchLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

function SignIn({ problem, ended }: { problem: SignInProblem | null; ended: boolean }) {
  const t = useBoT();
  return (
    <main id="main" className="mx-auto w-full max-w-lg space-y-5 px-4 py-10">
      <Heading level={1}>{t('signIn.title')}</Heading>
      <p>{t('signIn.intro')}</p>
      {problem ? <Alert variant={problem === 'cancelled' ? 'info' : 'error'}>{t(`signIn.problems.${problem}`)}</Alert> : null}
      {ended && !problem ? <Alert variant="info">{t('signIn.expired')}</Alert> : null}
      <a href={BACK_OFFICE_AUTH.login.pattern} className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
        {t('signIn.button')}
      </a>
    </main>
  );
}

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const current = href === '/' ? location === '/' || location.startsWith('/applications') : location.startsWith(href);
  return (
    <Link href={href} aria-current={current ? 'page' : undefined} className="rounded px-2 py-1 text-white underline-offset-4 hover:underline aria-[current=page]:bg-white/15 aria-[current=page]:font-semibold">
      {children}
    </Link>
  );
}

function Shell({ operator, children }: { operator: OperatorView; children: ReactNode }) {
  const t = useBoT();
  const { mutate } = useSWRConfig();
  const admin = hasRole(operator.roles, 'admin');
  const signOut = async () => {
    await call('POST', BACK_OFFICE_AUTH.logout.pattern).catch(() => undefined);
    await mutate(BACK_OFFICE_API.me.route.url(), undefined, { revalidate: true });
  };
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded focus:bg-white focus:p-2">
        {t('skip')}
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
          <p className="text-lg font-bold">{t('title')}</p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span data-testid="operator">
              {t('signedInAs', { name: operator.name })} · {operator.roles.map((role) => t(`roles.${role}`)).join(', ')}
            </span>
            <LanguageMenu />
            <Button size="sm" variant="white" onClick={() => void signOut()}>
              {t('signOut')}
            </Button>
          </div>
        </div>
        <nav aria-label={t('nav.label')} className="mx-auto w-full max-w-6xl px-2 pb-2">
          <ul className="flex flex-wrap gap-1">
            <li>
              <NavLink href={CONSOLE_PAGES.search}>{t('nav.search')}</NavLink>
            </li>
            <li>
              <NavLink href={CONSOLE_PAGES.queue}>{t('nav.queue')}</NavLink>
            </li>
            <li>
              <NavLink href={CONSOLE_PAGES.providers}>{t('nav.providers')}</NavLink>
            </li>
            {admin ? (
              <>
                <li>
                  <NavLink href={CONSOLE_PAGES.merchants}>{t('nav.merchants')}</NavLink>
                </li>
                <li>
                  <NavLink href={CONSOLE_PAGES.audit}>{t('nav.audit')}</NavLink>
                </li>
                <li>
                  <NavLink href={CONSOLE_PAGES.sessions}>{t('nav.sessions')}</NavLink>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}

function AdminOnly({ operator, children }: { operator: OperatorView; children: ReactNode }) {
  const t = useBoT();
  return hasRole(operator.roles, 'admin') ? <>{children}</> : <Alert variant="error">{t('errors.forbidden')}</Alert>;
}

function Console() {
  const t = useBoT();
  const me = useSWR<OperatorView>(BACK_OFFICE_API.me.route.url(), fetcher);
  const problemParam = new URLSearchParams(window.location.search).get('signin');
  const problem = SIGN_IN_PROBLEMS.find((p) => p === problemParam) ?? null;

  if (me.error && statusOf(me.error) === 401) return <SignIn problem={problem} ended={me.data !== undefined} />;
  if (me.error) {
    return (
      <main id="main" className="mx-auto max-w-lg p-6">
        <ErrorMessage error={me.error} />
      </main>
    );
  }
  if (!me.data) {
    return (
      <main id="main" className="flex justify-center p-10">
        <Spinner label={t('common.loading')} />
      </main>
    );
  }
  const operator = me.data;
  return (
    <Shell operator={operator}>
      <Switch>
        <Route path={CONSOLE_PAGES.search}>
          <SearchPage />
        </Route>
        <Route path={CONSOLE_PAGES.application}>{(params) => <ApplicationPage reference={params.reference} />}</Route>
        <Route path={CONSOLE_PAGES.providers}>
          <ProvidersPage />
        </Route>
        <Route path={CONSOLE_PAGES.queue}>
          <QueuePage />
        </Route>
        <Route path={CONSOLE_PAGES.merchants}>
          <AdminOnly operator={operator}>
            <MerchantsPage />
          </AdminOnly>
        </Route>
        <Route path={CONSOLE_PAGES.merchant}>
          {(params) => (
            <AdminOnly operator={operator}>
              <MerchantPage merchantId={params.merchantId} />
            </AdminOnly>
          )}
        </Route>
        <Route path={CONSOLE_PAGES.audit}>
          <AdminOnly operator={operator}>
            <AuditPage />
          </AdminOnly>
        </Route>
        <Route path={CONSOLE_PAGES.sessions}>
          <AdminOnly operator={operator}>
            <SessionsPage />
          </AdminOnly>
        </Route>
        <Route>
          <Alert variant="error">{t('errors.notFound')}</Alert>
        </Route>
      </Switch>
    </Shell>
  );
}

export function BackOfficeApp() {
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={swrOptions}>
        <Router base={BACK_OFFICE_BASE}>
          <Console />
        </Router>
      </SWRConfig>
    </I18nProvider>
  );
}
