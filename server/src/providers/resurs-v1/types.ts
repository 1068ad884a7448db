/**
 * Resurs "version 1" (consumer credit): the Simplified Shop Flow and the After Shop Flow (SOAP), as the portal needs them.
 * See PROVIDERS.md; the adapter (client.ts) speaks SOAP with a maintained SOAP library, the
 * sandbox simulator (sandbox/src/resurs-v1) serves Resurs' WSDL with the same library.
 */
import type { CountryCode, IndividualizedTermsType } from '@portal/domain';
import type { CallContext, LoanPricing, MoneyOperation, PaymentMoney, ProviderResult } from '../types';
import type { ECommerceErrorType } from './contract';
import type { ResursV1PaymentDiff } from './money';

export type { ResursV1DiffType, ResursV1PaymentDiff } from './money';

/**
 * `code` of a `refused` failure: Resurs' ECommerceError type (e.g. SIGNING_REQUIRED,
 * OBJECT_WITH_ID_ALREADY_EXIST, REFERENCED_DATA_DONT_EXISTS, INVALID_AUTHENTICATION; an id we do
 * not know by name comes as ECOMMERCE_ERROR_<id>), or one of the adapter's own when Resurs
 * answered but could not serve the request. Absent for an HTTP refusal without a SOAP fault.
 * refusals.ts adds the catalogue meaning: CREDITAPPLICATION_FAILED →
 * UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND, INVALID_IDENTIFICATION →
 * INVALID_IDENTIFICATION_CODE, NOT_ALLOWED_IN_PAYMENT_STATE → PAYMENT_STATUS_FINAL,
 * SIGNING_REQUIRED → signing INVALID_SIGNATURE_STATUS, and NO_PAYMENT_IN_ANSWER (a 2xx whose
 * response has no payment) → PAYMENT_RESPONSE_MISSING.
 */
export type ResursV1RefusalCode =
  | ECommerceErrorType
  | `ECOMMERCE_ERROR_${number}`
  | 'PAYMENT_PLAN_NOT_OFFERED'
  | 'NO_PART_PAYMENT_METHOD'
  | 'NO_GENERAL_TERMS_LINK'
  | 'NO_LEGAL_INFO_LINKS'
  | 'NO_PAYMENT_IN_ANSWER'
  /** A SOAP fault with faultcode Client and no ECommerceError: Resurs would not take the message. */
  | 'SOAP_CLIENT_FAULT'
  /** Nothing was sent: nothing is left to finalize (or to credit) on the payment. PAYMENT_STATUS_FINAL. */
  | 'NOTHING_TO_FINALIZE'
  | 'NOTHING_TO_CREDIT'
  /** Nothing was sent: the operation's order lines add up to nothing (Resurs takes a positive total only). */
  | 'LINES_WITHOUT_AMOUNT';

/**
 * v1 has no INSPECTION: a payment under manual inspection is FROZEN until Resurs decides, then
 * BOOKED (or FINALIZED when finalizeIfBooked was asked for; the adapter never asks).
 */
export const RESURS_V1_STATUSES = ['FINALIZED', 'BOOKED', 'FROZEN', 'SIGNING', 'DENIED'] as const;
export type ResursV1Status = (typeof RESURS_V1_STATUSES)[number];

/**
 * A payment's money as Resurs keeps it (AfterShopFlow's getPayment), for reconciling after a
 * crash and for the back office: its status as bookPaymentStatus reads it, the amounts (from the
 * diffs: authorized = AUTHORIZE, captured = DEBIT, refunded = CREDIT, cancelled = ANNUL), and the
 * diffs themselves, oldest first. `findMoneyDiff` (money.ts) finds an operation of the portal's
 * among them by its id.
 */
export interface ResursV1PaymentMoney {
  status: ResursV1Status;
  money: PaymentMoney;
  diffs: ResursV1PaymentDiff[];
}

export interface ResursV1Booking {
  paymentId: string;
  status: ResursV1Status;
  /** Where the customer signs, when the status is SIGNING. */
  signingUrl: string | null;
  approvedAmount: number | null;
}

export interface ResursV1BookPayment {
  /** preferredId: the portal's application reference; booking it again answers the same payment. */
  preferredId: string;
  countryCode: CountryCode;
  amount: number;
  period: number;
  items: { artNo: string; description: string; quantity: number; unitAmountWithoutVat: number; vatPct: number }[];
  customer: {
    governmentId: string;
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    postalCode: string | null;
    city: string | null;
  };
  /** Student offer (FLEX Young): the account key the customer chose, if any. */
  accountKey?: string | null;
  signing: { successUrl: string; failUrl: string };
  customerIpAddress?: string;
}

/**
 * What the customer reads before signing, from what Resurs publishes for it: the payment
 * method's legal links (getPaymentMethods' legalInfoLinks) and the cost of purchase
 * (getCostOfPurchaseHtml). Resurs has no operation for a document made out to one customer.
 */
export interface ResursV1Terms {
  termsType: IndividualizedTermsType;
  /** Resurs' own name for the document (the link's endUserDescription), in the country's language. */
  title: string;
  /** HTML: Resurs' links as `<a href>`, and for the SECCI the cost-of-purchase table; sanitised before display. */
  html: string;
}

export interface ResursV1Client {
  /**
   * The cheapest read the provider offers, uncached: the background probe that tests an open
   * circuit (providers/health.ts). Answers only whether the provider answered.
   */
  probe(): Promise<ProviderResult<void>>;
  /**
   * Cost of purchase for the amount and period: the terms the customer sees. Refused with
   * PAYMENT_PLAN_NOT_OFFERED when Resurs has no payment plan of that many months.
   */
  getPricing(input: { countryCode: CountryCode; amount: number; period: number }, context?: CallContext): Promise<ProviderResult<LoanPricing>>;
  /**
   * The credit decision: DENIED, or SIGNING with the signingUrl to send the customer to. The same
   * preferredId again answers the same payment in its state now; a different purchase under it is
   * refused (OBJECT_WITH_ID_ALREADY_EXIST).
   */
  bookPayment(input: ResursV1BookPayment, context?: CallContext): Promise<ProviderResult<ResursV1Booking>>;
  /**
   * After the customer signed: books the payment, answering BOOKED, FROZEN or FINALIZED (or DENIED).
   * Refused with SIGNING_REQUIRED while the customer has not signed (or cancelled the signing).
   * Calling it again answers the payment's state now.
   */
  bookSignedPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV1Booking>>;
  /**
   * The payment's current status (frozen payments are followed until decided). Resurs' AfterShopFlow
   * only knows booked payments: before bookSignedPayment it is refused (REFERENCED_DATA_DONT_EXISTS).
   */
  getPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV1Booking>>;
  /**
   * Withdraws the payment (AfterShopFlow's annulPayment, whole): nothing is paid out, the signing
   * link stops working, getPayment then reads it as DENIED (IS_ANNULLED). Annulling it again is
   * done. A payment Resurs has already debited (FINALIZED) is refused with PAYMENT_STATUS_FINAL
   * (NOT_ALLOWED_IN_PAYMENT_STATE): it can only be credited.
   */
  annulPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<void>>;
  /**
   * Cancels (annulPayment with a partPaymentSpec) what the operation covers of what is neither
   * finalized nor annulled: all of it, or these order lines. Answers the payment's money as
   * getPayment reads it afterwards. annulPayment takes no transaction id: the operation id goes as
   * createdBy, and an annulment already among the payment's diffs with it is answered without
   * sending it again; with nothing left open, cancelling all is done (the money is answered).
   * Refused as Resurs refuses: PAYMENT_STATUS_FINAL when the payment is debited in full
   * (NOT_ALLOWED_IN_PAYMENT_STATE), otherwise a plain refusal (e.g. more than is open), and
   * LINES_WITHOUT_AMOUNT, unsent, for lines adding up to nothing.
   */
  annulPayment(paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>>;
  /**
   * Captures (finalizePayment: the merchant is paid) what the operation covers of what is neither
   * finalized nor annulled: all of it (by line where Resurs' diffs allow, else the amount), or
   * these order lines. Answers the payment's money as getPayment reads it afterwards. Sent once:
   * the operation id goes as preferredTransactionId (and createdBy), Resurs reports it back on the
   * DEBIT diff, and an operation already there is answered without sending it again (a retry
   * after a crash or a timeout). Refused as Resurs refuses (a frozen payment, more than is open:
   * plain refusals with Resurs' error type; PAYMENT_STATUS_FINAL when nothing may be finalized any
   * more), and, unsent, NOTHING_TO_FINALIZE when nothing is open (PAYMENT_STATUS_FINAL) or
   * LINES_WITHOUT_AMOUNT for lines adding up to nothing.
   */
  finalizePayment(paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>>;
  /**
   * Refunds (creditPayment: back to the customer's account) what the operation covers of what is
   * finalized and not credited: all of it, or these order lines. As finalizePayment otherwise
   * (the CREDIT diff carries the operation id; NOTHING_TO_CREDIT when nothing is debited).
   */
  creditPayment(paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>>;
  /** The payment's money and diffs now (getPayment), to tell after a crash whether an operation was done. */
  getPaymentMoney(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV1PaymentMoney>>;
  /**
   * The SECCI (ISEKKI_NEW_ACCOUNT): the SECCI link with the amount appended, then Resurs' cost of
   * purchase for the amount; or the account's general terms (COMMON): the terms link. Refused
   * (NO_GENERAL_TERMS_LINK, NO_LEGAL_INFO_LINKS) when the payment method has no such link.
   */
  getTermsDocument(
    input: { termsType: IndividualizedTermsType; countryCode: CountryCode; amount: number },
    context?: CallContext,
  ): Promise<ProviderResult<ResursV1Terms>>;
}
