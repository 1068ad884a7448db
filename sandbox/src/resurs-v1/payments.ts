/**
 * The simulated bank's payments: booked, waiting for signing, signed, frozen, annulled. Every change goes
 * through the sandbox's store (a row lock per payment), never memory, so a flow survives a restart and
 * works across server instances. Delayed decisions are not scheduled: they are computed from the
 * stored booking time whenever someone asks, which is also how tests make time pass.
 */
import {
  type CountryCode,
  findTestPerson,
  normaliseNationalId,
  type ResursBehaviour,
} from '@portal/domain';
import type { SandboxRecords, SandboxStore } from '../records';
import type { ECommerceErrorType } from './wsdl';
import type { ResursTexts } from './texts';

export const PAYMENTS_NAMESPACE = 'resurs-v1-payments';

export type BookPaymentStatus = 'FINALIZED' | 'BOOKED' | 'FROZEN' | 'SIGNING' | 'DENIED';

export interface MetaDataEntry {
  key: string;
  value?: string | undefined;
}

/** The customer's address as bookPayment gave it (Resurs' address type). */
export interface PaymentAddress {
  fullName?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  addressRow1: string;
  postalArea: string;
  postalCode: string;
  country: CountryCode;
}

/** Where the payment is in the flow; FROZEN and FINALIZED are derived from it (currentStatus). */
export type PaymentStage = 'SIGNING' | 'DENIED' | 'BOOKED' | 'ANNULLED';

export interface SandboxPayment {
  paymentId: string;
  countryCode: CountryCode;
  paymentMethodId: string;
  amount: number;
  /**
   * bookPayment's metaData as the shop sent it: Resurs keeps it on the payment and answers it in
   * getPayment, and looks at none of it (only invoiceExtRef and CustomerId mean something, on
   * invoices). Absent in records made before it was kept.
   */
  metaData?: MetaDataEntry[] | undefined;
  customer: { governmentId: string; firstName: string; lastName: string; address?: PaymentAddress | undefined };
  /** The credit decision, fixed at booking so later changes to the test people do not move it. */
  behaviour: ResursBehaviour;
  signing: { successUrl: string; failUrl: string };
  finalizeIfBooked: boolean;
  stage: PaymentStage;
  createdAt: string;
  signedAt: string | null;
  signingCancelledAt: string | null;
  /** When bookSignedPayment booked it; delayed decisions count from here. */
  bookedAt: string | null;
  /** When annulPayment withdrew it (stage ANNULLED). Absent in records made before annulling existed. */
  annulledAt?: string | null | undefined;
}

/** A refusal with a message more precise than its error type's (texts.ts, `refusals`). */
export type RefusalMessage = keyof ResursTexts['refusals'];

/** A refusal in Resurs' terms: the SOAP layer turns it into an ECommerceError fault. */
export class ECommerceError extends Error {
  constructor(
    readonly type: ECommerceErrorType,
    readonly countryCode: CountryCode | null = null,
    readonly refusalMessage: RefusalMessage | null = null,
  ) {
    super(type);
    this.name = 'ECommerceError';
  }
}

export function paymentStore(records: SandboxRecords): SandboxStore<SandboxPayment> {
  return records.store<SandboxPayment>(PAYMENTS_NAMESPACE);
}

function decidedStatus(payment: SandboxPayment): BookPaymentStatus {
  return payment.finalizeIfBooked ? 'FINALIZED' : 'BOOKED';
}

/** The status now, with delayed decisions applied lazily from the stored booking time. */
export function currentStatus(payment: SandboxPayment, now: number = Date.now()): BookPaymentStatus {
  // An annulled payment will never be paid out: bookPayment answers it as DENIED.
  if (payment.stage === 'ANNULLED') return 'DENIED';
  if (payment.stage !== 'BOOKED') return payment.stage;
  const { behaviour } = payment;
  switch (behaviour.kind) {
    case 'accepted':
      return decidedStatus(payment);
    // Resurs debits this payment as it books it: it is final from then on.
    case 'accepted-final':
      return 'FINALIZED';
    // The refused people never get booked (bookPayment refuses them); here only for completeness.
    case 'rejected':
    case 'other-accounts':
    case 'identification-refused':
    case 'payment-missing':
      return 'DENIED';
    case 'frozen':
      return 'FROZEN';
    case 'frozen-then-accepted':
    case 'inspection-then-accepted': {
      // v1 has no INSPECTION status: a payment under manual inspection is FROZEN until decided.
      const bookedAt = payment.bookedAt ? Date.parse(payment.bookedAt) : now;
      return now - bookedAt >= behaviour.afterMs ? decidedStatus(payment) : 'FROZEN';
    }
  }
}

export interface BookRequest {
  preferredId: string | null;
  paymentMethodId: string;
  countryCode: CountryCode;
  amount: number;
  metaData: MetaDataEntry[];
  governmentId: string;
  firstName: string;
  lastName: string;
  address: PaymentAddress;
  signing: { successUrl: string; failUrl: string };
  finalizeIfBooked: boolean;
}

/**
 * Books a payment: the credit decision is made here (REJECTED people are DENIED, everyone else
 * must sign). Booking the same preferredId again answers the payment already booked; a different
 * customer, amount or payment method under that id is refused as Resurs refuses a duplicate id.
 */
export async function bookPayment(store: SandboxStore<SandboxPayment>, request: BookRequest, newId: () => string): Promise<SandboxPayment | null> {
  const governmentId = normaliseNationalId(request.countryCode, request.governmentId);
  if (!governmentId) throw new ECommerceError('ILLEGAL_ARGUMENT', request.countryCode);
  // People the sandbox does not know are accepted, so any valid number can be tried.
  const behaviour = findTestPerson(governmentId)?.resurs ?? { kind: 'accepted' };
  // Refused before anything is stored, as Resurs refuses the booking itself.
  if (behaviour.kind === 'other-accounts') throw new ECommerceError('CREDITAPPLICATION_FAILED', request.countryCode, 'otherAccounts');
  if (behaviour.kind === 'identification-refused') throw new ECommerceError('INVALID_IDENTIFICATION', request.countryCode);
  // Resurs answers, but without the payment: nothing is booked, the caller sees an empty answer.
  if (behaviour.kind === 'payment-missing') return null;
  const paymentId = request.preferredId ?? newId();
  return store.update(paymentId, (existing) => {
    if (existing) {
      const same =
        existing.customer.governmentId === governmentId &&
        existing.amount === request.amount &&
        existing.paymentMethodId === request.paymentMethodId;
      if (!same) throw new ECommerceError('OBJECT_WITH_ID_ALREADY_EXIST', request.countryCode);
      return existing;
    }
    return {
      paymentId,
      countryCode: request.countryCode,
      paymentMethodId: request.paymentMethodId,
      amount: request.amount,
      metaData: request.metaData,
      customer: { governmentId, firstName: request.firstName, lastName: request.lastName, address: request.address },
      behaviour,
      signing: request.signing,
      finalizeIfBooked: request.finalizeIfBooked,
      stage: behaviour.kind === 'rejected' ? 'DENIED' : 'SIGNING',
      createdAt: new Date().toISOString(),
      signedAt: null,
      signingCancelledAt: null,
      bookedAt: null,
      annulledAt: null,
    };
  });
}

/** The customer signed on the signing page. Only a payment waiting for signing can be signed. */
export async function recordSigning(store: SandboxStore<SandboxPayment>, paymentId: string, outcome: 'signed' | 'cancelled'): Promise<SandboxPayment | null> {
  if (!(await store.get(paymentId))) return null;
  return store.update(paymentId, (payment) => {
    if (!payment) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS');
    if (payment.stage !== 'SIGNING') throw new ECommerceError('NOT_ALLOWED_IN_PAYMENT_STATE', payment.countryCode);
    const now = new Date().toISOString();
    // A cancelled signing may be retried: the shop books again and sends the customer back.
    return outcome === 'signed'
      ? { ...payment, signedAt: now, signingCancelledAt: null }
      : { ...payment, signedAt: null, signingCancelledAt: now };
  });
}

/**
 * bookSignedPayment: books a signed payment; asking again answers its current state. An
 * annulled payment cannot be booked any more: its state is final.
 */
export async function bookSignedPayment(store: SandboxStore<SandboxPayment>, paymentId: string): Promise<SandboxPayment> {
  if (!(await store.get(paymentId))) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS');
  return store.update(paymentId, (payment) => {
    if (!payment) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS');
    if (payment.stage === 'ANNULLED') throw new ECommerceError('NOT_ALLOWED_IN_PAYMENT_STATE', payment.countryCode);
    if (payment.stage !== 'SIGNING') return payment;
    if (!payment.signedAt) throw new ECommerceError('SIGNING_REQUIRED', payment.countryCode);
    return { ...payment, stage: 'BOOKED', bookedAt: new Date().toISOString() };
  });
}

/**
 * AfterShopFlow's view: only booked payments exist there (not those waiting for signing or
 * denied), annulled ones included once they had been booked.
 */
export async function bookedPayment(store: SandboxStore<SandboxPayment>, paymentId: string): Promise<SandboxPayment> {
  const payment = await store.get(paymentId);
  const booked = payment?.stage === 'BOOKED' || (payment?.stage === 'ANNULLED' && payment.bookedAt !== null);
  if (!payment || !booked) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS', payment?.countryCode ?? null);
  return payment;
}

/**
 * annulPayment: withdraws the whole payment, so nothing is paid out and it can no longer be
 * signed or booked. Resurs annuls booked payments [V]; a payment still waiting for its
 * signature is withdrawn the same way here [?], so that a customer who left cannot sign later.
 * A debited (FINALIZED) payment is refused [V: it can only be credited]; one already annulled,
 * or denied (nothing reserved), is left as it is.
 */
export async function annulPayment(store: SandboxStore<SandboxPayment>, paymentId: string): Promise<SandboxPayment> {
  if (!(await store.get(paymentId))) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS');
  return store.update(paymentId, (payment) => {
    if (!payment) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS');
    if (payment.stage === 'ANNULLED' || payment.stage === 'DENIED') return payment;
    if (currentStatus(payment) === 'FINALIZED') throw new ECommerceError('NOT_ALLOWED_IN_PAYMENT_STATE', payment.countryCode, 'paymentFinal');
    return { ...payment, stage: 'ANNULLED', annulledAt: new Date().toISOString() };
  });
}
