import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';

const SIZES = { sm: 'size-4 border-2', md: 'size-8 border-3', lg: 'size-12 border-4' } as const;

export function Spinner({ size = 'md', label, className }: { size?: keyof typeof SIZES; label?: string; className?: string }) {
  const t = useT();
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-brand-200 border-t-brand-700 motion-reduce:animate-none', SIZES[size])}
      />
      <span className="sr-only">{label ?? t('app.loading')}</span>
    </span>
  );
}
