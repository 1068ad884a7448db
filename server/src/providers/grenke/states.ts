/**
 * The one place that translates GRENKE's request states into the portal's leasing states
 * (`applicationResults[0].state` in the client API). Everything else asks these functions.
 */
import type { LeasingState } from '@portal/domain';
import { GRENKE_STATES, type GrenkeState } from './types';

const LEASING_STATE_OF: Readonly<Record<GrenkeState, LeasingState>> = {
  // Still with GRENKE: the customer waits, the poller keeps asking.
  None: 'PENDING',
  RequestToGrenke: 'PENDING',
  ApplicationReceived: 'PENDING',
  // A guarantee is GRENKE's own follow-up with the dealer; for the customer it is still pending.
  GuaranteeRequired: 'PENDING',
  MissingInfo: 'MISSING_INFO',
  // ReadyToSign is GRENKE's approval: the contract can be fetched and signed.
  ReadyToSign: 'APPROVED',
  Contracted: 'CONTRACTED',
  Declined: 'DECLINED',
  Cancelled: 'CANCELLED',
};

const FINAL: ReadonlySet<GrenkeState> = new Set<GrenkeState>(['Contracted', 'Declined', 'Cancelled']);

export function leasingStateOf(state: GrenkeState): LeasingState {
  return LEASING_STATE_OF[state];
}

/** Contracted, Declined and Cancelled never change again: polling can stop. */
export function isFinal(state: GrenkeState): boolean {
  return FINAL.has(state);
}

export function isGrenkeState(value: unknown): value is GrenkeState {
  return typeof value === 'string' && (GRENKE_STATES as readonly string[]).includes(value);
}
