/**
 * The signing service for business contracts (Signicat Enterprise Sign style): an order with one
 * task per signatory and a packaging task that produces the signed PDF. See PROVIDERS.md.
 */
import type { Language, SigningSessionStatus } from '@portal/domain';
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
  signers: { ref: string; nationalId: string; name: string; language: Language }[];
  /** Where the signing page sends the signer afterwards (onTaskComplete, onTaskReject, onTaskPostpone). */
  redirects: { complete: string; reject: string; postpone: string };
}

export interface SigningClient {
  createOrder(input: CreateSigningOrder, context?: CallContext): Promise<ProviderResult<SigningOrder>>;
  getOrder(orderId: string, context?: CallContext): Promise<ProviderResult<SigningOrder>>;
  /** The signed PDF of a completed packaging task. */
  getSignedDocument(orderId: string, packagingTaskId: string, context?: CallContext): Promise<ProviderResult<Uint8Array>>;
}
