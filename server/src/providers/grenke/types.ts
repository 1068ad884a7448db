/**
 * GRENKE leasing (business), as the portal needs it. PascalCase JSON over HTTPS with a client
 * certificate; no webhooks, so the portal polls. See PROVIDERS.md.
 */
import type { Currency, LeasingState } from '@portal/domain';
import type { CallContext, ProviderResult } from '../types';

/** GRENKE's own states (the last three are final). Mapped to the portal's in states.ts. */
export const GRENKE_STATES = [
  'None',
  'RequestToGrenke',
  'MissingInfo',
  'ApplicationReceived',
  'GuaranteeRequired',
  'ReadyToSign',
  'Contracted',
  'Declined',
  'Cancelled',
] as const;
export type GrenkeState = (typeof GRENKE_STATES)[number];

export interface GrenkeRequest {
  financingId: string;
  /** The portal's application reference (ExternalReference). */
  externalReference: string;
  state: GrenkeState;
  monthlyInstalment: number | null;
}

export interface GrenkeCreateRequest {
  /** The portal's application reference; creating it again answers the same request. */
  externalReference: string;
  amount: number;
  period: number;
  currency: Currency;
  lessee: {
    companyName: string;
    organisationNumber: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    postalCode: string | null;
    city: string | null;
    countryCode: string;
  };
  objects: { name: string; quantity: number; netPricePerObject: number; serialNumber: string | null }[];
}

export interface GrenkeCalculation {
  period: number;
  monthlyTotalInstalment: number;
  currency: Currency;
}

export interface GrenkeClient {
  /**
   * The cheapest read the provider offers, uncached: the background probe that tests an open
   * circuit (providers/health.ts). Answers only whether the provider answered.
   */
  probe(): Promise<ProviderResult<void>>;
  calculate(input: { amount: number; period: number; currency: Currency }, context?: CallContext): Promise<ProviderResult<GrenkeCalculation>>;
  createRequest(input: GrenkeCreateRequest, context?: CallContext): Promise<ProviderResult<GrenkeRequest>>;
  getRequest(financingId: string, context?: CallContext): Promise<ProviderResult<GrenkeRequest>>;
  /** The lease contract to sign, as a PDF (available once the request is ReadyToSign). */
  getContractDocument(financingId: string, context?: CallContext): Promise<ProviderResult<Uint8Array>>;
  /**
   * Hands the signed contract back to GRENKE (POST …/contractdocument); the request becomes
   * Contracted. A contract without every signature is refused with ALL_CONTRACTS_MUST_BE_SIGNED;
   * one for a request that is declined or cancelled with PAYMENT_STATUS_FINAL.
   */
  uploadSignedContract(financingId: string, pdf: Uint8Array, context?: CallContext): Promise<ProviderResult<GrenkeRequest>>;
  /**
   * Withdraws the request ([?] POST …/requests/{id}/cancel): it then reads Cancelled. Cancelled
   * already, or declined (nothing to withdraw), is done; a Contracted one is final and refused
   * with PAYMENT_STATUS_FINAL.
   */
  cancelRequest(financingId: string, context?: CallContext): Promise<ProviderResult<void>>;
}

export type { LeasingState };
