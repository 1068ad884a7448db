/**
 * Submitting the apply form (spec sections 4, 7): one call per provider, each answering what the
 * screen does next.
 */
import {
  API,
  grenkeMockAnswer,
  grenkeSubmitAnswer,
  type RenewalOrder,
  renewalInitAnswer,
  resursV1SubmitAnswer,
  resursV2SubmitAnswer,
} from '@portal/domain';
import { api } from '@/lib/api-client';

export type { GrenkeAnswer, ResursV1Answer, ResursV2Answer } from '@portal/domain';

export const submitResursV2 = (form: object) => api.patch(API.resursV2Submit.url(), resursV2SubmitAnswer, form);
export const submitResursV1 = (form: object) => api.patch(API.resursSubmit.url(), resursV1SubmitAnswer, form);
export const submitGrenke = (form: object) => api.patch(API.grenkeSubmit.url(), grenkeSubmitAnswer, form);

export const initRenewal = (orders: RenewalOrder[]) =>
  api.post(API.renewalInit.url(), renewalInitAnswer, {
    consents: { fairownRenewalAssessmentConsent: true, fairownRenewalConsent: true },
    orders,
  });

export type GrenkeMockAction = 'continue' | 'denied' | 'cancelled' | 'approved';

/** Sandbox only: the business mock panel makes the simulated GRENKE decide after a delay. */
export const mockGrenkeDecision = (action: GrenkeMockAction, merchantPaymentReference: string, delaySeconds: number) =>
  api.post(`${API.grenkeMock.url({ action, merchantPaymentReference })}?delay=${Math.round(delaySeconds * 1000)}`, grenkeMockAnswer);
