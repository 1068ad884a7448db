import type { ErrorCode, FieldMessages } from '@portal/domain';

/**
 * An error with a public face: an HTTP status, a code from the spec's catalogue and, for
 * validation, a message per field. The text comes from the shared catalogue in the caller's
 * language unless a message key or text is given.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    readonly fieldErrors?: FieldMessages,
    /** A `validation.*` key or a safe public text; otherwise the catalogue text is used. */
    readonly publicMessage?: string,
  ) {
    super(publicMessage ?? errorCode);
    this.name = 'ApiError';
  }

  static badRequest(fieldErrors?: FieldMessages, message?: string): ApiError {
    return new ApiError(400, 'REQUEST_ERROR', fieldErrors, message);
  }
  static unauthorized(): ApiError {
    return new ApiError(401, 'INVALID_CREDENTIALS');
  }
  static forbidden(): ApiError {
    return new ApiError(403, 'REQUEST_ERROR');
  }
  static notFound(code: ErrorCode = 'APPLICATION_NOT_FOUND'): ApiError {
    return new ApiError(404, code);
  }
  static conflict(code: ErrorCode = 'REQUEST_ERROR'): ApiError {
    return new ApiError(409, code);
  }
}
