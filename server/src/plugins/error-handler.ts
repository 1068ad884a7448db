import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiErrorBody, type ErrorCode, type FieldMessage, isFinalStatus, languageFromAcceptLanguage, validationKey } from '@portal/domain';
import { ApiError } from '../lib/errors';
import { TransitionRefused } from '../services/apply-event';
import { errorText, translate } from '../lib/i18n';

/** The longest path parameter the router takes (Fastify's `maxParamLength`). */
export const MAX_PARAM_LENGTH = 200;

/** Sends an ApiError in the catalogue's shape (PRODUCT section 3), in the caller's language. */
export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  const language = languageFromAcceptLanguage(request.headers['accept-language']);
  const body: ApiErrorBody = {
    status: error.status,
    errorCode: error.errorCode,
    message: error.publicMessage
      ? translate(language, error.publicMessage)
      : errorText(language, error.errorCode, error.status),
  };
  if (error.fieldErrors) {
    body.fieldErrors = Object.fromEntries(
      Object.entries(error.fieldErrors).map(([field, { key, params }]) => [field, translate(language, key, params)]),
    );
  }
  return reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path
 * that is not valid percent-encoded UTF-8 (a lone surrogate, a stray byte) or a path parameter
 * over the router's limit. The same 400 in the catalogue's shape as any other bad input, rather
 * than Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const field: FieldMessage =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { key: validationKey('tooLong'), params: { max: MAX_PARAM_LENGTH } }
      : { key: validationKey(error.code === 'FST_ERR_BAD_URL' ? 'invalidCharacters' : 'wrongFormat') };
  request.log.info({ code: error.code, status: 400 }, 'request refused');
  return sendApiError(request, reply, ApiError.badRequest({ url: field }));
}

const codeForStatus = (status: number): ErrorCode => {
  if (status === 401) return 'INVALID_CREDENTIALS';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 502 || status === 503 || status === 504) return 'WEB_SERVICE_DOWN';
  if (status >= 500) return 'UNKNOWN';
  return 'REQUEST_ERROR';
};

/**
 * Every 4xx and 5xx leaves in the shape of PRODUCT section 3, in the caller's language, with no
 * stack, SQL or provider detail. Bad input of any kind is a 400 REQUEST_ERROR with field errors.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendApiError(request, reply, error);
    // Logged where the lifecycle table refused it; the caller asked for something the
    // application's status does not allow.
    if (error instanceof TransitionRefused) {
      return sendApiError(request, reply, new ApiError(409, isFinalStatus(error.status) ? 'APPLICATION_ALREADY_COMPLETE' : 'REQUEST_ERROR'));
    }


    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return sendApiError(request, reply, ApiError.badRequest({ body: { key: validationKey('malformedJson') } }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendApiError(request, reply, ApiError.badRequest({ body: { key: validationKey('bodyTooLarge') } }));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return sendApiError(request, reply, ApiError.badRequest({ body: { key: validationKey('wrongFormat') } }));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: error.code, status }, 'request refused');
    }
    return sendApiError(request, reply, new ApiError(status, codeForStatus(status)));
  });

  app.setNotFoundHandler((request, reply) =>
    sendApiError(request, reply, new ApiError(404, 'REQUEST_ERROR')),
  );
});
