import { useLingui } from '@lingui/react';
import type { CountryCode, CustomerType } from '@portal/domain';
import { cn } from '@/lib/cn';
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
 * language, black on white, with a red warning symbol three lines of its text high beside it;
 * on an English or Norwegian screen a translation follows in the box, marked as one (the rule's
 * text is Swedish, and whether a translation may stand in its place is not settled: ADR 34).
 * Drawn with CSS and an inline SVG: no script of its own.
 */
export function CreditCostWarning({ className }: { className?: string }) {
  const t = useT();
  const { i18n } = useLingui();
  const translated = i18n.locale !== 'sv';
  return (
    <aside
      aria-label={t('app.creditWarning.label')}
      data-credit-warning=""
      className={cn('flex items-start gap-4 rounded-md border border-neutral-900 bg-white p-4 text-base leading-6 text-black', className)}
    >
      {/* Three lines of the text beside it (leading-6: 1.5rem a line). */}
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-18 shrink-0" data-credit-warning-symbol="">
        <path d="M12 1.5 23.5 22h-23z" fill="#d10000" />
        <path d="M12 8.5v7" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="12" cy="19" r="1.5" fill="#fff" />
      </svg>
      <div className="min-w-0 space-y-2">
        <div lang="sv">
          <p className="font-bold">{t('app.creditWarning.heading')}</p>
          <p>{t('app.creditWarning.risk')}</p>
          <p>{t('app.creditWarning.advice')}</p>
        </div>
        {translated ? (
          <p className="text-sm">
            <span className="font-semibold">{t('app.creditWarning.translationLabel')}: </span>
            {t('app.creditWarning.translation')}
          </p>
        ) : null}
      </div>
    </aside>
  );
}
