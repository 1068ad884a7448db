import { type FormEvent, useId, useState } from 'react';
import { useSearch } from 'wouter';
import { countryFromParam } from '@portal/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Text } from '@/components/ui/text';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { useStartMyIdentification } from '../hooks/use-start-my-identification';

const COUNTRIES = ['SE', 'NO'] as const;
type Country = (typeof COUNTRIES)[number];

/**
 * The customer's own page before anyone is identified in the session: the country of their
 * BankID (none chosen unless the address names one; no guess from the browser), then BankID,
 * which brings them back to their applications.
 */
export function IdentifyPanel() {
  const t = useT();
  const search = new URLSearchParams(useSearch());
  const [country, setCountry] = useState<Country | null>(() => countryFromParam(search.get('countryCode')));
  const [missingCountry, setMissingCountry] = useState(false);
  const bankId = useStartMyIdentification();
  const legendId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!country) {
      setMissingCountry(true);
      document.getElementById(`${legendId}-SE`)?.focus();
      return;
    }
    if (!bankId.starting) void bankId.start(country);
  };

  return (
    <section aria-labelledby="my-identify-title" className="space-y-6">
      <Heading level={1} id="my-identify-title">
        {t('my-list.title')}
      </Heading>
      {/* Back from BankID without an identification (cancelled or failed there): try again from here. */}
      {search.has('identification') ? <Alert variant="info">{t('my-list.identify.notCompleted')}</Alert> : null}
      <Text>{t('my-list.identify.text')}</Text>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <fieldset aria-describedby={missingCountry ? errorId : undefined} className="space-y-3">
          <legend className="mb-2 font-semibold text-neutral-900">{t('my-list.identify.country')}</legend>
          {COUNTRIES.map((option) => (
            <div key={option} className="flex items-center gap-3">
              <input
                type="radio"
                id={`${legendId}-${option}`}
                name="country"
                value={option}
                checked={country === option}
                onChange={() => {
                  setCountry(option);
                  setMissingCountry(false);
                }}
                className="size-6 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
              />
              <label htmlFor={`${legendId}-${option}`} className="cursor-pointer text-base">
                {t(`my-list.identify.${option}`)}
              </label>
            </div>
          ))}
          {missingCountry ? (
            <p id={errorId} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
              {t('my-list.identify.chooseCountry')}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" size="lg" loading={bankId.starting}>
          {t('my-list.identify.start')}
        </Button>
        {bankId.error ? <Alert variant="error">{errorText(bankId.error, t)}</Alert> : null}
      </form>
    </section>
  );
}
