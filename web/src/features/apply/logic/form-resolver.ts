/**
 * The apply form validates with the shared zod/mini schema the server uses. Each field gets one
 * message: a message id (`validation.*`) the form translates under the field.
 */
import type { FieldErrors, Resolver } from '@/lib/use-form';
import { fieldMessagesOf, type FieldMessage, type z } from '@portal/domain';

export function sharedSchemaResolver<T extends object>(schema: z.ZodMiniType): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, { type: string; message: string; params?: FieldMessage['params'] }> = {};
    for (const [path, message] of Object.entries(fieldMessagesOf(result.error))) {
      errors[path] = { type: 'validation', message: message.key, ...(message.params ? { params: message.params } : {}) };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}
