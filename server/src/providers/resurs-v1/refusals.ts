/**
 * The one place that reads what Resurs' answers mean in the portal's error catalogue (spec
 * section 8). The error types and their published meaning are in contract.ts; where Resurs says
 * nothing about a case, the choice is written down in sandbox/src/resurs-v1/README.md.
 */
import { fail, type ProviderFailure, type ProviderRefusal, type ProviderResult } from '../types';
import type { ResursV1RefusalCode } from './types';

type Meaning = Pick<ProviderRefusal, 'catalogue' | 'signing'>;

const MEANING_OF_ERROR_TYPE: Readonly<Partial<Record<ResursV1RefusalCode, Meaning>>> = {
  // The credit application could not be completed, which is not a denial (a denial is a DENIED
  // booking): Resurs needs to look at the customer's other accounts, and the customer must call.
  CREDITAPPLICATION_FAILED: { catalogue: 'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND' },
  INVALID_IDENTIFICATION: { catalogue: 'INVALID_IDENTIFICATION_CODE' },
  // Annulling a debited payment, booking an annulled one: the payment's state is final.
  NOT_ALLOWED_IN_PAYMENT_STATE: { catalogue: 'PAYMENT_STATUS_FINAL' },
  // Resurs holds no signature for the payment it was asked to book as signed.
  SIGNING_REQUIRED: { signing: 'INVALID_SIGNATURE_STATUS' },
  // The adapter's own, unsent: everything is finalized (or annulled), or credited, already.
  NOTHING_TO_FINALIZE: { catalogue: 'PAYMENT_STATUS_FINAL' },
  NOTHING_TO_CREDIT: { catalogue: 'PAYMENT_STATUS_FINAL' },
};

/** A SOAP fault's ECommerceError type (or one of ours) as a refusal, with its meaning when known. */
export function refusal(status: number, code: string): ProviderRefusal {
  const meaning = (MEANING_OF_ERROR_TYPE as Readonly<Record<string, Meaning | undefined>>)[code];
  return { kind: 'refused', status, code, ...meaning };
}

/**
 * bookPayment, bookSignedPayment and getPayment must answer a payment. A response without one
 * (no `return` at all) is the catalogue's answer without its payment; any other answer the
 * transport could not read stays `unreadable`, naming the field (both are the provider's fault, 502).
 */
export function paymentExpected<T>(result: ProviderResult<T>): ProviderResult<T> {
  if (result.ok) return result;
  const failure: ProviderFailure = result.failure;
  if (failure.kind !== 'unreadable' || failure.field !== 'return' || failure.status < 200 || failure.status >= 300) return result;
  return fail({ kind: 'refused', status: failure.status, code: 'NO_PAYMENT_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' });
}
