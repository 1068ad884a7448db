import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './field-error';
import { CheckIcon } from './icons';
import { useFormFieldControl } from './use-form-field';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The label beside the box; it may hold links (consent texts). */
  children: ReactNode;
  /** Shown under the label, linked to the box. */
  error?: string | null | undefined;
}

/**
 * A native checkbox drawn larger (24 px box, the whole label clickable) with the brand colour when
 * ticked. In forced-colours mode the browser's own box comes back, so it stays visible there.
 * Every native prop passes through, `ref` too (the form hook's `register`, lib/use-form.ts).
 */
export function Checkbox({ children, error, className, id, ...props }: CheckboxProps) {
  const fallbackId = useId();
  const errorId = useId();
  const inputId = id ?? fallbackId;
  const { labelId: _labelId, id: _fieldId, ...aria } = useFormFieldControl({
    ...props,
    'aria-invalid': props['aria-invalid'] ?? (error ? true : undefined),
    'aria-describedby': [props['aria-describedby'], error ? errorId : undefined].filter(Boolean).join(' ') || undefined,
  });
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex items-start gap-3">
        <span className="relative inline-flex size-6 shrink-0">
          <input
            type="checkbox"
            id={inputId}
            {...props}
            {...aria}
            className="peer size-6 cursor-pointer appearance-none rounded border-2 border-neutral-600 bg-white checked:border-brand-700 checked:bg-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus aria-invalid:border-red-700 disabled:cursor-not-allowed disabled:opacity-60 forced-colors:appearance-auto"
          />
          <CheckIcon className="pointer-events-none absolute inset-0.5 hidden size-5 stroke-3 text-white peer-checked:block forced-colors:hidden" />
        </span>
        <label htmlFor={inputId} className="min-w-0 flex-1 cursor-pointer pt-px text-base [&_a]:text-link [&_a]:underline">
          {children}
        </label>
      </div>
      {error ? (
        <FieldError id={errorId} className="pl-9">
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}
