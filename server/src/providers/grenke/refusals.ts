/**
 * The one place that reads what GRENKE's answers mean in the portal's error catalogue (spec
 * section 8). GRENKE publishes no API documentation: the error codes are the simulator's choices
 * (sandbox/src/grenke/README.md), to be replaced by GRENKE's own when a contract names them.
 */
import { fail, type ProviderRefusal, type ProviderResult } from '../types';

type Meaning = Pick<ProviderRefusal, 'catalogue' | 'signing'>;

const MEANING_OF_CODE: Readonly<Record<string, Meaning | undefined>> = {
  // The contract is signed, or the request declined or cancelled: nothing about it can change.
  AlreadyContracted: { catalogue: 'PAYMENT_STATUS_FINAL' },
  RequestClosed: { catalogue: 'PAYMENT_STATUS_FINAL' },
  // The contract came back without every signature it needs.
  SignatureMissing: { catalogue: 'ALL_CONTRACTS_MUST_BE_SIGNED' },
};

/** A failure with the meaning of its GRENKE code added, when the code has one. */
export function withMeaning<T>(result: ProviderResult<T>): ProviderResult<T> {
  if (result.ok || result.failure.kind !== 'refused' || !result.failure.code) return result;
  const meaning = MEANING_OF_CODE[result.failure.code];
  return meaning ? fail({ ...result.failure, ...meaning }) : result;
}

/** A 2xx that should carry the financing request and does not (no FinancingId, or nothing readable). */
export const requestMissing = (status: number) =>
  fail({ kind: 'refused', status, code: 'NO_REQUEST_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' });

/** An answer the transport could not read at all, for a call that must answer the request. */
export function requestExpected<T>(result: ProviderResult<T>): ProviderResult<T> {
  if (result.ok || result.failure.kind !== 'unavailable') return result;
  const { status } = result.failure;
  return status !== undefined && status >= 200 && status < 300 ? requestMissing(status) : result;
}
