/**
 * GRENKE leasing (business), as the portal needs it. PascalCase JSON over HTTPS with a client
 * certificate per country; no webhooks, so the portal polls. GRENKE publishes nothing: what the
 * adapter follows is a reseller's notes made from GRENKE's swagger and live calls (PROVIDERS.md,
 * [S]), and how the signed contract reaches GRENKE is ADR 29.
 */
import type { CountryCode, Currency, LeasingState } from '@portal/domain';
import type { CallContext, ProviderResult } from '../types';

/**
 * GRENKE's 17 request states ([S] the swagger's enum, as iTakecare/leazr.co@f0d85f9
 * docs/grenke-api/INTEGRATION.md:157-173 lists it). Mapped to the portal's in states.ts.
 */
export const GRENKE_STATES = [
  'None',
  'RequestToGrenke',
  'MissingInfo',
  'ApplicationReceived',
  'GuaranteeRequired',
  'ReadyToSign',
  'ContractPrinted',
  'ContractPrintedBeforeStatement',
  'StartingESignature',
  'AwaitingCustomerSignature',
  'AwaitingPartnerSignature',
  'AwaitingSigningAppSignature',
  'CancellingESignature',
  'AwaitingDeliveryConfirmation',
  'Contracted',
  'Declined',
  'Cancelled',
] as const;
export type GrenkeState = (typeof GRENKE_STATES)[number];

export interface GrenkeRequest {
  financingId: string;
  /** GRENKE's human number (`RequestId`, e.g. 180-33037); often empty right after creation. */
  requestNumber: string | null;
  state: GrenkeState;
}

/** A product of the application, as GRENKE finances it. */
export interface GrenkeObject {
  /** The product as the merchant names it: GRENKE's `Details` (not `Name`, which is an object type's). */
  description: string;
  quantity: number;
  /** Net of VAT, to the cent. */
  netPricePerObject: number;
  serialNumber: string | null;
}

export interface GrenkeCreateRequest {
  /** Picks the certificate (and so GRENKE's branch and account) the request goes through. */
  country: CountryCode;
  /**
   * The portal's application reference. GRENKE's documented request has no field for it, so it is
   * not sent; the sandbox links its mock decisions by it (sandbox-control.ts).
   */
  reference: string;
  period: number;
  currency: Currency;
  lessee: {
    companyName: string;
    organisationNumber: string;
    email: string | null;
    phone: string | null;
    address: string;
    postalCode: string;
    city: string;
  };
  /** At least one; GRENKE finances their sum. */
  objects: GrenkeObject[];
}

/**
 * The delivery of a lease, as the merchant confirms it (ADR 29, update of 27 November): the day the
 * objects were delivered and each unit's serial number. GRENKE publishes no call for it; the
 * portal hands GRENKE a delivery confirmation document (delivery-confirmation.ts).
 */
export interface GrenkeDeliveryConfirmation {
  /** The portal's id of the operation: printed on the document, so a second copy is seen as one. */
  operationId: string;
  /** The effective delivery date, YYYY-MM-DD (GRENKE's reference date: [S] AUTOMATION.md:140-143); not in the future. */
  deliveredOn: string;
  /**
   * The lease's objects, in the order the request listed them (the application's items, as
   * `grenkeObjectsOf` made them), each with the merchant's article reference: what was delivered.
   */
  objects: { reference: string; description: string; quantity: number }[];
  /** One serial number per unit delivered, by the object's reference. */
  serialNumbers: { reference: string; serialNumber: string }[];
}

/**
 * Where a request stands with its delivery, as GRENKE's state says: `confirmed` once GRENKE has
 * contracted the lease (it had the confirmation, or needed none); `awaited` while GRENKE waits for
 * it (AwaitingDeliveryConfirmation); `not-awaited` before that (approved, the contract's signatures
 * not all in, or still being examined); `closed` when declined or cancelled.
 */
export type GrenkeDeliveryStatus = 'confirmed' | 'awaited' | 'not-awaited' | 'closed';

export interface GrenkeCalculation {
  period: number;
  monthlyTotalInstalment: number;
  currency: Currency;
}

export interface GrenkeClient {
  /**
   * The cheapest read the provider offers, uncached, for `country` or every country with a
   * certificate: the background probe that tests an open circuit (providers/health.ts) and the
   * operator's preflight. A refusal (the account's set-up) is GRENKE answering.
   */
  probe(country?: CountryCode): Promise<ProviderResult<void>>;
  calculate(input: { country: CountryCode; amount: number; period: number; currency: Currency }, context?: CallContext): Promise<ProviderResult<GrenkeCalculation>>;
  createRequest(input: GrenkeCreateRequest, context?: CallContext): Promise<ProviderResult<GrenkeRequest>>;
  getRequest(country: CountryCode, financingId: string, context?: CallContext): Promise<ProviderResult<GrenkeRequest>>;
  /** The lease contract to sign, as a PDF: generated at GRENKE if it is not yet (approved requests only), then fetched. */
  getContractDocument(country: CountryCode, financingId: string, context?: CallContext): Promise<ProviderResult<Uint8Array>>;
  /**
   * Hands the contract the customer signed with BankID to GRENKE (ADR 29: attached to the request
   * as a document) and answers the request as GRENKE then reads it: Contracted once GRENKE has
   * contracted it, else still approved (the portal keeps polling). A request that is Contracted
   * already is answered as it is; one that is Declined or Cancelled is refused with
   * PAYMENT_STATUS_FINAL and nothing is sent.
   */
  deliverSignedContract(country: CountryCode, financingId: string, pdf: Uint8Array, context?: CallContext): Promise<ProviderResult<GrenkeRequest>>;
  /**
   * Confirms the lease's delivery to GRENKE (ADR 29, update of 27 November: a delivery
   * confirmation document attached to the request, since GRENKE publishes no call for it) and
   * answers the request as GRENKE then reads it: Contracted once the lease has started, else still
   * AwaitingDeliveryConfirmation (the portal keeps polling). Refused before anything is sent: an
   * input that lacks a serial number per unit or a valid delivery date (422, delivery-confirmation.ts
   * names the codes); a request GRENKE does not wait for a delivery confirmation for
   * (409 DELIVERY_NOT_AWAITED); a Declined or Cancelled one (409 PAYMENT_STATUS_FINAL). A request
   * that is Contracted already is answered as it is, and nothing is sent.
   */
  confirmDelivery(country: CountryCode, financingId: string, input: GrenkeDeliveryConfirmation, context?: CallContext): Promise<ProviderResult<GrenkeRequest>>;
  /**
   * Whether the delivery was confirmed, for a retry after a crash: GRENKE's state read (it takes
   * no id of the caller's and lists no documents), so `awaited` after a confirmation was sent may
   * mean GRENKE has not yet processed it.
   */
  findDeliveryConfirmation(country: CountryCode, financingId: string, context?: CallContext): Promise<ProviderResult<{ request: GrenkeRequest; delivery: GrenkeDeliveryStatus }>>;
}

export type { LeasingState };
