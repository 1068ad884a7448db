import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';

/** Dark text on a pale tint of the variant's colour: every pair is above 12:1. */
export const alertVariants = cva('flex gap-3 rounded-md border border-l-4 p-4 text-base', {
  variants: {
    variant: {
      default: 'border-neutral-300 border-l-neutral-600 bg-white text-neutral-900',
      info: 'border-sky-200 border-l-sky-700 bg-sky-50 text-sky-950',
      error: 'border-red-200 border-l-red-700 bg-red-50 text-red-950',
      success: 'border-green-200 border-l-green-700 bg-green-50 text-green-950',
      warning: 'border-amber-300 border-l-amber-600 bg-amber-50 text-amber-950',
    },
  },
  defaultVariants: { variant: 'default' },
});

export type AlertVariant = NonNullable<VariantProps<typeof alertVariants>['variant']>;

const ICONS = { default: InfoIcon, info: InfoIcon, error: ErrorIcon, success: SuccessIcon, warning: WarningIcon } as const;
const ICON_COLOURS = {
  default: 'text-neutral-700',
  info: 'text-sky-800',
  error: 'text-red-700',
  success: 'text-green-800',
  warning: 'text-amber-800',
} as const;

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'>, VariantProps<typeof alertVariants> {
  /** A short first line in bold. */
  heading?: ReactNode;
  /**
   * Whether screen readers announce the alert when it appears (default). An error interrupts
   * (`role="alert"`), the others wait their turn (`role="status"`). Turn it off for text that is
   * part of the page from the start, such as a standing notice.
   */
  announce?: boolean;
}

export function Alert({ variant, heading, announce = true, className, children, ...props }: AlertProps) {
  const t = useT();
  const kind = variant ?? 'default';
  const Icon = ICONS[kind];
  const role = announce ? (kind === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div role={role} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon className={cn('mt-0.5 size-5 shrink-0', ICON_COLOURS[kind])} />
      <div className="min-w-0 flex-1 space-y-1">
        {/* The kind is said in words too, so it does not rest on colour and icon alone. */}
        {kind === 'default' ? null : <span className="sr-only">{t(`app.alert.${kind}`)}: </span>}
        {heading ? <p className="font-semibold">{heading}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
