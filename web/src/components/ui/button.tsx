import { cva, type VariantProps } from 'class-variance-authority';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800',
        secondary: 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
        tertiary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
        white: 'bg-white text-brand-800 shadow-sm hover:bg-neutral-100',
        link: 'text-link underline underline-offset-2 hover:no-underline',
        ghost: 'text-brand-800 hover:bg-brand-50',
        highlight: 'bg-accent-500 text-neutral-950 hover:bg-accent-400',
        navigation: 'justify-between border border-neutral-300 bg-white text-neutral-900 hover:border-brand-700',
      },
      size: {
        xs: 'min-h-8 px-2 text-xs',
        sm: 'min-h-9 px-3 text-sm',
        md: 'min-h-11 px-4 text-base',
        lg: 'min-h-12 px-5 text-lg',
        xl: 'min-h-14 px-6 text-xl',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'min-h-0 px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {}

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
