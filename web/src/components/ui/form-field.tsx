import { type ReactNode, useId, useMemo } from 'react';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { FieldError } from './field-error';
import { FormFieldContext, type FormFieldState } from './use-form-field';

export interface FormFieldProps {
  label: ReactNode;
  /** The control: TextInput, TextArea, Select or DropdownList, which pick up id and ARIA from here. */
  children: ReactNode;
  /** The validation message; shown under the control, which is then marked invalid. */
  error?: string | null | undefined;
  /** A help text under the label. */
  hint?: ReactNode;
  required?: boolean;
  /** The control's id, when the page needs a known one (to focus it, to link to it). */
  id?: string;
  className?: string;
}

/**
 * Label, required mark, hint, control and error text, wired together: the label names the
 * control, hint and error describe it (`aria-describedby`) and an error sets `aria-invalid`.
 * The asterisk is hidden from screen readers, which hear "required" from `aria-required`
 * instead; forms explain the asterisk once with `app.form.requiredNote`.
 */
export function FormField({ label, children, error, hint, required = false, id, className }: FormFieldProps) {
  const t = useT();
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const labelId = `${generated}-label`;
  const hintId = hint ? `${generated}-hint` : undefined;
  const errorId = error ? `${generated}-error` : undefined;
  const invalid = Boolean(error);

  const state = useMemo<FormFieldState>(
    () => ({
      id: controlId,
      labelId,
      describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
      invalid,
      required,
    }),
    [controlId, labelId, hintId, errorId, invalid, required],
  );

  return (
    <div className={cn('space-y-1.5', className)}>
      <label id={labelId} htmlFor={controlId} className="block font-semibold text-neutral-900">
        {label}
        {required ? (
          <span aria-hidden="true" title={t('app.form.required')} className="ml-1 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-neutral-700">
          {hint}
        </p>
      ) : null}
      <FormFieldContext value={state}>{children}</FormFieldContext>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
