import type { Outcome } from '@portal/domain';
import type { ApplicationRecord } from '../db/repositories/applications';

/**
 * Where the browser goes back to the merchant: the callbackUrl with `outcome` and
 * `merchantPaymentReference` (PRODUCT section 2.7). The callbackUrl passed the merchant's
 * allow-list when the application was created.
 */
export function merchantReturnUrl(app: Pick<ApplicationRecord, 'callbackUrl' | 'merchantPaymentReference'>, outcome: Outcome): string {
  const url = new URL(app.callbackUrl);
  url.searchParams.set('outcome', outcome);
  url.searchParams.set('merchantPaymentReference', app.merchantPaymentReference);
  return url.toString();
}

/** What to tell the merchant when the customer leaves now: the latest outcome, or a cancellation. */
export function outcomeOnLeaving(app: Pick<ApplicationRecord, 'outcome'>): Outcome {
  return app.outcome ?? 'apply_cancelled';
}
