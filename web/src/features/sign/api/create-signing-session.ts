import { API, pagePath, PAGES, signingStartAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

/**
 * Starts Resurs' signing (version 1). The provider sends the customer back to the server's
 * success address, which finishes the booking, or to the portal's signing failure page; the
 * server accepts only these two (spec section 7).
 */
export const createSigningSession = () =>
  api.post(API.resursCreateSigningSession.url(), signingStartAnswer, {
    successUrl: `${window.location.origin}${API.signSuccess.url()}`,
    failUrl: pagePath(PAGES.formSignFail.url()),
  });
