/**
 * Resurs Bank Merchant API 2.0 (consumer credit, application version 2), as the portal needs it.
 * See PROVIDERS.md; the adapter (client.ts) speaks the documented REST contract, the sandbox
 * simulator (sandbox/src/resurs-v2) reproduces it.
 */
import type { CountryCode } from '@portal/domain';
import type { CallContext, LoanPricing, ProviderResult } from '../types';

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
}
