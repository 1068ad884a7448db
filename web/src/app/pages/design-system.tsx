import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Redirect } from 'wouter';
import { COUNTRY_CODES, CREDIT_CHECK_MAX_MINUTES, PAGES } from '@portal/domain';
import { Alert, type AlertVariant } from '@/components/ui/alert';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Collapsible } from '@/components/ui/collapsible';
import { DropdownList } from '@/components/ui/dropdown-list';
import { FormField } from '@/components/ui/form-field';
import { Heading, type HeadingLevel } from '@/components/ui/heading';
import { ChevronRightIcon } from '@/components/ui/icons';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Text, type TextAlign, type TextColor, type TextSize } from '@/components/ui/text';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { Tooltip } from '@/components/ui/tooltip';
import { useFeatures } from '@/lib/api/get-features';
import { useT } from '@/lib/i18n';
import { generalTermsUrl, leasingTermsUrl, privacyPolicyUrl } from '@/lib/links';
import { useFormat } from '@/lib/use-format';

const BUTTON_VARIANTS: readonly ButtonVariant[] = ['primary', 'secondary', 'tertiary', 'white', 'link', 'ghost', 'highlight', 'navigation'];
const BUTTON_SIZES: readonly ButtonSize[] = ['xs', 'sm', 'md', 'lg', 'xl'];
const ALERT_VARIANTS: readonly AlertVariant[] = ['default', 'info', 'error', 'success', 'warning'];
const TEXT_SIZES: readonly TextSize[] = ['xs', 'sm', 'base', 'lg', 'xl'];
const TEXT_COLORS: readonly TextColor[] = ['primary', 'secondary', 'tertiary', 'black'];
const TEXT_ALIGNS: readonly TextAlign[] = ['right', 'center', 'justify'];
const HEADING_LEVELS: readonly HeadingLevel[] = [1, 2, 3, 4, 5, 6];
const NAME_MAX_LENGTH = 20;
/** Enough countries to make the dropdown list scroll and to try its typeahead. */
const REGIONS = ['NO', 'SE', 'DK', 'FI', 'IS', 'DE', 'NL', 'BE', 'FR', 'ES', 'PT', 'IT', 'AT', 'CH', 'PL', 'EE', 'LV', 'LT', 'IE', 'GB'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t border-neutral-300 pt-6">
      <Heading level={2}>{title}</Heading>
      {children}
    </section>
  );
}

/**
 * Every component of the design system in every variant, for review (spec section 2). Test
 * environments only: elsewhere this address is an unknown page.
 */
export default function DesignSystemPage() {
  const { data: features } = useFeatures();
  if (!features?.showDummyLogin) return <Redirect to={PAGES.notFound.url()} replace />;
  return <DesignSystem />;
}

function DesignSystem() {
  const t = useT();
  const format = useFormat();
  const [name, setName] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [region, setRegion] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);

  const regions = useMemo(() => {
    const names = new Intl.DisplayNames([format.language], { type: 'region' });
    return REGIONS.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
      a.label.localeCompare(b.label, format.language),
    );
  }, [format.language]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setSubmitted(consent);
  };

  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <Heading level={1}>{t('ds.title')}</Heading>
        <Text color="secondary">{t('ds.intro')}</Text>
      </header>

      <Section title={t('ds.sections.headings')}>
        {HEADING_LEVELS.map((level) => (
          <Heading key={level} level={3} size={level}>
            {t('ds.headingSample', { level })}
          </Heading>
        ))}
      </Section>

      <Section title={t('ds.sections.text')}>
        <div className="space-y-1">
          {TEXT_SIZES.map((size) => (
            <Text key={size} size={size}>
              {t('ds.textSample', { variant: size })}
            </Text>
          ))}
        </div>
        <div className="space-y-1">
          {TEXT_COLORS.map((color) => (
            <Text key={color} color={color}>
              {t('ds.textSample', { variant: color })}
            </Text>
          ))}
        </div>
        <div className="space-y-3">
          {TEXT_ALIGNS.map((align) => (
            <Text key={align} align={align} className="rounded border border-dashed border-neutral-400 p-3">
              {t('ds.alignSample', { variant: align })}
            </Text>
          ))}
        </div>
      </Section>

      <Section title={t('ds.sections.buttons')}>
        <div className="flex flex-wrap items-center gap-3">
          {BUTTON_VARIANTS.filter((variant) => variant !== 'white' && variant !== 'navigation').map((variant) => (
            <Button key={variant} variant={variant}>
              {t('ds.buttonSample', { variant })}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-brand-900 p-4 [--color-focus:var(--color-focus-inverse)]">
          <Button variant="white">{t('ds.buttonSample', { variant: 'white' })}</Button>
          <Text as="span" size="sm" className="text-white">
            {t('ds.onDark')}
          </Text>
        </div>
        <div className="max-w-sm">
          <Button variant="navigation">
            {t('ds.buttonSample', { variant: 'navigation' })}
            <ChevronRightIcon />
          </Button>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {BUTTON_SIZES.map((size) => (
            <Button key={size} size={size}>
              {t('ds.buttonSample', { variant: size })}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button loading>{t('ds.saving')}</Button>
          <Button variant="secondary" disabled>
            {t('ds.unavailable')}
          </Button>
        </div>
      </Section>

      <Section title={t('ds.sections.alerts')}>
        {ALERT_VARIANTS.map((variant) => (
          // Not announced: five alerts at once on a review page would only be noise.
          <Alert key={variant} variant={variant} announce={false} heading={t(`ds.alerts.${variant}`)}>
            {t('ds.alertText', { variant })}
          </Alert>
        ))}
      </Section>

      <Section title={t('ds.sections.forms')}>
        <form noValidate onSubmit={onSubmit} className="max-w-md space-y-5">
          <Text size="sm" color="secondary">
            {t('app.form.requiredNote')}
          </Text>
          <FormField label={t('ds.fields.name')} hint={t('ds.fields.nameHint', { max: NAME_MAX_LENGTH })} required>
            <TextInput name="name" autoComplete="name" maxLength={NAME_MAX_LENGTH} onValueChange={setName} />
          </FormField>
          <Text size="sm" color="secondary" aria-live="polite">
            {name === null ? t('ds.valueNull') : t('ds.value', { value: name })}
          </Text>
          <FormField label={t('ds.fields.email')} error={t('ds.fields.emailError')} required>
            <TextInput type="email" name="email" autoComplete="email" defaultValue="kari@" />
          </FormField>
          <FormField label={t('ds.fields.company')}>
            <TextInput name="company" readOnly defaultValue="Nordisk Kontor AS" />
          </FormField>
          <FormField label={t('ds.fields.message')} hint={t('ds.fields.messageHint')}>
            <TextArea name="message" />
          </FormField>
          <FormField label={t('ds.fields.country')} required>
            <Select name="country" placeholder={t('app.form.choose')}>
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`ds.countries.${code}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('ds.fields.region')} hint={t('ds.fields.regionHint')}>
            <DropdownList options={regions} value={region} onChange={setRegion} name="region" />
          </FormField>
          <FormField label={t('ds.fields.disabled')}>
            <TextInput name="disabled" disabled defaultValue={t('ds.unavailable')} />
          </FormField>
          <Checkbox name="consent" checked={consent} onChange={(event) => setConsent(event.target.checked)} error={tried && !consent ? t('ds.fields.consentError') : null}>
            {t('ds.fields.consent')}{' '}
            <a href={generalTermsUrl('NO')} target="_blank" rel="noreferrer">
              {t('ds.documents.generalTermsNO')}
            </a>
          </Checkbox>
          <Checkbox name="newsletter" defaultChecked>
            {t('ds.fields.newsletter')}
          </Checkbox>
          <Checkbox name="locked" disabled>
            {t('ds.unavailable')}
          </Checkbox>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">{t('ds.submit')}</Button>
            <Button type="reset" variant="ghost" onClick={() => setTried(false)}>
              {t('ds.reset')}
            </Button>
          </div>
          {submitted ? (
            <Alert variant="success">{t('ds.submitted')}</Alert>
          ) : null}
        </form>
      </Section>

      <Section title={t('ds.sections.collapsible')}>
        <Collapsible title={t('ds.collapsible.closed')}>
          <Text>{t('ds.collapsible.body', { minutes: CREDIT_CHECK_MAX_MINUTES })}</Text>
        </Collapsible>
        <Collapsible title={t('ds.collapsible.open')} defaultOpen>
          <Text>{t('ds.collapsible.body', { minutes: CREDIT_CHECK_MAX_MINUTES })}</Text>
        </Collapsible>
      </Section>

      <Section title={t('ds.sections.spinner')}>
        <div className="flex items-center gap-6">
          <Spinner size="sm" />
          <Spinner size="md" />
          <Spinner size="lg" />
          <span className="inline-flex rounded-md bg-brand-700 p-2">
            <Spinner size="md" tone="inverse" />
          </span>
        </div>
      </Section>

      <Section title={t('ds.sections.tooltip')}>
        <Text className="flex flex-wrap items-center gap-2">
          {t('ds.tooltip.term')}
          <Tooltip content={t('ds.tooltip.content')} />
        </Text>
        <Text>
          <Tooltip content={t('ds.tooltip.content')}>{t('ds.tooltip.term')}</Tooltip>
        </Text>
      </Section>

      <Section title={t('ds.sections.formats')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-semibold">{t('ds.formats.nok')}</dt>
          <dd>{format.money(15000, 'NOK')}</dd>
          <dt className="font-semibold">{t('ds.formats.sek')}</dt>
          <dd>{format.money(1234567.5, 'SEK')}</dd>
          <dt className="font-semibold">{t('ds.formats.interest')}</dt>
          <dd>{format.interest(12.9)}</dd>
          <dt className="font-semibold">{t('ds.formats.date')}</dt>
          <dd>
            {format.date('2026-11-21')} · {format.date('2026-11-21', 'long')}
          </dd>
          <dt className="font-semibold">{t('ds.formats.number')}</dt>
          <dd>{format.number(1234567.891, 2)}</dd>
        </dl>
      </Section>

      <Section title={t('ds.sections.documents')}>
        <ul className="list-disc space-y-1 pl-6">
          {COUNTRY_CODES.map((code) => (
            <li key={`terms-${code}`}>
              <a className="text-link underline" href={generalTermsUrl(code)}>
                {t(`ds.documents.generalTerms${code}`)}
              </a>
            </li>
          ))}
          {COUNTRY_CODES.map((code) => (
            <li key={`privacy-${code}`}>
              <a className="text-link underline" href={privacyPolicyUrl(code)}>
                {t(`ds.documents.privacyPolicy${code}`)}
              </a>
            </li>
          ))}
          {COUNTRY_CODES.map((code) => (
            <li key={`leasing-${code}`}>
              <a className="text-link underline" href={leasingTermsUrl(code)} rel="noreferrer">
                {t(`ds.documents.leasingTerms${code}`)}
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
