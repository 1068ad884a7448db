import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiErrorBody, type ErrorCode, isFinalStatus, languageFromAcceptLanguage, validationKey } from '@portal/domain';
import { ApiError } from '../lib/errors';
import { TransitionRefused } from '../services/apply-event';
import { errorText, translate } from '../lib/i18n';

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
  const send = (request: FastifyRequest, reply: FastifyReply, error: ApiError) => {
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
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return send(request, reply, error);
    // Logged where the lifecycle table refused it; the caller asked for something the
    // application's status does not allow.
    if (error instanceof TransitionRefused) {
      return send(request, reply, new ApiError(409, isFinalStatus(error.status) ? 'APPLICATION_ALREADY_COMPLETE' : 'REQUEST_ERROR'));
    }


    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return send(request, reply, ApiError.badRequest({ body: { key: validationKey('malformedJson') } }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(request, reply, ApiError.badRequest({ body: { key: validationKey('bodyTooLarge') } }));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return send(request, reply, ApiError.badRequest({ body: { key: validationKey('wrongFormat') } }));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: error.code, status }, 'request refused');
    }
    return send(request, reply, new ApiError(status, codeForStatus(status)));
  });

  app.setNotFoundHandler((request, reply) =>
    send(request, reply, new ApiError(404, 'REQUEST_ERROR')),
  );
});
