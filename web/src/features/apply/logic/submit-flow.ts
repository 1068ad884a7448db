/**
 * The submit flows of spec section 4, one per screen, answering where the customer goes next.
 * Errors are thrown as they come (the screen shows them by the rule of spec section 8).
 */
import type { RenewalOrder } from '@portal/domain';
import { leaveForMerchant } from '@/lib/api/leave-for-merchant';
import { initRenewal, submitGrenke, submitResursV1, submitResursV2 } from '../api/submit';
import type { ApplyPayload } from './form-values';
import type { ApplyVariant } from './variant';

export type NextStep = { kind: 'sign' } | { kind: 'leave'; url: string };

export async function submitApplication(variant: ApplyVariant, payload: ApplyPayload, orders: readonly RenewalOrder[]): Promise<NextStep> {
  if (variant === 'consumer-v1') {
    await submitResursV1(payload);
    return { kind: 'sign' };
  }
  if (variant === 'consumer-v2') {
    const answer = await submitResursV2(payload);
    // A rejected application renews nothing, and a failing renewal call must not keep the
    // customer from going back to the shop.
    if (orders.length > 0 && answer.decision !== 'REJECTED') await initRenewal([...orders]);
    // REJECTED: the merchant's return address; otherwise Resurs' task page or the waiting page.
    return { kind: 'leave', url: answer.callBackUrl };
  }
  const answer = await submitGrenke(payload);
  if (answer.applicationResults[0]?.state === 'DECLINED') {
    const { redirectUrl } = await leaveForMerchant();
    return { kind: 'leave', url: redirectUrl };
  }
  return { kind: 'sign' };
}

/** Only web addresses are followed: never a `javascript:` or `data:` URL, whoever sent it. */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
