/**
 * Operators sign in through the same OIDC broker integration as customers' BankID, with the back
 * office's own client, and their roles in a claim. The pending login (state, nonce, PKCE
 * verifier) rides in a short-lived signed cookie scoped to these routes; the session that
 * follows is the back office's own (operator_sessions), with its own cookie, never a customer's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { BACK_OFFICE_API_BASE, BACK_OFFICE_AUTH, BACK_OFFICE_BASE, BACK_OFFICE_LIMITS, type SignInProblem } from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { signInOperator, signOutOperator } from '../../services/back-office/operator-sign-in';

/** The operator session's cookie: sent only to the back-office API, never to customer routes. */
export const OPERATOR_COOKIE = 'bo_sid';
const LOGIN_COOKIE = 'bo_login';
const LOGIN_MAX_AGE_SECONDS = 15 * 60;
const LOGIN_PATH = '/api/back-office/auth';

interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const isPending = (value: unknown): value is PendingLogin => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.state === 'string' && typeof v.nonce === 'string' && typeof v.codeVerifier === 'string';
};

const consolePage = (problem?: SignInProblem) => `${BACK_OFFICE_BASE}/${problem ? `?signin=${problem}` : ''}`;

export default async function operatorAuthRoutes(app: FastifyInstance) {
  const settings = app.config.backOffice.oidc;
  const redirectUri = `${app.config.publicUrl}${BACK_OFFICE_AUTH.callback.pattern}`;

  let discovered: Promise<oidc.Configuration> | null = null;
  const brokerConfiguration = (): Promise<oidc.Configuration> => {
    if (!settings) return Promise.reject(new Error('back office not configured'));
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
        execute: app.config.sandbox && settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        timeout: Math.ceil(app.config.providerTimeoutMs / 1000),
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  const back = (request: FastifyRequest, reply: FastifyReply, problem: SignInProblem, reason: object) => {
    request.log.warn({ ...reason, problem }, 'back office: sign-in not completed');
    return reply.header('Cache-Control', 'no-store').clearCookie(LOGIN_COOKIE, { path: LOGIN_PATH }).redirect(consolePage(problem), 302);
  };

  app.get(BACK_OFFICE_AUTH.login.pattern, async (request, reply) => {
    if (!settings) return back(request, reply, 'unavailable', { step: 'configuration' });
    let configuration: oidc.Configuration;
    try {
      configuration = await brokerConfiguration();
    } catch (error) {
      return back(request, reply, 'unavailable', { step: 'discovery', kind: error instanceof Error ? error.name : typeof error });
    }
    const pending: PendingLogin = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    return reply
      .header('Cache-Control', 'no-store')
      .setCookie(LOGIN_COOKIE, JSON.stringify(pending), {
        path: LOGIN_PATH,
        httpOnly: true,
        // The broker sends the browser back with a top-level GET from its own site.
        sameSite: 'lax',
        secure: 'auto',
        signed: true,
        maxAge: LOGIN_MAX_AGE_SECONDS,
      })
      .redirect(url.href, 302);
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
    if (!settings || !isPending(pending)) return back(request, reply, 'failed', { step: 'callback', kind: 'no pending login' });

    const currentUrl = new URL(redirectUri);
    currentUrl.search = new URL(request.url, 'http://callback.invalid').search;
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(await brokerConfiguration(), currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      claims = idClaims;
    } catch (error) {
      const cancelled = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
      return back(request, reply, cancelled ? 'cancelled' : 'failed', { step: 'token', kind: error instanceof Error ? error.name : typeof error });
    }

    const result = await signInOperator(app.db, claims, settings.roleClaim);
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
