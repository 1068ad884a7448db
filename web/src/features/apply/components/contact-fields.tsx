import { TEXT_LIMITS } from '@portal/domain';
import { FormField } from '@/components/ui/form-field';
import { emptyToNull, TextInput, type TextInputProps } from '@/components/ui/text-input';
import { type MessageKey, useT } from '@/lib/i18n';
import { fieldMessage } from '../logic/field-message';
import type { ContactField } from '../logic/form-values';
import type { ApplyFormState } from '../hooks/use-apply-form';

interface FieldSpec {
  name: ContactField;
  label: MessageKey;
  type: TextInputProps['type'];
  /** What the browser may fill in (WCAG 1.3.5). */
  autoComplete: string;
  maxLength: number;
  className?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'phone', label: 'apply.fields.phone', type: 'tel', autoComplete: 'tel', maxLength: TEXT_LIMITS.phone },
  { name: 'email', label: 'apply.fields.email', type: 'email', autoComplete: 'email', maxLength: TEXT_LIMITS.email },
  { name: 'address', label: 'apply.fields.address', type: 'text', autoComplete: 'street-address', maxLength: TEXT_LIMITS.address, className: 'sm:col-span-2' },
  { name: 'postalCode', label: 'apply.fields.postalCode', type: 'text', autoComplete: 'postal-code', maxLength: TEXT_LIMITS.postalCode },
  { name: 'city', label: 'apply.fields.city', type: 'text', autoComplete: 'address-level2', maxLength: TEXT_LIMITS.city },
];

/** Phone, e-mail and address: prefilled from the application, editable, all required. */
export function ContactFields({ state }: { state: ApplyFormState }) {
  const t = useT();
  const { register, formState } = state.form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => (
        <FormField
          key={field.name}
          label={t(field.label)}
          required
          error={fieldMessage(formState.errors[field.name], t)}
          className={field.className}
        >
          <TextInput
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
            {...register(field.name, { setValueAs: emptyToNull })}
          />
        </FormField>
      ))}
    </div>
  );
}
