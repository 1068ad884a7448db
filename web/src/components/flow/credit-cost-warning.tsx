import type { CountryCode, CustomerType } from '@portal/domain';
import { useT } from '@/lib/i18n';

/**
 * Konsumentverket's warning on consumer credit (KOVFS 2025:1; ADR 34), word for word. It is the
 * rule's Swedish text whatever language the screen is in (ADR 34 says why it is not translated),
 * so it is one definition here, in this component's own chunk, rather than the same words in every
 * language's catalogue (which every page loads); only
 * the name screen readers announce for it is translated (`app.creditWarning.label`).
 */
export const CREDIT_COST_WARNING = {
  heading: 'Att låna kostar pengar!',
  risk: 'Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning. Det kan leda till svårigheter att få hyra bostad, teckna abonnemang och få nya lån.',
  advice: 'För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.',
} as const;

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
        <p className="font-bold">{CREDIT_COST_WARNING.heading}</p>
        <p>{CREDIT_COST_WARNING.risk}</p>
        <p>{CREDIT_COST_WARNING.advice}</p>
      </div>
    </aside>
  );
}
