import type { FastifyRequest } from 'fastify';
import { type Language, languageFromAcceptLanguage } from '@portal/domain';
import type { ProviderKind } from '../../db/repositories/provider-applications';
import type { SubmitRequest } from '../../services/submit-application';
import { ApiError } from '../../lib/errors';
import type { LimitKey } from '../../plugins/rate-limits';
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

/**
 * The portal's UI language, which the SPA names in Accept-Language on every call: the language
 * the lenders' and the signing service's pages are asked to speak. None without the header (a
 * caller other than the SPA): their pages then speak the country's language.
 */
export function uiLanguage(request: FastifyRequest): Language | undefined {
  const header = request.headers['accept-language'];
  return header ? languageFromAcceptLanguage(header) : undefined;
}

/** The application this session is working on, or 404. */
export function activeReference(request: FastifyRequest): string {
  const reference = request.session.activeReference;
  if (!reference) throw ApiError.notFound();
  return reference;
}

/** What a submit route passes on: who, which application, the form, and the customer's device. */
export function submitRequestOf(request: FastifyRequest, lender: ProviderKind, creditConsent = false): SubmitRequest {
  return {
    identity: requireIdentity(request),
    reference: activeReference(request),
    lender,
    body: request.body,
    creditConsent,
    language: languageFromAcceptLanguage(request.headers['accept-language']),
    sessionId: request.session.sessionId,
    device: { ip: request.ip, userAgent: request.headers['user-agent'] },
  };
}

/**
 * The session a call counts against, once someone has identified in it. A call without one is
 * refused (401) before any work, and counting it would keep a row for every made-up session.
 */
const identifiedSession = (request: FastifyRequest): string | null => (request.session.identity ? request.session.sessionId : null);

/** What a submit counts against (ADR 15): the application the session works on, and the session. */
export const submitLimits = (request: FastifyRequest): LimitKey[] => [
  { limit: 'submitPerApplication', key: request.session.activeReference },
  { limit: 'submitPerSession', key: identifiedSession(request) },
];

/** What a request from the customer's own page (a review, a withdrawal) counts against: the session. */
export const ownPageLimits = (request: FastifyRequest): LimitKey[] => [{ limit: 'signingPerSession', key: identifiedSession(request) }];

/** What a signing start or a refresh of the signatures counts against, as a submit. */
export const signingLimits = (request: FastifyRequest): LimitKey[] => [
  { limit: 'signingPerApplication', key: request.session.activeReference },
  { limit: 'signingPerSession', key: identifiedSession(request) },
];
