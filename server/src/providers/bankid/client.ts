/**
 * The BankID broker adapter: OpenID Connect with an e-ID broker (PRODUCT section 2.3; Idura/Criipto
 * Verify, or the sandbox's simulator of it), authorization code flow with PKCE, `state` and
 * `nonce` (openid-client). The caller keeps the login's secrets between the start and the
 * callback; the adapter answers results and never throws the library's errors through the stack.
 */
import * as oidc from 'openid-client';
import type { CountryCode, Language } from '@portal/domain';
import type { SessionIdentity } from '../../types';
import { BANKID_ACR_VALUES, identityFromClaims } from './claims';

export type BankIdBrokerOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The portal's callback, as registered with the broker. */
  redirectUri: string;
  /** Plain HTTP for the sandbox's broker on this machine only; a real broker must use HTTPS. */
  allowInsecureHttp: boolean;
  timeoutMs: number;
};

/** What the caller keeps between the start and the callback, and never gives the browser. */
export interface BrokerLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why a login did not happen, for the log: the error's kind and code, never its parameters. */
export interface BrokerReason {
  step: 'discovery' | 'callback' | 'claims';
  kind: string;
  code?: string | undefined;
  message?: string | undefined;
}

export type BrokerStart = { ok: true; url: URL; login: BrokerLogin } | { ok: false; reason: BrokerReason };
export type BrokerFinish =
  | { ok: true; identity: SessionIdentity }
  | { ok: false; outcome: 'cancelled' | 'failed'; reason: BrokerReason };

export interface BankIdBroker {
  /** The broker's address for a fresh BankID login of the country, in the portal's language. */
  start(country: CountryCode, lang: Language | undefined): Promise<BrokerStart>;
  /** The person, from the callback's address (its query) and the login kept at the start. */
  finish(callbackQuery: string, login: BrokerLogin, country: CountryCode): Promise<BrokerFinish>;
}

function reasonOf(step: BrokerReason['step'], error: unknown): BrokerReason {
  if (error instanceof oidc.AuthorizationResponseError) return { step, kind: error.name, code: error.error };
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    return { step, kind: error.name, code, message: error.message };
  }
  return { step, kind: typeof error };
}

export function createBankIdBroker(options: BankIdBrokerOptions): BankIdBroker {
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
    async start(country, lang) {
      let broker: oidc.Configuration;
      try {
        broker = await configuration();
      } catch (error) {
        return { ok: false, reason: reasonOf('discovery', error) };
      }
      const login: BrokerLogin = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(broker, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid',
        acr_values: BANKID_ACR_VALUES[country],
        state: login.state,
        nonce: login.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(login.codeVerifier),
        code_challenge_method: 'S256',
        // Every identification is a fresh BankID login, never a broker session from before.
        prompt: 'login',
        // The broker's pages in the language the customer reads the portal in (OIDC Core 3.1.2.1).
        ...(lang ? { ui_locales: lang } : {}),
      });
      return { ok: true, url, login };
    },

    async finish(callbackQuery, login, country) {
      const currentUrl = new URL(redirectUri);
      currentUrl.search = callbackQuery;
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), currentUrl, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const idTokenClaims = tokens.claims();
        if (!idTokenClaims) throw new Error('no ID token');
        claims = idTokenClaims;
      } catch (error) {
        const cancelled = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
        return { ok: false, outcome: cancelled ? 'cancelled' : 'failed', reason: reasonOf('callback', error) };
      }
      const result = identityFromClaims(claims, country);
      if ('problem' in result) return { ok: false, outcome: 'failed', reason: { step: 'claims', kind: result.problem } };
      return { ok: true, identity: result.identity };
    },
  };
}
