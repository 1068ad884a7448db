/**
 * A login through an OpenID Connect broker: authorization code flow with PKCE, `state` and
 * `nonce` (openid-client). Customers identify with BankID through one (providers/bankid), the
 * lender's staff sign in to the back office through one (routes/back-office/operator-auth.ts).
 * The caller keeps the login's secrets between the start and the callback and never gives them
 * to the browser; the client answers results and never throws the library's errors.
 */
import * as oidc from 'openid-client';

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
  step: 'discovery' | 'callback';
  kind: string;
  code?: string | undefined;
  message?: string | undefined;
}

export type OidcStart = { ok: true; url: URL; login: PendingOidcLogin } | { ok: false; reason: OidcReason };
export type OidcFinish =
  | { ok: true; claims: Record<string, unknown> }
  | { ok: false; outcome: 'cancelled' | 'failed'; reason: OidcReason };

export interface OidcLogin {
  /** The broker's address for a fresh login (never a broker session from before). */
  start(parameters?: { acrValues?: string | undefined; uiLocales?: string | undefined }): Promise<OidcStart>;
  /**
   * The ID token's claims, from the callback (the request's address as the server received it,
   * path and query) and the login kept at the start.
   */
  finish(callbackUrl: string, login: PendingOidcLogin): Promise<OidcFinish>;
}

function reasonOf(step: OidcReason['step'], error: unknown): OidcReason {
  if (error instanceof oidc.AuthorizationResponseError) return { step, kind: error.name, code: error.error };
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
        scope: 'openid',
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

    async finish(callbackUrl, login) {
      // The registered address with the query the broker sent: what the library checks against.
      const currentUrl = new URL(redirectUri);
      currentUrl.search = new URL(callbackUrl, currentUrl).search;
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), currentUrl, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        return { ok: true, claims };
      } catch (error) {
        const cancelled = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
        return { ok: false, outcome: cancelled ? 'cancelled' : 'failed', reason: reasonOf('callback', error) };
      }
    },
  };
}
