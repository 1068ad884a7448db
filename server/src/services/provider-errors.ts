import { ApiError } from '../lib/errors';
import type { ProviderFailure } from '../providers/types';

/**
 * Provider failures in the spec's catalogue: unreachable or 5xx → WEB_SERVICE_DOWN (503),
 * 429 → TOO_MANY_REQUESTS (429), a refusal → REQUEST_ERROR (400). Never the provider's words.
 */
export function apiErrorFor(failure: ProviderFailure): ApiError {
  switch (failure.kind) {
    case 'unavailable':
      return new ApiError(503, 'WEB_SERVICE_DOWN');
    case 'rate-limited':
      return new ApiError(429, 'TOO_MANY_REQUESTS');
    case 'refused':
      return new ApiError(400, 'REQUEST_ERROR');
  }
}
