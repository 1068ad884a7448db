/**
 * Submitting the apply form (spec sections 4, 7): one call per provider, each answering what the
 * screen does next.
 */
import { API, type LeasingState, type RenewalOrder } from '@portal/domain';
import { api } from '@/lib/api-client';

export interface ResursV2Answer {
  decision: string;
  /** Where the browser goes next: Resurs' task page, or the merchant when rejected. */
  callBackUrl: string;
}

export interface ResursV1Answer {
  applicationResult: { status: string; paymentId: string | null };
}

export interface GrenkeAnswer {
  applicationResults: { state: LeasingState; financingId: string | null }[];
}

export const submitResursV2 = (form: object) => api.patch<ResursV2Answer>(API.resursV2Submit.url(), form);
export const submitResursV1 = (form: object) => api.patch<ResursV1Answer>(API.resursSubmit.url(), form);
export const submitGrenke = (form: object) => api.patch<GrenkeAnswer>(API.grenkeSubmit.url(), form);

export const initRenewal = (orders: RenewalOrder[]) =>
  api.post<{ orders: number }>(API.renewalInit.url(), {
    consents: { fairownRenewalAssessmentConsent: true, fairownRenewalConsent: true },
    orders,
  });

export type GrenkeMockAction = 'continue' | 'denied' | 'cancelled' | 'approved';

/** Sandbox only: the business mock panel makes the simulated GRENKE decide after a delay. */
export const mockGrenkeDecision = (action: GrenkeMockAction, merchantPaymentReference: string, delaySeconds: number) =>
  api.post<{ action: string; delay: number }>(
    `${API.grenkeMock.url({ action, merchantPaymentReference })}?delay=${Math.round(delaySeconds * 1000)}`,
  );
