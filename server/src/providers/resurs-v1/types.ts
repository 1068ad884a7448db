/**
 * Resurs "version 1" (consumer credit): the Simplified Shop Flow (SOAP), as the portal needs it.
 * See PROVIDERS.md; the adapter (client.ts) speaks SOAP with a maintained SOAP library, the
 * sandbox simulator (sandbox/src/resurs-v1) serves Resurs' WSDL with the same library.
 */
import type { CountryCode, IndividualizedTermsType } from '@portal/domain';
import type { CallContext, LoanPricing, ProviderResult } from '../types';
import type { ECommerceErrorType } from './contract';

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
  | 'SOAP_CLIENT_FAULT';

/**
 * v1 has no INSPECTION: a payment under manual inspection is FROZEN until Resurs decides, then
 * BOOKED (or FINALIZED when finalizeIfBooked was asked for; the adapter never asks).
 */
export const RESURS_V1_STATUSES = ['FINALIZED', 'BOOKED', 'FROZEN', 'SIGNING', 'DENIED'] as const;
export type ResursV1Status = (typeof RESURS_V1_STATUSES)[number];

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
   * The SECCI (ISEKKI_NEW_ACCOUNT): the SECCI link with the amount appended, then Resurs' cost of
   * purchase for the amount; or the account's general terms (COMMON): the terms link. Refused
   * (NO_GENERAL_TERMS_LINK, NO_LEGAL_INFO_LINKS) when the payment method has no such link.
   */
  getTermsDocument(
    input: { termsType: IndividualizedTermsType; countryCode: CountryCode; amount: number },
    context?: CallContext,
  ): Promise<ProviderResult<ResursV1Terms>>;
}
