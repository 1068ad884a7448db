/**
 * The one place that translates GRENKE's request states into the portal's leasing states
 * (`applicationResults[0].state` in the client API). Everything else asks these functions.
 */
import type { LeasingState } from '@portal/domain';
import { GRENKE_STATES, type GrenkeDeliveryStatus, type GrenkeState } from './types';

const LEASING_STATE_OF: Readonly<Record<GrenkeState, LeasingState>> = {
  // Still with GRENKE: the customer waits, the poller keeps asking.
  None: 'PENDING',
  RequestToGrenke: 'PENDING',
  ApplicationReceived: 'PENDING',
  // A guarantee is GRENKE's own follow-up with the dealer; for the customer it is still pending.
  GuaranteeRequired: 'PENDING',
  MissingInfo: 'MISSING_INFO',
  // ReadyToSign is GRENKE's approval. The states after it are approved requests on their way to a
  // contract: printed on paper, or signed through GRENKE's own e-signature (DocuSign), or waiting
  // for the delivery to be confirmed. None of them is a contract yet, and none is a refusal.
  ReadyToSign: 'APPROVED',
  ContractPrinted: 'APPROVED',
  ContractPrintedBeforeStatement: 'APPROVED',
  StartingESignature: 'APPROVED',
  AwaitingCustomerSignature: 'APPROVED',
  AwaitingPartnerSignature: 'APPROVED',
  AwaitingSigningAppSignature: 'APPROVED',
  CancellingESignature: 'APPROVED',
  AwaitingDeliveryConfirmation: 'APPROVED',
  Contracted: 'CONTRACTED',
  Declined: 'DECLINED',
  Cancelled: 'CANCELLED',
};

const FINAL: ReadonlySet<GrenkeState> = new Set<GrenkeState>(['Contracted', 'Declined', 'Cancelled']);

/**
 * Whether a state, once the signed contract has reached GRENKE, does not say what became of the
 * lease: "A Grenke 'Cancelled' request is often a request that became a contract" ([S]
 * iTakecare/leazr.co@f0d85f9 supabase/functions/grenke-api/index.ts:2101-2103, :3518-3520: an
 * accepted request leaves the request list as Cancelled and appears among the contracts). Before
 * the contract is signed, Cancelled is a cancellation: GRENKE cannot contract what nobody signed.
 */
export function isUncertain(state: GrenkeState, contractDelivered: boolean): boolean {
  return contractDelivered && state === 'Cancelled';
}

/**
 * The portal's leasing state. `contractDelivered`: the signed contract has been handed to GRENKE
 * (the application is signed); an uncertain state then leaves the lease pending, for the lender to
 * confirm with GRENKE, rather than calling a lease cancelled that may well be running.
 */
export function leasingStateOf(state: GrenkeState, contractDelivered = false): LeasingState {
  return isUncertain(state, contractDelivered) ? 'PENDING' : LEASING_STATE_OF[state];
}

/** Contracted, Declined and Cancelled never change again: polling can stop. */
export function isFinal(state: GrenkeState): boolean {
  return FINAL.has(state);
}

export function isGrenkeState(value: unknown): value is GrenkeState {
  return typeof value === 'string' && (GRENKE_STATES as readonly string[]).includes(value);
}

/**
 * Where a request stands with its delivery ([S] iTakecare/leazr.co@f0d85f9
 * docs/grenke-api/INTEGRATION.md:168-171: AwaitingDeliveryConfirmation "Need delivery PV", then
 * Contracted "contract live"). Contracted is `confirmed` whether GRENKE had a confirmation or
 * needed none: the lease has started either way.
 */
export function deliveryOf(state: GrenkeState): GrenkeDeliveryStatus {
  if (state === 'Contracted') return 'confirmed';
  if (state === 'AwaitingDeliveryConfirmation') return 'awaited';
  if (state === 'Declined' || state === 'Cancelled') return 'closed';
  return 'not-awaited';
}
