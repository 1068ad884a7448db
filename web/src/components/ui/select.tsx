import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlVariants } from './control-variants';
import { ChevronDownIcon } from './icons';
import { useFormFieldControl } from './use-form-field';

export interface SelectProps extends ComponentProps<'select'> {
  /** A first, empty choice ("Choose…") that cannot be chosen again once something is. */
  placeholder?: string;
}

/**
 * The browser's own select (its list, keyboard and screen-reader support are the best there
 * is on phones), in the look of the other controls. Options are passed as children; every
 * native prop passes through, `ref` too.
 */
export function Select({ className, placeholder, children, ...props }: SelectProps) {
  const { labelId: _labelId, ...aria } = useFormFieldControl(props);
  // Without a value the browser would pick the first enabled option; the placeholder shows instead.
  const start = placeholder && props.value === undefined && props.defaultValue === undefined ? { defaultValue: '' } : {};
  return (
    <div className={cn('relative', className)}>
      <select {...start} {...props} {...aria} className={cn(controlVariants(), 'cursor-pointer appearance-none pr-10 forced-colors:appearance-auto')}>
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-neutral-700 forced-colors:hidden" />
    </div>
  );
}
