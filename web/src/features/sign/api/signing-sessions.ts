/**
 * The business contract's signing (GRENKE, spec sections 3 and 7): one signing session per
 * signatory, their statuses, and the signed document once the signing service has packaged it.
 */
import { API, type ApplicationStatus, type SigningSessionStatus } from '@portal/domain';
import { api } from '@/lib/api-client';

export interface SigningSession {
  taskId: string;
  name: string;
  status: SigningSessionStatus;
  /** The signing service's page for this signatory. */
  signingUrl: string;
}

export interface SigningSessions {
  /** The application's status: SUBMITTED or PENDING while GRENKE decides (then no order yet). */
  applicationStatus: ApplicationStatus;
  orderId: string | null;
  packagingTaskId: string | null;
  packagingStatus: string | null;
  sessions: SigningSession[];
  signedDocumentAvailable: boolean;
}

/**
 * The sessions with their statuses asked anew from the signing service; the first call after
 * GRENKE's approval creates the signing order (no sessions until then, while GRENKE decides).
 */
export const refreshSigningSessions = () => api.patch<SigningSessions>(API.signB2bSessions.url());

/** The signed PDF; a plain download link (a GET with the session cookie). */
export function signedDocumentUrl(sessions: SigningSessions): string | null {
  if (!sessions.signedDocumentAvailable || !sessions.orderId || !sessions.packagingTaskId) return null;
  const query = new URLSearchParams({ signingRef: sessions.orderId, packagingTaskId: sessions.packagingTaskId });
  return `${API.signedDocument.url()}?${query.toString()}`;
}
