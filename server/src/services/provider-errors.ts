import { SIGNING_ERROR_CODES, type SigningErrorCode } from '@portal/domain';
import { ApiError } from '../lib/errors';
import type { ProviderCatalogueCode, ProviderFailure } from '../providers/types';

/**
 * The HTTP status of each catalogue code an adapter can recognise in a provider's answer: the
 * customer's own situation is a 400 (the info alert for the other accounts), a provider answer
 * without its payment a 502 (the provider, not the request, is at fault), and a payment or
 * contract whose state forbids the step a 409.
 */
const CATALOGUE_STATUS: Readonly<Record<ProviderCatalogueCode, number>> = {
  UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND: 400,
  INVALID_IDENTIFICATION_CODE: 400,
  PAYMENT_RESPONSE_MISSING: 502,
  PAYMENT_STATUS_FINAL: 409,
  ALL_CONTRACTS_MUST_BE_SIGNED: 409,
};

/**
 * Provider failures in the spec's catalogue: unreachable or 5xx → WEB_SERVICE_DOWN (503),
 * 429 → TOO_MANY_REQUESTS (429), a refusal the adapter recognised → its catalogue code (see
 * CATALOGUE_STATUS), any other refusal → REQUEST_ERROR (400). Never the provider's words.
 */
export function apiErrorFor(failure: ProviderFailure): ApiError {
  switch (failure.kind) {
    case 'unavailable':
      return new ApiError(503, 'WEB_SERVICE_DOWN');
    case 'rate-limited':
      return new ApiError(429, 'TOO_MANY_REQUESTS');
    case 'refused':
      return failure.catalogue ? new ApiError(CATALOGUE_STATUS[failure.catalogue], failure.catalogue) : new ApiError(400, 'REQUEST_ERROR');
    case 'unreadable':
      // The lender answered in a shape we cannot read: its fault, not the customer's request's (502).
      return new ApiError(502, 'WEB_SERVICE_DOWN');
  }
}

/**
 * Why a signing could not go on, as far as the portal knows: a provider's failure, or what the
 * portal found itself before asking anyone.
 */
export type SigningFailure =
  | ProviderFailure
  /** There is nothing approved to sign: no approved payment or request, or the lender declined. */
  | { kind: 'not-approved' }
  /** The signature's status does not allow going on: the session expired or was withdrawn. */
  | { kind: 'invalid-signature-status' };

/**
 * The signing code of `/form/sign/fail?code=` (spec section 8) for a signing failure: 10001 when
 * there is nothing approved to sign, 10002 when the signature's status does not allow going on
 * (the lender has no valid signature, the session expired or was withdrawn, not every signer has
 * signed), 10003 when the bank's services cannot be reached or turn us away for now, and 10000
 * for every other failure. A signer who declines or cancels is an outcome, not a failure: the
 * page is shown without a code, so this is never asked about it.
 */
export function signingCodeFor(failure: SigningFailure): SigningErrorCode {
  switch (failure.kind) {
    case 'not-approved':
      return SIGNING_ERROR_CODES.NOT_APPROVED;
    case 'invalid-signature-status':
      return SIGNING_ERROR_CODES.INVALID_SIGNATURE_STATUS;
    case 'unavailable':
    case 'rate-limited':
    case 'unreadable':
      return SIGNING_ERROR_CODES.SERVICE_UNAVAILABLE;
    case 'refused':
      if (failure.signing) return SIGNING_ERROR_CODES[failure.signing];
      if (failure.catalogue === 'ALL_CONTRACTS_MUST_BE_SIGNED') return SIGNING_ERROR_CODES.INVALID_SIGNATURE_STATUS;
      return SIGNING_ERROR_CODES.GENERIC;
  }
}
