import { Link } from 'wouter';
import type { MouseEvent } from 'react';
import { API, leaveAnswer, type LoanApplicationView, PAGES } from '@portal/domain';
import { api, browser } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';

/**
 * The header: logo (business or consumer), languages, and once an application is loaded the way
 * back to the shop and log out. On the dark header the focus ring is the light accent colour
 * (the blue one would be 2.6:1 there). At 360 px the parts wrap onto two lines.
 */
/**
 * Back to the shop records the customer's leaving first, so the merchant hears the outcome (and a
 * signing left unfinished as such); without an answer the plain link still takes them there.
 */
async function leave(event: MouseEvent<HTMLAnchorElement>, fallback: string) {
  event.preventDefault();
  try {
    const { redirectUrl } = await api.post(API.leave.url(), leaveAnswer);
    browser.assign(/^https?:\/\//.test(redirectUrl) ? redirectUrl : fallback);
  } catch {
    browser.assign(fallback);
  }
}

export function Header({ application, expectApplication = false }: { application: LoanApplicationView | null; expectApplication?: boolean }) {
  const t = useT();
  const business = application?.customer.type === 'LEGAL';
  const linkClass =
    'inline-flex min-h-11 items-center rounded px-1 text-sm font-semibold text-white underline underline-offset-4 hover:decoration-2';
  return (
    <header className="bg-brand-900 text-white [--color-focus:var(--color-focus-inverse)]">
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
        <Link
          href={application ? PAGES.apply.url({ reference: application.reference }) : PAGES.index.url()}
          className="inline-flex min-h-11 items-center rounded"
          aria-label={t(business ? 'app.logoBusiness' : 'app.logoConsumer')}
        >
          <Logo variant={business ? 'business' : 'consumer'} />
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <LanguageMenu />
          {application ? (
            <nav aria-label={t('app.accountNavigation')} className="flex flex-wrap items-center gap-x-3 sm:border-l sm:border-white/30 sm:pl-3">
              <a href={application.callbackUrl} className={linkClass} onClick={(event) => void leave(event, application.callbackUrl)}>
                {t('app.backToMerchant', { merchant: application.merchantName })}
              </a>
              <Link href={PAGES.logout.url()} className={linkClass}>
                {t('app.logout')}
              </Link>
            </nav>
          ) : expectApplication ? (
            // The row the links will take on a phone, kept from the first paint so the page does
            // not move down when the application arrives (layout shift).
            <div aria-hidden="true" className="min-h-11 w-full sm:hidden" />
          ) : null}
        </div>
      </div>
    </header>
  );
}
