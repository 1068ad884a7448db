/**
 * The simulator's records and the rules that turn them into a payment status. A status is never
 * stored: it is computed from the stored timestamps whenever a payment is read, so delayed
 * decisions (frozen, then accepted) flip on time on any instance and after any restart.
 */
import { type CountryCode, findTestPerson, normaliseNationalId, type ResursBehaviour } from '@portal/domain';

/** [V] The statuses of a payment, as the Merchant API answers them. */
export type PaymentStatus = 'TASK_REDIRECTION_REQUIRED' | 'INSPECTION' | 'SUPPLEMENTING_REQUIRED' | 'FROZEN' | 'ACCEPTED' | 'REJECTED';

/**
 * [?] The contract has no field for the part-payment period the customer chose: the simulator
 * reads it from `metadata.custom[{ key, value }]` under this key (README.md, "Our choices").
 */
export const PERIOD_METADATA_KEY = 'loanPeriod';

export const PAYMENTS_NAMESPACE = 'resurs-v2:payments';
export const TOKENS_NAMESPACE = 'resurs-v2:tokens';

/** [V] A token lives 3599 seconds. */
export const TOKEN_LIFETIME_SECONDS = 3599;

export interface StoredToken {
  clientId: string;
  /** The country the client's account was issued for. */
  country?: CountryCode;
  scope: string;
  issuedAt: string;
}

export interface StoredOrderLine {
  description?: string | undefined;
  reference?: string | undefined;
  quantity: number;
  quantityUnit: string;
  vatRate: number;
  unitAmountIncludingVat?: number | undefined;
  totalAmountIncludingVat: number;
  totalVatAmount?: number | undefined;
  type?: string | undefined;
}

export interface StoredAddress {
  fullName?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  addressRow1: string;
  addressRow2?: string | undefined;
  postalArea: string;
  postalCode: string;
  countryCode?: string | undefined;
}

export type TaskState =
  | { state: 'OPEN' }
  /** Identified and signed: `decision` is what Resurs decided, from `completedAt` on. */
  | { state: 'SIGNED'; completedAt: string; decision: ResursBehaviour }
  | { state: 'ABORTED'; completedAt: string };

export type AuthorizationStatus = 'AUTHORIZED' | 'FROZEN' | 'REJECTED';

/** [O] One capture, refund or cancel, as the order's action log shows it (shipped ecom `Lib/Model/Payment/Order/ActionLog.php`). */
export interface StoredAction {
  actionId: string;
  type: 'CAPTURE' | 'REFUND' | 'CANCEL';
  created: string;
  orderLines: StoredOrderLine[];
  /** The merchant's reference to a capture or refund, as sent. */
  transactionId: string | null;
  /** Who did it, as sent. */
  creator: string | null;
  /** The sum of its lines, including VAT. */
  amount: number;
}

export interface StoredPayment {
  id: string;
  created: string;
  /** The client that made it: a payment is that client's, as its store is. */
  clientId?: string;
  storeId: string;
  countryCode: CountryCode;
  paymentMethodId: string;
  /** At the top level so that the search can find it. */
  orderReference: string;
  orderLines: StoredOrderLine[];
  totalAmount: number;
  customer: {
    customerType: 'NATURAL' | 'LEGAL';
    /** Kept here only: never answered by the API, never logged, never shown in full. */
    governmentId: string | null;
    email: string | null;
    mobilePhone: string | null;
    contactPerson: string | null;
    deliveryAddress: StoredAddress | null;
    deviceInfo: { ip?: string | undefined; userAgent?: string | undefined } | null;
  };
  requestedCreditLimit: number | null;
  /** application.reference: Resurs' own number of the credit application. */
  applicationReference: number;
  metadata: { creator?: string | undefined; custom?: { key: string; value: string }[] | undefined } | null;
  /** The part-payment period the merchant asked for (metadata `loanPeriod`), when it did. */
  period: number | null;
  options: {
    initiatedOnCustomersDevice: boolean;
    handleManualInspection: boolean;
    handleFrozenPayments: boolean;
    automaticCapture: boolean;
    timeToLiveInMinutes: number | null;
    successUrl: string | null;
    failUrl: string | null;
    authorizationCallbackUrl: string | null;
    managementCallbackUrl: string | null;
  };
  task: TaskState;
  /** Authorization callback statuses already sent: each is sent once. */
  callbacksSent: AuthorizationStatus[];
  /**
   * When all of it was cancelled (POST …/cancel): it then reads REJECTED with CANCELED. Absent in
   * records made before cancelling existed; records made before actions were stored have this
   * alone (money.ts reads it as a cancel of the whole).
   */
  cancelledAt?: string | null | undefined;
  /** The merchant's captures, refunds and cancels, oldest first (money.ts). Absent in older records. */
  actions?: StoredAction[] | undefined;
}

export type RejectedReasonCategory = 'CREDIT_DENIED' | 'PAYMENT_FROZEN' | 'TIMEOUT' | 'ABORTED_BY_CUSTOMER' | 'CANCELED';

export interface PaymentState {
  status: PaymentStatus;
  rejectedReason: RejectedReasonCategory | null;
  /** True while the customer still has to identify and sign. */
  taskOpen: boolean;
  /** When a delayed decision will change the status next, if it will. */
  changesAt: number | null;
  /** Accepted and captured in full by Resurs itself, at once (money.ts records it as a capture). */
  capturedAtOnce: boolean;
}

const digits = (value: string) => value.replace(/\D/g, '');

/** The test person behind a number in any written form (Swedish ones with or without century). */
function testPersonOf(country: CountryCode, governmentId: string | null) {
  if (!governmentId) return undefined;
  return findTestPerson(normaliseNationalId(country, governmentId) ?? digits(governmentId));
}

/** The test person's Resurs behaviour; anyone else is accepted. */
export function behaviourFor(country: CountryCode, governmentId: string | null): ResursBehaviour {
  return testPersonOf(country, governmentId)?.resurs ?? { kind: 'accepted' };
}

const rejected = (rejectedReason: RejectedReasonCategory): PaymentState => ({
  status: 'REJECTED',
  rejectedReason,
  taskOpen: false,
  changesAt: null,
  capturedAtOnce: false,
});

export function stateOf(payment: StoredPayment, now: number = Date.now()): PaymentState {
  const { task } = payment;
  // [S] Resurs' library reads a payment as cancelled when it is REJECTED with the reason
  // CANCELED, or when all of it is cancelled and nothing is authorized: both hold here.
  if (payment.cancelledAt) return rejected('CANCELED');
  if (task.state === 'OPEN') {
    const ttl = payment.options.timeToLiveInMinutes;
    const expiresAt = ttl === null ? null : Date.parse(payment.created) + ttl * 60_000;
    if (expiresAt !== null && now >= expiresAt) return rejected('TIMEOUT');
    return { status: 'TASK_REDIRECTION_REQUIRED', rejectedReason: null, taskOpen: true, changesAt: expiresAt, capturedAtOnce: false };
  }
  if (task.state === 'ABORTED') return rejected('ABORTED_BY_CUSTOMER');
  const { decision } = task;
  const frozen = (changesAt: number | null): PaymentState =>
    payment.options.handleFrozenPayments
      ? { status: 'FROZEN', rejectedReason: null, taskOpen: false, changesAt, capturedAtOnce: false }
      : // A merchant that cannot wait for a frozen payment gets a rejection instead [?].
        rejected('PAYMENT_FROZEN');
  // [V] automaticCapture captures an accepted payment at once; the accepted-final person is
  // captured whatever the merchant asked, so that a final payment can be tried in the sandbox.
  const accepted: PaymentState = {
    status: 'ACCEPTED',
    rejectedReason: null,
    taskOpen: false,
    changesAt: null,
    capturedAtOnce: payment.options.automaticCapture || decision.kind === 'accepted-final',
  };
  switch (decision.kind) {
    case 'accepted':
    case 'accepted-final':
      return accepted;
    // The refused people never get this far (the payment is refused when created); for completeness.
    case 'rejected':
    case 'other-accounts':
    case 'identification-refused':
    case 'payment-missing':
      return rejected('CREDIT_DENIED');
    case 'frozen':
      return frozen(null);
    case 'frozen-then-accepted': {
      // A rejection is final: a merchant that cannot wait never sees the later acceptance.
      if (!payment.options.handleFrozenPayments) return frozen(null);
      const at = Date.parse(task.completedAt) + decision.afterMs;
      return now >= at ? accepted : frozen(at);
    }
    case 'inspection-then-accepted': {
      const at = Date.parse(task.completedAt) + decision.afterMs;
      return now >= at ? accepted : { status: 'INSPECTION', rejectedReason: null, taskOpen: false, changesAt: at, capturedAtOnce: false };
    }
  }
}

/** [V] The authorization callback speaks of AUTHORIZED, FROZEN and REJECTED only. */
export function authorizationStatusOf(status: PaymentStatus): AuthorizationStatus | null {
  if (status === 'ACCEPTED') return 'AUTHORIZED';
  if (status === 'FROZEN') return 'FROZEN';
  if (status === 'REJECTED') return 'REJECTED';
  return null;
}

/** The name the task page greets the customer with. */
export function customerName(payment: StoredPayment): string | null {
  const address = payment.customer.deliveryAddress;
  if (address) {
    const parts = [address.firstName, address.lastName].filter((p): p is string => Boolean(p));
    if (parts.length > 0) return parts.join(' ');
    if (address.fullName) return address.fullName;
  }
  const person = testPersonOf(payment.countryCode, payment.customer.governmentId);
  return person ? `${person.firstName} ${person.lastName}` : null;
}

/** Birth date digits only: enough for a person to recognise their number, useless to anyone else. */
export function maskedGovernmentId(governmentId: string | null): string | null {
  if (!governmentId) return null;
  const id = digits(governmentId);
  const shown = id.length === 12 ? 8 : 6;
  return `${id.slice(0, shown)}${'•'.repeat(Math.max(0, id.length - shown))}`;
}
