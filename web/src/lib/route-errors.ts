/**
 * HTTP answers to navigation (spec section 8): 401 with a known reference goes to the
 * identification page with that reference; 403, 404, 400 and 5xx to their pages. A network
 * failure has no page: the caller shows a retry. Also the words for an error shown in place
 * (a failed submit) and its alert colour, by the spec's rule.
 */
import { type ErrorCode, INFO_ERROR_CODES, PAGES } from '@portal/domain';
import { ApiRequestError, NetworkError } from './api-client';
import { i18n, type MessageKey, type MessageValues } from './i18n';

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

/**
 * Whether the loaded catalogue has this message. Asked of the catalogue in the browser rather
 * than of the shared JSON, which would bring every language's texts into the first load.
 */
const isMessageKey = (id: string): id is MessageKey => Object.hasOwn(i18n.messages, id);

/**
 * The text of an error shown in place (spec section 8): `ERRORS.<errorCode>` if there is such a
 * text, else `ERRORS.<status>`, else the server's message, else "Something has gone wrong.".
 * `UNKNOWN` says nothing about the cause, so the status speaks first there.
 */
export function errorText(error: unknown, t: (key: MessageKey, values?: MessageValues) => string): string {
  if (error instanceof NetworkError) return t('pages.network.text');
  if (!(error instanceof ApiRequestError)) return t('ERRORS.DEFAULT');
  const { errorCode, message } = error.body;
  const byCode = `ERRORS.${errorCode}`;
  const byStatus = `ERRORS.${error.status}`;
  if (errorCode !== 'UNKNOWN' && isMessageKey(byCode)) return t(byCode);
  if (isMessageKey(byStatus)) return t(byStatus);
  if (message) return message;
  return t('ERRORS.DEFAULT');
}

/** The alert colour of an error shown in place: info for the codes the spec names, else error. */
export function errorTone(error: unknown): 'info' | 'error' {
  const code: ErrorCode | undefined = error instanceof ApiRequestError ? error.body.errorCode : undefined;
  return code && INFO_ERROR_CODES.includes(code) ? 'info' : 'error';
}

/** A lazy page whose code could not be downloaded (offline, or a release replaced the files). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
