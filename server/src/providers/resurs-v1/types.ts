/**
 * Resurs "version 1" (consumer credit): the Simplified Shop Flow (SOAP), as the portal needs it.
 * See PROVIDERS.md; the adapter (client.ts) speaks SOAP with a maintained SOAP library, the
 * sandbox simulator (server/src/sandbox/resurs-v1) serves the same WSDL with the same library.
 */
import type { CountryCode, IndividualizedTermsType } from '@portal/domain';
import type { CallContext, LoanPricing, ProviderResult } from '../types';

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

export interface ResursV1Terms {
  termsType: IndividualizedTermsType;
  title: string;
  /** The document as HTML (Resurs renders SECCI/SEKKI as HTML); sanitised before display. */
  html: string;
}

export interface ResursV1Client {
  /** Cost of purchase for the amount and period: the terms the customer sees. */
  getPricing(input: { countryCode: CountryCode; amount: number; period: number }, context?: CallContext): Promise<ProviderResult<LoanPricing>>;
  bookPayment(input: ResursV1BookPayment, context?: CallContext): Promise<ProviderResult<ResursV1Booking>>;
  /** After the customer signed: books the payment, answering BOOKED, FROZEN or FINALIZED (or DENIED). */
  bookSignedPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV1Booking>>;
  /** The payment's current status (frozen payments are followed until decided). */
  getPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV1Booking>>;
  getIndividualizedTerms(
    input: { termsType: IndividualizedTermsType; countryCode: CountryCode; amount: number; period: number; paymentId?: string | null },
    context?: CallContext,
  ): Promise<ProviderResult<ResursV1Terms>>;
}
