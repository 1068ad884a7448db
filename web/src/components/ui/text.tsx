import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * Body text. Colours are for text on white or neutral-50: primary 17:1, secondary 10:1,
 * tertiary 7.5:1, black 21:1; all pass WCAG AA at every size.
 */
export const textVariants = cva('', {
  variants: {
    size: { xs: 'text-xs', sm: 'text-sm', base: 'text-base', lg: 'text-lg', xl: 'text-xl' },
    color: {
      primary: 'text-neutral-900',
      secondary: 'text-neutral-700',
      tertiary: 'text-neutral-600',
      black: 'text-black',
    },
    align: { left: 'text-left', right: 'text-right', center: 'text-center', justify: 'text-justify' },
  },
  defaultVariants: { size: 'base', color: 'primary' },
});

export type TextSize = NonNullable<VariantProps<typeof textVariants>['size']>;
export type TextColor = NonNullable<VariantProps<typeof textVariants>['color']>;
export type TextAlign = NonNullable<VariantProps<typeof textVariants>['align']>;

type TextElement = 'p' | 'span' | 'div';

export interface TextProps extends Omit<HTMLAttributes<HTMLElement>, 'color'>, VariantProps<typeof textVariants> {
  /** A paragraph unless said otherwise. */
  as?: TextElement;
}

export function Text({ as: Element = 'p', size, color, align, className, ...props }: TextProps) {
  return <Element className={cn(textVariants({ size, color, align }), className)} {...props} />;
}
