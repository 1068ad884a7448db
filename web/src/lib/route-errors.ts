/**
 * HTTP answers to navigation (spec section 8): 401 with a known reference goes to the
 * identification page with that reference; 403, 404, 400 and 5xx to their pages. A network
 * failure has no page: the caller shows a retry.
 */
import { PAGES } from '@portal/domain';
import { ApiRequestError } from './api-client';

export function pageForError(error: unknown, reference?: string, search = '', hadSession = false): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const { status } = error;
  if (status === 401) {
    if (!reference) return PAGES.unauthorized.url();
    // "Your session has expired" only when this tab had one; a first visit just identifies.
    const next = new URLSearchParams(hadSession ? { reference, expired: '1' } : { reference });
    const country = new URLSearchParams(search).get('countryCode');
    if (country) next.set('countryCode', country);
    return `${PAGES.index.url()}?${next.toString()}`;
  }
  if (status === 403) return PAGES.forbidden.url();
  if (status === 404) return PAGES.notFound.url();
  if (status === 400) return PAGES.badRequest.url();
  if (status >= 500) return PAGES.serverError.url();
  return null;
}
