import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';

/**
 * The turning ring. With reduced motion it turns slowly instead of stopping: a still ring would no
 * longer say that something is happening, and a slow turn of a small ring is not the kind of
 * motion that setting asks to avoid.
 */
export const spinnerVariants = cva('inline-block shrink-0 animate-spin rounded-full motion-reduce:animate-spin-slow', {
  variants: {
    size: { sm: 'size-4 border-2', md: 'size-8 border-3', lg: 'size-12 border-4' },
    tone: {
      default: 'border-brand-200 border-t-brand-700',
      // On a dark or brand-coloured surface (a primary button).
      inverse: 'border-white/40 border-t-white',
    },
  },
  defaultVariants: { size: 'md', tone: 'default' },
});

export interface SpinnerProps extends VariantProps<typeof spinnerVariants> {
  /** What is loading, for screen readers; "Loading…" when not given. */
  label?: string;
  /**
   * Only the ring, hidden from assistive technology: for a place that already says it is busy
   * (a button with `aria-busy`).
   */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size, tone, label, decorative = false, className }: SpinnerProps) {
  const t = useT();
  const ring = <span aria-hidden="true" className={cn(spinnerVariants({ size, tone }), decorative && className)} />;
  if (decorative) return ring;
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      {ring}
      <span className="sr-only">{label ?? t('app.loading')}</span>
    </span>
  );
}
