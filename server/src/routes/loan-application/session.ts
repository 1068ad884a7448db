import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors';
import type { SessionIdentity } from '../../types';

/** The identified person of this session, or 401. */
export function requireIdentity(request: FastifyRequest): SessionIdentity {
  const identity = request.session.identity;
  if (!identity) throw ApiError.unauthorized();
  return identity;
}

/**
 * Binds the session to a person. The session id is replaced first, so an id planted before
 * login (session fixation) is worth nothing after it.
 */
export async function logIn(request: FastifyRequest, identity: SessionIdentity, activeReference?: string) {
  await request.session.regenerate();
  request.session.identity = identity;
  if (activeReference) request.session.activeReference = activeReference;
}

/** The application this session is working on, or 404. */
export function activeReference(request: FastifyRequest): string {
  const reference = request.session.activeReference;
  if (!reference) throw ApiError.notFound();
  return reference;
}
