import type { CountryCode, CustomerType } from '@portal/domain';
import { useT } from '@/lib/i18n';

/**
 * Where the warning belongs: every screen of a Swedish consumer's credit application (KOVFS
 * 2025:1 applies to consumer credit; a company's lease is not consumer credit, and Norway
 * prescribes no warning; ADR 34).
 */
export function showsCreditCostWarning(application: { customer: { countryCode: CountryCode; type: CustomerType } }): boolean {
  return application.customer.countryCode === 'SE' && application.customer.type === 'PRIVATE';
}

/**
 * Konsumentverket's warning (KOVFS 2025:1), word for word in Swedish whatever the screen's
 * language (the rule's text is Swedish, and whether another language may stand in for it is not
 * settled: ADR 34), black on white, with a red warning symbol three lines of its text high beside
 * it. Drawn with CSS and an inline SVG: no script of its own. Show it where
 * `showsCreditCostWarning(application)`, close to the price.
 */
export function CreditCostWarning() {
  const t = useT();
  return (
    <aside
      aria-label={t('app.creditWarning.label')}
      data-credit-warning=""
      className="flex items-start gap-4 rounded-md border border-neutral-900 bg-white p-4 text-base leading-6 text-black"
    >
      {/* Three lines of the text beside it (leading-6: 1.5rem a line). */}
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-18 shrink-0">
        <path d="M12 1.5 23.5 22h-23z" fill="#d10000" />
        <path d="M12 8.5v7" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="12" cy="19" r="1.5" fill="#fff" />
      </svg>
      <div lang="sv" className="min-w-0">
        <p className="font-bold">{t('app.creditWarning.heading')}</p>
        <p>{t('app.creditWarning.risk')}</p>
        <p>{t('app.creditWarning.advice')}</p>
      </div>
    </aside>
  );
}
