/**
 * The simulated bank's payments: booked, waiting for signing, signed, frozen, annulled, and after
 * booking their diffs (AUTHORIZE, DEBIT, CREDIT, ANNUL), which AfterShopFlow reports and from
 * which what may still be finalized, credited or annulled follows. Every change goes
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

/** A specLine as the shop sent it (Resurs' specLine) [V api-types/specline.md]. */
export interface SpecLine {
  id: string;
  artNo: string;
  description: string | null;
  quantity: number;
  unitMeasure: string;
  unitAmountWithoutVat: number;
  vatPct: number;
  totalVatAmount: number;
  totalAmount: number;
}

/** A paymentSpec: lines (possibly none) and their totals [V api-types/paymentspec.md]. */
export interface PaymentSpec {
  specLines: SpecLine[];
  totalAmount: number;
  totalVatAmount: number | null;
}

export type PaymentDiffType = 'AUTHORIZE' | 'DEBIT' | 'CREDIT' | 'ANNUL';

/** One change of the payment [V api-types/paymentdiff.md]. */
export interface PaymentDiff {
  type: PaymentDiffType;
  transactionId?: string | undefined;
  created: string;
  createdBy?: string | undefined;
  paymentSpec: PaymentSpec;
  orderId?: string | undefined;
}

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
  /** bookPayment's orderData, the AUTHORIZE diff once booked. Absent in records made before it was kept: the amount alone. */
  orderData?: PaymentSpec | undefined;
  /** The DEBIT, CREDIT and ANNUL diffs AfterShopFlow made, in order. Absent in records made before them. */
  diffs?: PaymentDiff[] | undefined;
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
  orderData: PaymentSpec;
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
      orderData: request.orderData,
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

// ---------------------------------------------------------------------------------------------
// After the sale: the payment's diffs and what they allow [V after-shop-service-api/index.md:98-113]
// ---------------------------------------------------------------------------------------------

const cents = (amount: number): number => Math.round(amount * 100);

/**
 * The payment's diffs, oldest first: the AUTHORIZE of what was booked (bookPayment's orderData,
 * createdBy SHOP_FLOW as in Resurs' example), a DEBIT of all of it at booking when Resurs
 * finalized it as it booked it (finalizeIfBooked, or its own rules for the accepted-final test
 * people; the transaction id is then the payment id, Resurs' fallback [V paymentdiff.md]), and
 * then what AfterShopFlow did. A payment annulled whole before diffs were kept gets its ANNUL here.
 * Only a booked payment has diffs.
 */
export function paymentDiffs(payment: SandboxPayment, now: number = Date.now()): PaymentDiff[] {
  if (!payment.bookedAt) return [];
  const booked: PaymentSpec = payment.orderData ?? { specLines: [], totalAmount: payment.amount, totalVatAmount: null };
  const diffs: PaymentDiff[] = [{ type: 'AUTHORIZE', created: payment.bookedAt, createdBy: 'SHOP_FLOW', paymentSpec: booked }];
  if (payment.stage === 'BOOKED' && currentStatus(payment, now) === 'FINALIZED') {
    diffs.push({ type: 'DEBIT', transactionId: payment.paymentId, created: payment.bookedAt, paymentSpec: booked });
  }
  const stored = payment.diffs ?? [];
  diffs.push(...stored);
  if (payment.stage === 'ANNULLED' && !stored.some((diff) => diff.type === 'ANNUL')) {
    const open = openOf(diffs).debitable;
    if (open > 0) diffs.push({ type: 'ANNUL', created: payment.annulledAt ?? payment.bookedAt, paymentSpec: { specLines: [], totalAmount: open / 100, totalVatAmount: null } });
  }
  return diffs;
}

/** Sums by type, in cents, and what is open: to finalize or annul (AUTHORIZE − DEBIT − ANNUL), to credit (DEBIT − CREDIT). */
export function openOf(diffs: readonly PaymentDiff[]) {
  const sum = (type: PaymentDiffType) => diffs.filter((diff) => diff.type === type).reduce((total, diff) => total + cents(diff.paymentSpec.totalAmount), 0);
  const authorized = sum('AUTHORIZE');
  const debited = sum('DEBIT');
  const credited = sum('CREDIT');
  const annulled = sum('ANNUL');
  return { authorized, debited, credited, annulled, debitable: authorized - debited - annulled, creditable: debited - credited };
}

export interface AfterShopRequest {
  paymentId: string;
  /** The caller's preferredTransactionId (finalizePayment, creditPayment). */
  preferredTransactionId?: string | undefined;
  /** partPaymentSpec; absent: the whole of what is open. */
  spec?: PaymentSpec | undefined;
  createdBy?: string | undefined;
  orderId?: string | undefined;
}

/** AfterShopFlow's view of a payment to change: a booked one (annulled ones included), under the row lock. */
async function changeBooked(
  store: SandboxStore<SandboxPayment>,
  paymentId: string,
  change: (payment: SandboxPayment, diffs: PaymentDiff[], now: string) => SandboxPayment,
): Promise<SandboxPayment> {
  await bookedPayment(store, paymentId);
  return store.update(paymentId, (payment) => {
    if (!payment?.bookedAt) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS', payment?.countryCode ?? null);
    const now = new Date();
    return change(payment, paymentDiffs(payment, now.getTime()), now.toISOString());
  });
}

const withDiff = (payment: SandboxPayment, diff: PaymentDiff): SandboxPayment => ({ ...payment, diffs: [...(payment.diffs ?? []), diff] });

const wholeOf = (open: number): PaymentSpec => ({ specLines: [], totalAmount: open / 100, totalVatAmount: null });

/**
 * finalizePayment: debits the spec's amount [V finalize-payment.md]. "It must be booked and it
 * cannot be frozen": frozen → NOT_ALLOWED_IN_CURRENT_STATE [O ecomphp's test finalizeFrozen];
 * annulled, or nothing left to debit (not DEBITABLE) → NOT_ALLOWED_IN_PAYMENT_STATE [V the
 * available actions; the type ?]; more than AUTHORIZE − DEBIT − ANNUL → INVALID_FINALIZATION
 * [V the maximum; the type ?]. The DEBIT's transactionId is preferredTransactionId, else the
 * payment id [V]. The same preferredTransactionId again is taken as a new debit [? Resurs does
 * not say it refuses or recognises one].
 */
export async function finalizePayment(store: SandboxStore<SandboxPayment>, request: AfterShopRequest): Promise<SandboxPayment> {
  return changeBooked(store, request.paymentId, (payment, diffs, now) => {
    if (payment.stage === 'ANNULLED') throw new ECommerceError('NOT_ALLOWED_IN_PAYMENT_STATE', payment.countryCode);
    if (currentStatus(payment) === 'FROZEN') throw new ECommerceError('NOT_ALLOWED_IN_CURRENT_STATE', payment.countryCode);
    const { debitable } = openOf(diffs);
    if (debitable <= 0) throw new ECommerceError('NOT_ALLOWED_IN_PAYMENT_STATE', payment.countryCode, 'nothingToFinalize');
    const spec = request.spec ?? wholeOf(debitable);
    if (cents(spec.totalAmount) > debitable) throw new ECommerceError('INVALID_FINALIZATION', payment.countryCode, 'finalizeTooMuch');
    return withDiff(payment, {
      type: 'DEBIT',
      transactionId: request.preferredTransactionId ?? payment.paymentId,
      created: now,
      ...(request.createdBy ? { createdBy: request.createdBy } : {}),
      paymentSpec: spec,
      ...(request.orderId ? { orderId: request.orderId } : {}),
    });
  });
}

/**
 * creditPayment: credits the spec's amount, or without one "all finalized parts of the payment"
 * [V crediting.md; published schema]. Nothing debited and not credited (not CREDITABLE) →
 * NOT_ALLOWED_IN_PAYMENT_STATE ("For a payment to be credited, it must be finalized") [V; the
 * type ?]; more than DEBIT − CREDIT → INVALID_CREDITING [V the maximum; the type ?].
 */
export async function creditPayment(store: SandboxStore<SandboxPayment>, request: AfterShopRequest): Promise<SandboxPayment> {
  return changeBooked(store, request.paymentId, (payment, diffs, now) => {
    const { creditable } = openOf(diffs);
    if (creditable <= 0) throw new ECommerceError('NOT_ALLOWED_IN_PAYMENT_STATE', payment.countryCode, 'nothingToCredit');
    const spec = request.spec ?? wholeOf(creditable);
    if (cents(spec.totalAmount) > creditable) throw new ECommerceError('INVALID_CREDITING', payment.countryCode, 'creditTooMuch');
    return withDiff(payment, {
      type: 'CREDIT',
      transactionId: request.preferredTransactionId ?? payment.paymentId,
      created: now,
      ...(request.createdBy ? { createdBy: request.createdBy } : {}),
      paymentSpec: spec,
    });
  });
}

/**
 * annulPayment: annuls the spec's amount, or without one the whole of what is open, "This removes
 * the reservation on the customer's account" [V annulling.md]. Booked or frozen, partly debited
 * or not [V the available actions: DEBITABLE]. Debited in full → NOT_ALLOWED_IN_PAYMENT_STATE [V
 * "If it has been finalized, it can no longer be annulled"; the type ?]; more than AUTHORIZE −
 * DEBIT − ANNUL → ANNUL_FAILED [V the maximum; the type ?]. Once nothing is open and nothing was
 * debited the payment is annulled (stage ANNULLED: getPayment says IS_ANNULLED only, bookPayment
 * answers DENIED).
 *
 * Without a spec: a payment still waiting for its signature is withdrawn the same way [?], so that
 * a customer who left cannot sign later; one annulled already, or denied (nothing reserved), is
 * left as it is [?]. A spec on a payment that is not booked: AfterShopFlow does not know it.
 */
export async function annulPayment(store: SandboxStore<SandboxPayment>, request: AfterShopRequest): Promise<SandboxPayment> {
  const { paymentId } = request;
  const found = await store.get(paymentId);
  if (!found) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS');
  if (!request.spec && found.stage !== 'BOOKED') {
    return store.update(paymentId, (payment) => {
      if (!payment) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS');
      if (payment.stage === 'ANNULLED' || payment.stage === 'DENIED' || payment.stage === 'BOOKED') return payment;
      return { ...payment, stage: 'ANNULLED', annulledAt: new Date().toISOString() };
    });
  }
  return changeBooked(store, paymentId, (payment, diffs, now) => {
    const { debitable, debited } = openOf(diffs);
    if (debitable <= 0) {
      if (!request.spec && payment.stage === 'ANNULLED') return payment;
      throw new ECommerceError('NOT_ALLOWED_IN_PAYMENT_STATE', payment.countryCode, debited > 0 ? 'paymentFinal' : null);
    }
    const spec = request.spec ?? wholeOf(debitable);
    if (cents(spec.totalAmount) > debitable) throw new ECommerceError('ANNUL_FAILED', payment.countryCode, 'annulTooMuch');
    const annulled = withDiff(payment, {
      type: 'ANNUL',
      created: now,
      ...(request.createdBy ? { createdBy: request.createdBy } : {}),
      paymentSpec: spec,
    });
    return debitable - cents(spec.totalAmount) === 0 && debited === 0 ? { ...annulled, stage: 'ANNULLED', annulledAt: now } : annulled;
  });
}
