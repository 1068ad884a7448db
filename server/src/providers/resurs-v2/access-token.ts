/**
 * The OAuth2 client-credentials token of the Merchant API (PROVIDERS.md: `POST /oauth2/token`,
 * 3599 s). One token per adapter, renewed a minute before it expires; callers that need one at
 * the same moment share a single token request.
 */
import { z } from 'zod';
import type { HttpClient } from '../http';
import { type CallContext, fail, ok, type ProviderResult } from '../types';

/** Renew this long before the provider's expiry, so that no call goes out with a dying token. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string().optional(),
});

export interface AccessTokens {
  get(context?: CallContext): Promise<ProviderResult<string>>;
  /** The API refused `token` (401): forget it, unless a newer one has replaced it already. */
  invalidate(token: string): void;
}

export function accessTokens(
  http: HttpClient,
  credentials: { clientId: string; clientSecret: string },
  now: () => number = Date.now,
): AccessTokens {
  let current: { value: string; renewAt: number } | null = null;
  let pending: Promise<ProviderResult<string>> | null = null;

  async function requestToken(context?: CallContext): Promise<ProviderResult<string>> {
    const answer = await http.request<unknown>({
      operation: 'getToken',
      method: 'POST',
      path: '/oauth2/token',
      form: {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        grant_type: 'client_credentials',
        scope: 'merchant-api',
      },
      context,
    });
    if (!answer.ok) return answer;
    const parsed = tokenAnswer.safeParse(answer.value.body);
    if (!parsed.success) return fail({ kind: 'refused', status: answer.value.status, code: 'UNREADABLE_ANSWER' });
    const lifetimeMs = parsed.data.expires_in * 1000;
    // A provider that hands out very short tokens still gets half their life used.
    current = { value: parsed.data.access_token, renewAt: now() + lifetimeMs - Math.min(RENEW_BEFORE_EXPIRY_MS, lifetimeMs / 2) };
    return ok(parsed.data.access_token);
  }

  return {
    get(context) {
      if (current && now() < current.renewAt) return Promise.resolve(ok(current.value));
      pending ??= requestToken(context).finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate(token) {
      if (current?.value === token) current = null;
    },
  };
}
