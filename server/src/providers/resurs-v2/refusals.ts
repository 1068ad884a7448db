/**
 * The one place that reads what the Merchant API's refusals mean in the portal's error catalogue
 * (spec section 8). Resurs publishes no list of its error codes: the ones below are the
 * simulator's choices (sandbox/src/resurs-v2/README.md), to be replaced by Resurs' own
 * when a contract names them. Everything else stays a plain refusal (REQUEST_ERROR).
 */
import { fail, type ProviderRefusal, type ProviderResult } from '../types';

type Meaning = Pick<ProviderRefusal, 'catalogue' | 'signing'>;

const MEANING_OF_CODE: Readonly<Record<string, Meaning | undefined>> = {
  CUSTOMER_OTHER_ACCOUNTS_UNCERTAIN: { catalogue: 'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND' },
  IDENTIFICATION_FAILED: { catalogue: 'INVALID_IDENTIFICATION_CODE' },
};

/** A failure with the meaning of its Resurs code added, when the code has one. */
export function withMeaning<T>(result: ProviderResult<T>): ProviderResult<T> {
  if (result.ok || result.failure.kind !== 'refused' || !result.failure.code) return result;
  const meaning = MEANING_OF_CODE[result.failure.code];
  return meaning ? fail({ ...result.failure, ...meaning }) : result;
}

const isSuccess = (status: number | undefined): status is number => status !== undefined && status >= 200 && status < 300;

/**
 * Creating and reading a payment must answer one. A 2xx without a body the adapter can read as
 * a payment (no JSON, no `id`, no order) is an answer without its payment.
 */
export function paymentExpected<T>(result: ProviderResult<T>): ProviderResult<T> {
  if (result.ok) return result;
  const { failure } = result;
  const status =
    failure.kind === 'unavailable' ? failure.status : failure.kind === 'refused' && failure.code === 'UNREADABLE_ANSWER' ? failure.status : undefined;
  if (!isSuccess(status)) return result;
  return fail({ kind: 'refused', status, code: 'NO_PAYMENT_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' });
}
