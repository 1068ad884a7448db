import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { Spinner } from './spinner';

const VARIANTS_WITH_PADDING = ['primary', 'secondary', 'tertiary', 'white', 'ghost', 'highlight', 'navigation'] as const;

/**
 * Every look of a button, in one place. Text and background pairs meet WCAG AA (see the colour
 * tokens in styles.css); the smallest size is still 32 px high, above the 24 px target minimum.
 * `link` keeps the height of its size (a comfortable target) but has no side padding, so it lines
 * up with text. A label that wraps on a phone keeps room above and below, and is centred.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md py-2 text-center font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress motion-reduce:transition-none',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800',
        secondary: 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
        tertiary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
        // For dark surfaces; the ring is the light one there.
        white: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-focus-inverse',
        link: 'text-link underline underline-offset-2 hover:no-underline',
        ghost: 'text-brand-800 hover:bg-brand-50',
        highlight: 'bg-accent-500 text-neutral-950 hover:bg-accent-400',
        navigation: 'w-full justify-between border border-neutral-500 bg-white text-left text-neutral-900 hover:border-brand-700 hover:bg-brand-50',
      },
      size: {
        xs: 'min-h-8 text-xs',
        sm: 'min-h-9 text-sm',
        md: 'min-h-11 text-base',
        lg: 'min-h-12 text-lg',
        xl: 'min-h-14 text-xl',
      },
    },
    compoundVariants: [
      { variant: [...VARIANTS_WITH_PADDING], size: 'xs', className: 'px-2' },
      { variant: [...VARIANTS_WITH_PADDING], size: 'sm', className: 'px-3' },
      { variant: [...VARIANTS_WITH_PADDING], size: 'md', className: 'px-4' },
      { variant: [...VARIANTS_WITH_PADDING], size: 'lg', className: 'px-5' },
      { variant: [...VARIANTS_WITH_PADDING], size: 'xl', className: 'px-6' },
    ],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>['variant']>;
export type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>['size']>;

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Shows a spinner and blocks further presses while an action runs. */
  loading?: boolean;
}

/**
 * A native button: `type` is `button` unless said otherwise, so no button submits a form by
 * accident. Disabled until the app has taken a page the server rendered over (`useHydrated`).
 */
export function Button({ className, variant, size, type = 'button', loading = false, disabled, children, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={disabled || loading || !hydrated}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size="sm" decorative tone={(variant ?? 'primary') === 'primary' ? 'inverse' : 'default'} /> : null}
      {children}
    </button>
  );
}
