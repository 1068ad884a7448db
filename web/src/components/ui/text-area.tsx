import type { ChangeEvent, ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlVariants, readOnlyControl } from './control-variants';
import { emptyToNull } from './text-input';
import { useFormFieldControl } from './use-form-field';

export interface TextAreaProps extends ComponentProps<'textarea'> {
  /** The value after each change: `null` once the field is empty. */
  onValueChange?: (value: string | null) => void;
}

/** A text field of several lines, five unless said otherwise; it can grow downwards only. */
export function TextArea({ rows = 5, className, onChange, onValueChange, ...props }: TextAreaProps) {
  const { labelId: _labelId, ...aria } = useFormFieldControl(props);
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    onChange?.(event);
    onValueChange?.(emptyToNull(event.target.value));
  };
  return (
    <textarea
      rows={rows}
      {...props}
      {...aria}
      onChange={handleChange}
      className={cn(controlVariants(), readOnlyControl, 'resize-y', className)}
    />
  );
}
