/**
 * The one place that reads what the Merchant API's refusals mean in the portal's error catalogue
 * (spec section 8). Resurs' error body is `{code, message, timestamp, traceId, validationErrors?}`
 * with `code` the HTTP status as a string ("400") in every sample it publishes (its Postman
 * collection "Resurs Merchant API"; its shipped library reads `code` only when numeric): such a
 * refusal is a plain one (REQUEST_ERROR). Resurs publishes no semantic codes.
 */
import { fail, type ProviderRefusal, type ProviderResult } from '../types';
import type { ResursV2MoneyKind, ResursV2PaymentMoney } from './types';

type Meaning = Pick<ProviderRefusal, 'catalogue' | 'signing'>;

/**
 * [?] Not published by Resurs: the simulator's choices (sandbox/src/resurs-v2/README.md, "Test
 * people with a refusal"), kept so that the catalogue's answers can be tried in the sandbox. A
 * lender must ask Resurs which codes, if any, mean these, and replace them here.
 */
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

/**
 * Where an unreadable answer had no payment at all: not JSON, not an object, or no `id`. (An
 * answer with a payment in it that we cannot read, say an unknown status, stays `unreadable`.)
 */
const NO_PAYMENT_FIELDS: readonly string[] = ['(not JSON)', '(the whole answer)', 'id'];

/**
 * Creating and reading a payment must answer one. A 2xx without it (no body, no JSON, no `id`)
 * is the catalogue's PAYMENT_RESPONSE_MISSING: the http client has recorded and logged it as an
 * unreadable answer already, naming the field.
 */
export function paymentExpected<T>(result: ProviderResult<T>): ProviderResult<T> {
  if (result.ok) return result;
  const { failure } = result;
  if (failure.kind !== 'unreadable' || !NO_PAYMENT_FIELDS.includes(failure.field)) return result;
  return fail({ kind: 'refused', status: failure.status, code: 'NO_PAYMENT_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' });
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * What Resurs' refusal of a capture, refund or cancel means, read from the payment after it:
 * Resurs publishes neither the status nor the words of such a refusal (only that "you cannot
 * capture / credit more than the payment is worth", its ecom README), so the payment's own money
 * and status tell.
 *
 * - PAYMENT_STATUS_FINAL (409) when the payment can no longer do it at all: it is REJECTED
 *   (declined, timed out, aborted, cancelled: nothing will ever be captured, refunded or
 *   cancelled); a capture or cancel when nothing is left authorized (all of it captured or
 *   cancelled: what is captured can only be refunded); a refund when nothing is captured and not
 *   refunded and nothing is left to capture (all of it refunded or cancelled).
 * - Otherwise a plain refusal (REQUEST_ERROR, 400): the request asked for more than there is now
 *   (more than is authorized, more than is captured), a refund before anything is captured, an
 *   operation on a payment not yet accepted, or a request Resurs found wrong for its own reasons.
 */
export function withMoneyMeaning(kind: ResursV2MoneyKind, refusal: ProviderRefusal, payment: ResursV2PaymentMoney): ProviderRefusal {
  const { money } = payment;
  const open = cents(money.authorized) - cents(money.captured) - cents(money.cancelled);
  const refundable = cents(money.captured) - cents(money.refunded);
  const final =
    payment.status === 'REJECTED' ||
    (payment.status === 'ACCEPTED' && (kind === 'refund' ? refundable <= 0 && open <= 0 : open <= 0));
  return final ? { ...refusal, catalogue: 'PAYMENT_STATUS_FINAL' } : refusal;
}
