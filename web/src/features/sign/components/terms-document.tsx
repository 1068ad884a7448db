import { useMemo } from 'react';
import { COUNTRIES, type CountryCode, type IndividualizedTermsType } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Collapsible } from '@/components/ui/collapsible';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { useIndividualizedTerms } from '../api/get-individualized-terms';
import { termsHtmlToReact } from '../logic/terms-html';

/** The heading level of the document's title: under the page's "Read before you sign" (h2). */
const TITLE_LEVEL = 3;

/**
 * One of Resurs' individualised documents in a section that opens and closes. The document is in
 * the language of the application's country (it is the lender's), and says so to screen readers.
 */
export function TermsDocument({ termsType, country }: { termsType: IndividualizedTermsType; country: CountryCode }) {
  const t = useT();
  const { data, error, isLoading, mutate } = useIndividualizedTerms(termsType);
  const tableLabel = t('sign.resurs.tableLabel');
  const content = useMemo(
    () => (data ? termsHtmlToReact(data.html, { parentHeadingLevel: TITLE_LEVEL, tableLabel }) : null),
    [data, tableLabel],
  );
  const documentLanguage = COUNTRIES[country].language;

  return (
    <Collapsible
      headingLevel={TITLE_LEVEL}
      title={data ? <span lang={documentLanguage}>{data.title}</span> : t(`sign.resurs.termsFallback.${termsType}`)}
    >
      {content ? (
        <div lang={documentLanguage} className="space-y-3 text-base break-words text-neutral-900">
          {content}
        </div>
      ) : error && !isLoading ? (
        <div className="space-y-3">
          <Alert variant="error" heading={t('sign.resurs.termsFailed')}>
            {errorText(error, t)}
          </Alert>
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            {t('sign.resurs.termsRetry')}
          </Button>
        </div>
      ) : (
        <Spinner size="sm" label={t('sign.resurs.termsLoading')} />
      )}
    </Collapsible>
  );
}
