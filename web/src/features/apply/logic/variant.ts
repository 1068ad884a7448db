/** Which apply screen an application gets (spec section 2). */
import type { LoanApplicationView } from '@portal/domain';

export type ApplyVariant = 'business' | 'consumer-v2' | 'consumer-v1';

/** Customer type legal is business; otherwise version 2 is consumer v2, anything else consumer v1. */
export function applyVariant(application: Pick<LoanApplicationView, 'customer' | 'version'>): ApplyVariant {
  if (application.customer.type === 'LEGAL') return 'business';
  return application.version === 2 ? 'consumer-v2' : 'consumer-v1';
}
