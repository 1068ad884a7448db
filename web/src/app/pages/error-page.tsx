import { Link } from 'wouter';
import { PAGES } from '@portal/domain';
import { useT } from '@/lib/i18n';

export type ErrorStatus = '400' | '401' | '403' | '404' | '500';

export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const t = useT();
  return (
    <section aria-labelledby="error-title" className="space-y-4">
      <h1 id="error-title" className="text-h1">
        {t(`pages.${status}.title`)}
      </h1>
      <p>{t(`pages.${status}.text`)}</p>
      <Link href={PAGES.index.url()} className="inline-block min-h-11 content-center text-link underline">
        {t('pages.home')}
      </Link>
    </section>
  );
}
