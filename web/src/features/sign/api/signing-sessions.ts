/**
 * The business contract's signing (GRENKE, spec sections 3 and 7): one signing session per
 * signatory, their statuses, and the signed document once the signing service has packaged it.
 */
import { API, type SigningSessions, signingSessionsAnswer } from '@portal/domain';
import { api } from '@/lib/api-client';

export type { SigningSession, SigningSessions } from '@portal/domain';

/**
 * The sessions with their statuses asked anew from the signing service; the first call after
 * GRENKE's approval creates the signing order (no sessions until then, while GRENKE decides).
 */
export const refreshSigningSessions = () => api.patch(API.signB2bSessions.url(), signingSessionsAnswer);

/** The signed PDF; a plain download link (a GET with the session cookie). */
export function signedDocumentUrl(sessions: SigningSessions): string | null {
  if (!sessions.signedDocumentAvailable || !sessions.orderId || !sessions.packagingTaskId) return null;
  const query = new URLSearchParams({ signingRef: sessions.orderId, packagingTaskId: sessions.packagingTaskId });
  return `${API.signedDocument.url()}?${query.toString()}`;
}
