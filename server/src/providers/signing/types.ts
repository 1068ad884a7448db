/**
 * The signing service for business contracts (Signicat Enterprise Sign style): an order with one
 * task per signatory and a packaging task that produces the signed PDF. See PROVIDERS.md.
 */
import type { CountryCode, Language, SigningSessionStatus } from '@portal/domain';
import type { CallContext, ProviderResult } from '../types';

export type PackagingStatus = 'CREATED' | 'COMPLETED' | 'FAILED';

export interface SigningTask {
  id: string;
  /** Which signatory this task is for (the portal's own reference for the person). */
  signerRef: string;
  status: SigningSessionStatus;
  signingUrl: string;
}

export interface SigningOrder {
  orderId: string;
  clientReference: string;
  tasks: SigningTask[];
  packagingTask: { id: string; status: PackagingStatus };
}

export interface CreateSigningOrder {
  /** The portal's application reference; creating it again answers the same order. */
  clientReference: string;
  documentTitle: string;
  document: Uint8Array;
  /**
   * One task per signer. `country` picks the e-ID (Norwegian or Swedish BankID); without it the
   * national ID's form decides (11 digits Norway, 12 Sweden).
   */
  signers: { ref: string; nationalId: string; name: string; language: Language; country?: CountryCode }[];
  /** Where the signing page sends the signer afterwards (onTaskComplete, onTaskReject, onTaskPostpone). */
  redirects: { complete: string; reject: string; postpone: string };
}

export interface SigningClient {
  /** A token from the service, past the cache: the harmless call of the providers' preflight. */
  probe(): Promise<ProviderResult<void>>;
  createOrder(input: CreateSigningOrder, context?: CallContext): Promise<ProviderResult<SigningOrder>>;
  getOrder(orderId: string, context?: CallContext): Promise<ProviderResult<SigningOrder>>;
  /**
   * The signed PDF of a completed packaging task. Asked for while a signer has not signed, it is
   * refused with ALL_CONTRACTS_MUST_BE_SIGNED.
   */
  getSignedDocument(orderId: string, packagingTaskId: string, context?: CallContext): Promise<ProviderResult<Uint8Array>>;
  /** Withdraws the order: its tasks become DELETED and can no longer be signed. */
  deleteOrder(orderId: string, context?: CallContext): Promise<ProviderResult<void>>;
}
