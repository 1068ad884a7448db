/**
 * Operators sign in through the same OIDC broker integration as customers' BankID, with the back
 * office's own client, and their roles in a claim. The pending login (state, nonce, PKCE
 * verifier) rides in a short-lived signed cookie scoped to these routes; the session that
 * follows is the back office's own (operator_sessions), with its own cookie, never a customer's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BACK_OFFICE_API_BASE, BACK_OFFICE_AUTH, BACK_OFFICE_BASE, BACK_OFFICE_LIMITS, type SignInProblem } from '@portal/domain';
import { ApiError } from '../../lib/errors';
import type { PendingOidcLogin } from '../../providers/oidc/client';
import { signInOperator, signOutOperator } from '../../services/back-office/operator-sign-in';

/** The operator session's cookie: sent only to the back-office API, never to customer routes. */
export const OPERATOR_COOKIE = 'bo_sid';
const LOGIN_COOKIE = 'bo_login';
const LOGIN_MAX_AGE_SECONDS = 15 * 60;
const LOGIN_PATH = '/api/back-office/auth';

const isPending = (value: unknown): value is PendingOidcLogin => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.state === 'string' && typeof v.nonce === 'string' && typeof v.codeVerifier === 'string';
};

const consolePage = (problem?: SignInProblem) => `${BACK_OFFICE_BASE}/${problem ? `?signin=${problem}` : ''}`;

export default async function operatorAuthRoutes(app: FastifyInstance) {
  const settings = app.config.backOffice.oidc;
  const broker = app.providers.operatorLogin;

  const back = (request: FastifyRequest, reply: FastifyReply, problem: SignInProblem, reason: object) => {
    request.log.warn({ ...reason, problem }, 'back office: sign-in not completed');
    return reply.header('Cache-Control', 'no-store').clearCookie(LOGIN_COOKIE, { path: LOGIN_PATH }).redirect(consolePage(problem), 302);
  };

  app.get(BACK_OFFICE_AUTH.login.pattern, async (request, reply) => {
    if (!broker) return back(request, reply, 'unavailable', { step: 'configuration' });
    const started = await broker.start();
    if (!started.ok) return back(request, reply, 'unavailable', { step: started.reason.step, kind: started.reason.kind });
    return reply
      .header('Cache-Control', 'no-store')
      .setCookie(LOGIN_COOKIE, JSON.stringify(started.login), {
        path: LOGIN_PATH,
        httpOnly: true,
        // The broker sends the browser back with a top-level GET from its own site.
        sameSite: 'lax',
        secure: 'auto',
        signed: true,
        maxAge: LOGIN_MAX_AGE_SECONDS,
      })
      .redirect(started.url.href, 302);
  });

  app.get(BACK_OFFICE_AUTH.callback.pattern, async (request, reply) => {
    const raw = request.cookies[LOGIN_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    let pending: unknown;
    try {
      pending = unsigned?.valid && unsigned.value ? JSON.parse(unsigned.value) : null;
    } catch {
      pending = null;
    }
    if (!settings || !broker || !isPending(pending)) return back(request, reply, 'failed', { step: 'callback', kind: 'no pending login' });

    const finished = await broker.finish(request.url, pending);
    if (!finished.ok) return back(request, reply, finished.outcome, { step: finished.reason.step, kind: finished.reason.kind });

    const result = await signInOperator(app.db, finished.claims, settings.roleClaim);
    if (!result.ok) return back(request, reply, result.problem === 'no-role' ? 'no-role' : 'failed', { step: 'claims', kind: result.problem });
    request.log.info({ operatorSession: result.session.id, roles: result.session.roles }, 'back office: operator signed in');
    return reply
      .header('Cache-Control', 'no-store')
      .clearCookie(LOGIN_COOKIE, { path: LOGIN_PATH })
      .setCookie(OPERATOR_COOKIE, result.token, {
        path: BACK_OFFICE_API_BASE,
        httpOnly: true,
        // Only the console itself calls the API: no other site's page can make the browser send it.
        sameSite: 'strict',
        secure: 'auto',
        maxAge: BACK_OFFICE_LIMITS.sessionMaxHours * 3600,
      })
      .redirect(consolePage(), 302);
  });

  app.post(BACK_OFFICE_AUTH.logout.pattern, async (request, reply) => {
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') throw ApiError.forbidden();
    const token = request.cookies[OPERATOR_COOKIE];
    if (token) await signOutOperator(app.db, token);
    return reply.clearCookie(OPERATOR_COOKIE, { path: BACK_OFFICE_API_BASE }).status(204).send();
  });
}
