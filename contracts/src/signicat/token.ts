/**
 * Signicat's OAuth2 token, shared by its APIs (Enterprise Sign, the Information API): one host,
 * one token endpoint, one scope. POST https://api.signicat.com/auth/open/connect/token.
 * Source: signicat/signicat-net@4fb2310 `src/Signicat.SDK/Infrastructure/AuthManager.cs:22-30`,
 * `Infrastructure/Urls.cs:5-11`, `HttpRequestor.cs:199-203`, `Entities/OAuthToken.cs:8-12`,
 * `SignicatError.cs:55-58`; read 2026-11-27.
 */
import { z } from 'zod';

const text = z.string();

/**
 * The token request's form: `grant_type=client_credentials`, `scope=signicat-api`, `client_id`
 * and `client_secret` as `application/x-www-form-urlencoded`. Client id and secret may instead
 * come as HTTP Basic (client_secret_basic, RFC 6749 §2.3.1), which Signicat's older REST guide
 * documents [V developer.signicat.com/enterprise/apis/accessing-rest-services]: so they are
 * optional here, and each stand-in's test says which way a client uses.
 */
export const tokenRequest = z.strictObject({
  grant_type: z.literal('client_credentials'),
  scope: z.literal('signicat-api'),
  client_id: text.min(1).optional(),
  client_secret: text.min(1).optional(),
});

export const tokenAnswer = z.object({
  access_token: text.min(1),
  expires_in: z.number().int().positive(),
  token_type: text,
});

/** An OAuth error (`error`, `error_description`; RFC 6749 §5.2). */
export const oauthError = z.object({ error: text, error_description: text.nullish() });
