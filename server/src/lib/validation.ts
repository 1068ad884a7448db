import type { FastifySchemaCompiler } from 'fastify';
import { checkInput, fieldMessagesOf, type z } from '@portal/domain';
import { ApiError } from './errors';

/**
 * Validates requests with the shared zod schemas. A failure becomes an ApiError carrying one
 * message per field, which the error handler translates for the caller.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodMiniType> =
  ({ schema }) =>
  (data) => {
    const result = checkInput(schema, data);
    if (result.success) return { value: result.data };
    return { error: ApiError.badRequest(fieldMessagesOf(result.error)) };
  };
