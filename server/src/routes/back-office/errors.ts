import { type ApiErrorBody, ERROR_CODES, z } from '@portal/domain';

const errorSchema = z.object({
  status: z.number(),
  errorCode: z.enum(ERROR_CODES),
  message: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
}) satisfies z.ZodMiniType<ApiErrorBody, unknown>;

/** What every back-office operation may answer besides success. */
export const errorResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 503: errorSchema };
