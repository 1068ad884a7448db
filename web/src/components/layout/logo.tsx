import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';

export type LogoVariant = 'consumer' | 'business';

/**
 * The portal's mark and name. Business (leasing for companies) and consumer (financing for
 * private persons) differ in colour and name, so a customer sees at once which kind of
 * application this is. The name is real text (it scales and translates).
 */
export function Logo({ variant, className }: { variant: LogoVariant; className?: string }) {
  const t = useT();
  const business = variant === 'business';
  return (
    <span className={cn('flex items-center gap-2', className)}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="7" className={business ? 'fill-accent-500' : 'fill-white'} />
        {business ? (
          <path d="M9 24V11l7-4 7 4v13M13 24v-5h6v5M13 14h2M17 14h2" fill="none" className="stroke-brand-900" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M10 23V9h7.5a4.5 4.5 0 0 1 0 9H13" fill="none" className="stroke-brand-900" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
      <span className="text-lg leading-tight font-bold">{t(business ? 'app.titleBusiness' : 'app.title')}</span>
    </span>
  );
}
