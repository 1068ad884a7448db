import type { ChangeEvent, ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlVariants, readOnlyControl } from './control-variants';
import { useFormFieldControl } from './use-form-field';

/** An emptied field means "no value", not an empty string: the API stores null. */
export const emptyToNull = (value: string): string | null => (value === '' ? null : value);

export interface TextInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  type?: 'text' | 'email' | 'tel' | 'url' | 'search' | 'password' | 'number';
  /** The value after each change: `null` once the field is empty. */
  onValueChange?: (value: string | null) => void;
}

/**
 * A one-line text field. Every native prop passes through, `ref` too, so the form hook's
 * `register()` (ref, name, onChange, onBlur) works as it is; with register, `setValueAs:
 * emptyToNull` gives the same null. `maxLength` is the browser's own: input stops at the limit.
 */
export function TextInput({ type = 'text', className, onChange, onValueChange, ...props }: TextInputProps) {
  const { labelId: _labelId, ...aria } = useFormFieldControl(props);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValueChange?.(emptyToNull(event.target.value));
  };
  return (
    <input
      type={type}
      {...props}
      {...aria}
      onChange={handleChange}
      className={cn(controlVariants(), readOnlyControl, className)}
    />
  );
}
