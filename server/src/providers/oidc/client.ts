/**
 * A login through an OpenID Connect broker: authorization code flow with PKCE, `state` and
 * `nonce` (openid-client). Customers identify with BankID through one (providers/bankid), the
 * lender's staff sign in to the back office through one (routes/back-office/operator-auth.ts).
 * The caller keeps the login's secrets between the start and the callback and never gives them
 * to the browser; the client answers results and never throws the library's errors.
 */
import * as oidc from 'openid-client';
import { fail, ok, type ProviderFailure, type ProviderResult } from '../types';

export type OidcLoginOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The portal's callback, as registered with the broker. */
  redirectUri: string;
  /** Plain HTTP for the sandbox's broker on this machine only; a real broker must use HTTPS. */
  allowInsecureHttp: boolean;
  timeoutMs: number;
};

/** What the caller keeps between the start and the callback. */
export interface PendingOidcLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why a login did not happen, for the log: the error's kind and code, never its parameters. */
export interface OidcReason {
  step: 'discovery' | 'callback' | 'userinfo';
  kind: string;
  code?: string | undefined;
  message?: string | undefined;
}

export type OidcStart = { ok: true; url: URL; login: PendingOidcLogin } | { ok: false; reason: OidcReason };
export type OidcFinish =
  | {
      ok: true;
      /** The ID token's claims. */
      claims: Record<string, unknown>;
      /** UserInfo's answer, when asked for: the same person (its `sub` is checked against the ID token's). */
      userInfo: Record<string, unknown> | null;
    }
  | { ok: false; outcome: 'cancelled' | 'failed'; reason: OidcReason };

export interface OidcStartParameters {
  acrValues?: string | undefined;
  uiLocales?: string | undefined;
  /** Space-separated scopes; `openid` when not given. */
  scope?: string | undefined;
}

export interface OidcLogin {
  /** The broker's address for a fresh login (never a broker session from before). */
  start(parameters?: OidcStartParameters): Promise<OidcStart>;
  /**
   * The ID token's claims, from the callback (the request's address as the server received it,
   * path and query) and the login kept at the start; with `userInfo`, also the broker's UserInfo
   * answer, asked for with the access token (brokers that return the person's data there).
   */
  finish(callbackUrl: string, login: PendingOidcLogin, options?: { userInfo?: boolean }): Promise<OidcFinish>;
  /** The broker's discovery document (the operator's preflight), or why it could not be had. */
  discover(): Promise<ProviderResult<oidc.ServerMetadata>>;
}

/** A failed discovery as the preflight words it: unreachable, refused, or answered in another shape. */
function discoveryFailure(error: unknown): ProviderFailure {
  if (error instanceof TypeError) return { kind: 'unavailable', reason: 'network' };
  const code = error instanceof oidc.ClientError ? error.code : undefined;
  if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT') return { kind: 'unavailable', reason: 'timeout' };
  const cause = error instanceof Error ? error.cause : undefined;
  const status = cause instanceof Response ? cause.status : 200;
  if (status >= 500) return { kind: 'unavailable', reason: 'server-error', status };
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') return { kind: 'refused', status };
  // Not JSON, not a discovery document, or another issuer than the configured one.
  return { kind: 'unreadable', status, field: code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON' ? 'issuer' : '(the whole answer)' };
}

function reasonOf(step: OidcReason['step'], error: unknown): OidcReason {
  // The broker's own OAuth error code (`access_denied`, `invalid_grant`), never its description.
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) return { step, kind: error.name, code: error.error };
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    return { step, kind: error.name, code, message: error.message };
  }
  return { step, kind: typeof error };
}

export function createOidcLogin(options: OidcLoginOptions): OidcLogin {
  const { issuer, clientId, clientSecret, redirectUri } = options;

  // Discovered on first use, not at start: the sandbox broker is this very server, which is not
  // listening yet while plugins register. A failed discovery is forgotten, so the next try retries.
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = (): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
        execute: options.allowInsecureHttp && issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        timeout: Math.ceil(options.timeoutMs / 1000),
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    async discover() {
      try {
        return ok((await configuration()).serverMetadata());
      } catch (error) {
        return fail(discoveryFailure(error));
      }
    },

    async start(parameters = {}) {
      let broker: oidc.Configuration;
      try {
        broker = await configuration();
      } catch (error) {
        return { ok: false, reason: reasonOf('discovery', error) };
      }
      const login: PendingOidcLogin = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(broker, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: parameters.scope ?? 'openid',
        state: login.state,
        nonce: login.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(login.codeVerifier),
        code_challenge_method: 'S256',
        // Every login is a fresh one at the broker, never a broker session from before.
        prompt: 'login',
        ...(parameters.acrValues ? { acr_values: parameters.acrValues } : {}),
        // The broker's pages in the language the person reads the portal in (OIDC Core 3.1.2.1).
        ...(parameters.uiLocales ? { ui_locales: parameters.uiLocales } : {}),
      });
      return { ok: true, url, login };
    },

    async finish(callbackUrl, login, options = {}) {
      // The registered address with the query the broker sent: what the library checks against.
      const currentUrl = new URL(redirectUri);
      currentUrl.search = new URL(callbackUrl, currentUrl).search;
      let broker: oidc.Configuration;
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      let claims: Record<string, unknown>;
      let subject: string;
      try {
        broker = await configuration();
        tokens = await oidc.authorizationCodeGrant(broker, currentUrl, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('no ID token');
        claims = idToken;
        subject = idToken.sub;
      } catch (error) {
        const cancelled = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
        return { ok: false, outcome: cancelled ? 'cancelled' : 'failed', reason: reasonOf('callback', error) };
      }
      if (!options.userInfo) return { ok: true, claims, userInfo: null };
      try {
        // The library refuses an answer about another subject than the ID token's (OIDC Core 5.3.2).
        const userInfo = await oidc.fetchUserInfo(broker, tokens.access_token, subject);
        return { ok: true, claims, userInfo };
      } catch (error) {
        return { ok: false, outcome: 'failed', reason: reasonOf('userinfo', error) };
      }
    },
  };
}
