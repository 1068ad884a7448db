import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { ErrorIcon } from './icons';

/**
 * The error text under a control (red-700 on white, 6.5:1), with an icon so the message does not
 * rest on colour. The control points at it with `aria-describedby`.
 */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  return (
    <p className={cn('flex items-start gap-1.5 text-sm font-medium text-red-700', className)} {...props}>
      <ErrorIcon className="mt-px size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
