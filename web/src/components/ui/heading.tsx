import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Levels 1–6 map to the `text-h1`…`text-h6` utilities of styles.css. */
export const headingVariants = cva('text-balance text-neutral-900', {
  variants: {
    size: { 1: 'text-h1', 2: 'text-h2', 3: 'text-h3', 4: 'text-h4', 5: 'text-h5', 6: 'text-h6' },
  },
});

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface HeadingProps extends ComponentProps<'h1'>, Omit<VariantProps<typeof headingVariants>, 'size'> {
  /** The level in the document outline. */
  level: HeadingLevel;
  /** The look, when it must differ from the level (a section heading that sits in a narrow box). */
  size?: HeadingLevel;
}

export function Heading({ level, size, className, ...props }: HeadingProps) {
  const Element = `h${level}` as const;
  return <Element className={cn(headingVariants({ size: size ?? level }), className)} {...props} />;
}
