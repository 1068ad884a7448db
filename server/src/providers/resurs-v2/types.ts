/**
 * Resurs Bank Merchant API 2.0 (consumer credit, application version 2), as the portal needs it.
 * See PROVIDERS.md; the adapter (client.ts) speaks the documented REST contract, the sandbox
 * simulator (sandbox/src/resurs-v2) reproduces it.
 */
import type { CountryCode } from '@portal/domain';
import type { CallContext, LoanPricing, MoneyOperation, PaymentMoney, ProviderResult } from '../types';

export const RESURS_V2_STATUSES = [
  'TASK_REDIRECTION_REQUIRED',
  'INSPECTION',
  'SUPPLEMENTING_REQUIRED',
  'FROZEN',
  'ACCEPTED',
  'REJECTED',
] as const;
export type ResursV2Status = (typeof RESURS_V2_STATUSES)[number];

/**
 * [?] The contract has no field for the part-payment period the customer chose: it travels as
 * `metadata.custom[{ key, value }]` under this key; the simulator reads its own copy of it, and
 * server/test/resurs-v2.test.ts checks that it finds the period sent.
 */
export const RESURS_V2_PERIOD_METADATA_KEY = 'loanPeriod';
/** The student offer (FLEX Young) travels the same way [?]: `accountKey` = `student`. */
export const RESURS_V2_ACCOUNT_KEY_METADATA_KEY = 'accountKey';

/** What an entry of the order's action log records (shipped ecom `Module/Payment/Enum/ActionType.php`). */
export const RESURS_V2_ACTION_TYPES = ['CREATE', 'MODIFY_ORDER', 'CAPTURE', 'REFUND', 'CANCEL'] as const;
export type ResursV2ActionType = (typeof RESURS_V2_ACTION_TYPES)[number];

/** What the merchant may do with the payment now (shipped ecom `Module/Payment/Enum/PossibleAction.php`). */
export const RESURS_V2_POSSIBLE_ACTIONS = ['CAPTURE', 'PARTIAL_CAPTURE', 'REFUND', 'PARTIAL_REFUND', 'CANCEL', 'PARTIAL_CANCEL'] as const;
export type ResursV2PossibleAction = (typeof RESURS_V2_POSSIBLE_ACTIONS)[number];

/** The money operations after the sale, by the path Resurs gives each (`POST /v2/payments/{id}/capture` …). */
export type ResursV2MoneyKind = 'capture' | 'refund' | 'cancel';

/** One entry of the order's action log: what was done, when, for how much, and the caller's references to it. */
export interface ResursV2Action {
  type: ResursV2ActionType;
  actionId: string | null;
  created: string | null;
  /** The sum of the action's lines, including VAT. */
  amount: number;
  /** The caller's reference to a capture or refund: the portal sends its operation id. */
  transactionId: string | null;
  /** Who did it: the portal sends its operation id here on a cancel, which takes no transactionId. */
  creator: string | null;
}

/** A payment's money as Resurs keeps it, with what can be done next and what was done (getPaymentMoney). */
export interface ResursV2PaymentMoney {
  status: ResursV2Status;
  money: PaymentMoney;
  possibleActions: ResursV2PossibleAction[];
  actions: ResursV2Action[];
}

export interface ResursV2Payment {
  id: string;
  /**
   * The order reference Resurs holds: the portal's application reference, mapped to Resurs'
   * rules where it does not fit them (limits.ts). Null when Resurs answers no order.
   */
  orderReference: string | null;
  status: ResursV2Status;
  /** Where the customer identifies and signs (taskRedirectionUrls.customerUrl), while a task is open. */
  customerUrl: string | null;
  /** rejectedReason.category, e.g. CREDIT_DENIED, ABORTED_BY_CUSTOMER, CANCELED (by the merchant). */
  rejectedReason: string | null;
  approvedCreditLimit: number | null;
}

export interface ResursV2CreatePayment {
  /** The portal's application reference: one payment per reference, however often it is sent. */
  orderReference: string;
  countryCode: CountryCode;
  amount: number;
  period: number;
  items: { reference: string; description: string; quantity: number; unitAmountIncludingVat: number }[];
  customer: {
    governmentId: string;
    firstName: string;
    lastName: string;
    email: string | null;
    mobilePhone: string | null;
    address: string | null;
    postalCode: string | null;
    city: string | null;
  };
  /** redirectionUrls.customer: where the task page sends the customer afterwards. */
  successUrl: string;
  failUrl: string;
  /** callbacks.authorization.url */
  authorizationCallbackUrl: string;
  /** Student offer (FLEX Young): the account key the customer chose, if any. */
  accountKey?: string | null;
  customerIp?: string;
  userAgent?: string;
}

export interface ResursV2TaskStatus {
  completed: boolean;
  customerUrl: string | null;
  hasActiveTask: boolean;
}

export interface ResursV2Client {
  /**
   * The cheapest read the provider offers, uncached: the background probe that tests an open
   * circuit (providers/health.ts). Answers only whether the provider answered.
   */
  probe(): Promise<ProviderResult<void>>;
  /** Payment method and price signage for the amount and period: the terms the customer sees. */
  getPricing(input: { countryCode: CountryCode; amount: number; period: number }, context?: CallContext): Promise<ProviderResult<LoanPricing>>;
  /** Creates the payment; when one with the same orderReference exists it answers that one. */
  createPayment(input: ResursV2CreatePayment, context?: CallContext): Promise<ProviderResult<ResursV2Payment>>;
  getPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV2Payment>>;
  /** The payment created for an order reference, or null: lets an interrupted submission resume. */
  findPaymentByOrderReference(orderReference: string, context?: CallContext): Promise<ProviderResult<ResursV2Payment | null>>;
  getTaskStatus(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV2TaskStatus>>;
  /**
   * Cancels the whole payment (POST /v2/payments/{id}/cancel): nothing is paid out, an open task
   * closes, and the payment then reads REJECTED with rejectedReason CANCELED. A payment with
   * nothing left to cancel (rejected, or cancelled already) is done; one that is captured is
   * final and refused with PAYMENT_STATUS_FINAL (it can only be refunded).
   */
  cancelPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<void>>;
  /**
   * Cancels what the operation covers of what is not captured (all of it, or these lines):
   * answers the payment's money afterwards. Sent once: an operation already in the payment's
   * action log (its id as `creator`: a cancel takes no transactionId) is answered without sending
   * it again. Refusals as for capturePayment.
   */
  cancelPayment(paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>>;
  /**
   * Captures (the merchant is paid) all that is not yet captured, or the operation's lines, an
   * amount being one line: answers the payment's money afterwards. Sent once: the operation id
   * travels as `transactionId`, and an operation already in the payment's action log is answered
   * without sending it again (a retry after a crash or a timeout). A refusal is read against the
   * payment (refusals.ts): PAYMENT_STATUS_FINAL when the payment can no longer do it (rejected,
   * cancelled, all of it captured), otherwise a plain refusal (more than there is, not yet accepted).
   */
  capturePayment(paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>>;
  /** Refunds all that is captured and not refunded, or the operation's lines: as capturePayment. */
  refundPayment(paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>>;
  /**
   * The payment's money, what can be done next and its action log, for the back office and for
   * reconciling after a crash: `findMoneyAction` (answers.ts) finds an operation in the log by its id.
   */
  getPaymentMoney(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV2PaymentMoney>>;
}
