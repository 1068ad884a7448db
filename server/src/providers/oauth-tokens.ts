/**
 * OAuth2 client-credentials tokens, in one cache for every adapter that needs them (Resurs
 * Merchant API for each account, the signing service, the Swedish company registry), keyed by
 * token URL and client id (and scope): one token per client, renewed before it expires; callers
 * that need one at the same moment share a single token request; a call the API refuses with 401
 * (token revoked or expired early) gets one new token and one retry. A token is handed out only to
 * a caller with the secret it was issued for, so a wrong secret never borrows a good token.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { HttpClient, HttpRequest, HttpResponse } from './http';
import { type CallContext, ok, type ProviderResult } from './types';

/** Renew this long before the provider's expiry (at most half the token's life), so no call goes out with a dying token. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** A token answer without `expires_in` is taken to last this long. */
const DEFAULT_LIFETIME_SECONDS = 600;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
  token_type: z.string().optional(),
});

export interface TokenEndpoint {
  clientId: string;
  clientSecret: string;
  /** The token path on the adapter's base URL. */
  path: string;
  scope: string;
  /**
   * How the client authenticates: `form` puts id and secret in the body (Resurs), `basic` sends
   * them as client_secret_basic (RFC 6749 2.3.1: each form-encoded, joined by a colon, base64).
   */
  authentication: 'form' | 'basic';
}

export interface AccessTokens {
  get(context?: CallContext): Promise<ProviderResult<string>>;
  /** The API refused `token` (401): forget it, unless a newer one has replaced it already. */
  invalidate(token: string): void;
}

interface Entry {
  /** SHA-256 of the secret the token was issued for. */
  secret: string;
  token: { value: string; renewAt: number } | null;
  pending: { secret: string; promise: Promise<ProviderResult<string>> } | null;
}

/** The tokens of every client, by token URL and client id. */
export interface TokenCache {
  for(http: HttpClient, endpoint: TokenEndpoint): AccessTokens;
  /** How many clients hold a token now (for tests and metrics). */
  readonly size: number;
}

const tokenUrl = (http: HttpClient, path: string) => `${http.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export function createTokenCache(now: () => number = Date.now): TokenCache {
  const entries = new Map<string, Entry>();

  return {
    get size() {
      return [...entries.values()].filter((entry) => entry.token !== null).length;
    },

    for(http, endpoint) {
      // The scope too: a token of another scope would be refused with 403, which no retry mends.
      const key = `${tokenUrl(http, endpoint.path)}\n${endpoint.clientId}\n${endpoint.scope}`;
      const secret = digest(endpoint.clientSecret);
      const basic = Buffer.from(`${encodeURIComponent(endpoint.clientId)}:${encodeURIComponent(endpoint.clientSecret)}`).toString('base64');
      const entry = (): Entry => {
        let found = entries.get(key);
        if (!found) {
          found = { secret, token: null, pending: null };
          entries.set(key, found);
        }
        return found;
      };

      async function requestToken(context?: CallContext): Promise<ProviderResult<string>> {
        const answer = await http.request({
          operation: 'getToken',
          method: 'POST',
          path: endpoint.path,
          ...(endpoint.authentication === 'basic' ? { headers: { Authorization: `Basic ${basic}` } } : {}),
          form: {
            ...(endpoint.authentication === 'form' ? { client_id: endpoint.clientId, client_secret: endpoint.clientSecret } : {}),
            grant_type: 'client_credentials',
            scope: endpoint.scope,
          },
          // A token answer without its token is the provider's fault: `unreadable`, naming the field.
          answer: tokenAnswer,
          context,
        });
        if (!answer.ok) return answer;
        const token = answer.value.body;
        const lifetimeMs = (token.expires_in ?? DEFAULT_LIFETIME_SECONDS) * 1000;
        // A provider that hands out very short tokens still gets half their life used. The secret
        // that got this token is the client's secret from now on.
        const kept = entry();
        kept.secret = secret;
        kept.token = { value: token.access_token, renewAt: now() + lifetimeMs - Math.min(RENEW_BEFORE_EXPIRY_MS, lifetimeMs / 2) };
        return ok(token.access_token);
      }

      return {
        get(context) {
          const kept = entry();
          if (kept.token && kept.secret === secret && now() < kept.token.renewAt) return Promise.resolve(ok(kept.token.value));
          if (kept.pending?.secret === secret) return kept.pending.promise;
          const promise = requestToken(context).finally(() => {
            if (kept.pending?.promise === promise) kept.pending = null;
          });
          kept.pending = { secret, promise };
          return promise;
        },
        invalidate(token) {
          const kept = entry();
          if (kept.token?.value === token) kept.token = null;
        },
      };
    },
  };
}

/** The tokens of one client, in a cache of their own (an adapter built without the shared cache). */
export function accessTokens(http: HttpClient, endpoint: TokenEndpoint, cache: TokenCache = createTokenCache()): AccessTokens {
  return cache.for(http, endpoint);
}

/** A call with the bearer token; a 401 gets one new token and one retry. */
export function withBearer(http: HttpClient, tokens: AccessTokens) {
  return async function call<T = unknown>(request: HttpRequest<T>): Promise<ProviderResult<HttpResponse<T>>> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await tokens.get(request.context);
      if (!token.ok) return token;
      const answer = await http.request<T>({ ...request, headers: { ...request.headers, Authorization: `Bearer ${token.value}` } });
      const expired = !answer.ok && answer.failure.kind === 'refused' && answer.failure.status === 401;
      if (!expired || attempt > 1) return answer;
      tokens.invalidate(token.value);
    }
  };
}
