/**
 * The apply form validates with the shared rules the server uses (`checkApplyForm`, which answers
 * as the server's zod schema does, without zod). Each field gets one message: a message id
 * (`validation.*`) the form translates under the field.
 */
import type { FieldErrors, Resolver } from '@/lib/use-form';
import type { ApplyFormCheck } from '@portal/domain/schemas/apply-form-check';

export function sharedRulesResolver<T extends object>(check: (values: unknown) => ApplyFormCheck): Resolver<T> {
  return async (values) => {
    const result = check(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, { type: string; message: string; params?: Record<string, number> }> = {};
    for (const [path, message] of Object.entries(result.errors)) {
      errors[path] = { type: 'validation', message: message.key, ...(message.params ? { params: message.params } : {}) };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}
