import { createContext, useContext } from 'react';

/** What a FormField tells the control inside it, so label, hint and error are wired up once. */
export interface FormFieldState {
  /** The control's id: the label points at it. */
  id: string;
  labelId: string;
  /** Ids of the hint and the error text, when shown. */
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

export const FormFieldContext = createContext<FormFieldState | null>(null);

interface ControlAria {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
  'aria-required'?: boolean | 'true' | 'false' | undefined;
  required?: boolean | undefined;
}

/**
 * The accessibility attributes of a control: its own where it has them, else those of the
 * FormField around it. Required is said with `aria-required` rather than `required`, so the
 * browser's own validation bubbles do not compete with the form's messages.
 */
export function useFormFieldControl(props: ControlAria) {
  const field = useContext(FormFieldContext);
  const describedBy = [field?.describedBy, props['aria-describedby']].filter(Boolean).join(' ');
  const invalid = props['aria-invalid'] ?? (field?.invalid ? true : undefined);
  const required = props['aria-required'] ?? (field?.required || props.required ? true : undefined);
  return {
    id: props.id ?? field?.id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': invalid,
    'aria-required': required,
    labelId: field?.labelId,
  };
}
