/**
 * Identification with Norwegian or Swedish BankID through an OpenID Connect broker (PRODUCT
 * section 2.3; Idura/Criipto Verify, or the sandbox's simulator of it). Authorization code flow
 * with PKCE, `state` and `nonce`, all kept in the server session, bound to its cookie: the
 * callback may arrive in another tab of the same browser and still finds them.
 * The SPA starts with a call (POST, answering the broker's address), so it can show a refusal in
 * place; a plain navigation to the same address (GET) starts too, for a link opened in a new tab.
 * Starts are rate-limited per address and per application before anything is kept (ADR 15).
 * The callback is a top-level navigation (GET), so the X-Requested-With rule does not apply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, Session } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import {
  API,
  type CountryCode,
  countryFromParam,
  IDENTIFICATION_MAX_MINUTES,
  type Language,
  type IdentificationStart,
  bankIdStartParamsSchema,
  bankIdStartSchema,
  normaliseNationalId,
  pagePath,
  PAGES,
} from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { addressKey } from '../../plugins/rate-limits';
import type { SessionIdentity } from '../../types';
import { logIn } from './session';

type PendingIdentification = NonNullable<Session['oidc']>['pending'][number];

/** The e-ID per country, as Idura (Criipto) names them in `acr_values`. */
export const BANKID_ACR_VALUES: Readonly<Record<CountryCode, string>> = {
  NO: 'urn:grn:authn:no:bankid',
  SE: 'urn:grn:authn:se:bankid',
};

/** A BankID login takes minutes; a callback later than this is refused. */
const PENDING_MAX_AGE_MS = IDENTIFICATION_MAX_MINUTES * 60 * 1000;
/** Starts kept per session: a few tabs' worth, so one tab does not cancel another's login. */
const PENDING_MAX = 3;

const startParams = bankIdStartParamsSchema;
/** `lang`: the portal's UI language, which the broker's pages should speak (`ui_locales`). */
const startQuery = bankIdStartSchema;

type Outcome = 'cancelled' | 'failed';

/** The index page again, with the reason, so it can say what happened and offer a retry. */
function identificationPage(outcome: Outcome, country: CountryCode | null, reference: string | undefined): string {
  const query = new URLSearchParams();
  if (reference) query.set('reference', reference);
  if (country) query.set('countryCode', country);
  query.set('identification', outcome);
  return `${pagePath(PAGES.index.url())}?${query.toString()}`;
}

/** The reason for a log line: the error's kind, never its parameters (they may carry codes). */
function reasonOf(error: unknown): { kind: string; code?: string; message?: string } {
  if (error instanceof oidc.AuthorizationResponseError) return { kind: error.name, code: error.error };
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    return { kind: error.name, code, message: error.message };
  }
  return { kind: typeof error };
}

const stringClaim = (claims: Record<string, unknown>, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The person in the ID token, or why not: the national ID must be valid for the country used. */
function identityFromClaims(
  claims: Record<string, unknown>,
  country: CountryCode,
): { identity: SessionIdentity } | { problem: string } {
  const acr = stringClaim(claims, 'acr');
  if (!acr?.startsWith(BANKID_ACR_VALUES[country])) return { problem: 'acr does not match the requested e-ID' };
  const raw = stringClaim(claims, country === 'NO' ? 'socialno' : 'ssn');
  if (!raw) return { problem: 'national ID claim missing' };
  const nationalId = normaliseNationalId(country, raw);
  if (!nationalId) return { problem: 'national ID claim invalid' };

  // Brokers send given_name and family_name; `name` alone is split at its last space.
  const fullName = stringClaim(claims, 'name');
  const lastSpace = fullName?.lastIndexOf(' ') ?? -1;
  const firstName = stringClaim(claims, 'given_name') ?? (fullName && lastSpace > 0 ? fullName.slice(0, lastSpace) : null);
  const lastName = stringClaim(claims, 'family_name') ?? (fullName && lastSpace > 0 ? fullName.slice(lastSpace + 1) : null);
  if (!firstName || !lastName) return { problem: 'name claims missing' };

  return {
    identity: {
      nationalId,
      country,
      firstName,
      lastName,
      method: country === 'NO' ? 'bankid-no' : 'bankid-se',
      authenticatedAt: new Date().toISOString(),
    },
  };
}

export default async function bankIdRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { issuer, clientId, clientSecret } = app.config.providers.oidc;
  const redirectUri = `${app.config.publicUrl}${API.bankIdCallback.pattern}`;

  // Discovered on first use, not at start: the sandbox broker is this very server, which is not
  // listening yet while plugins register. A failed discovery is forgotten, so the next try retries.
  let discovered: Promise<oidc.Configuration> | null = null;
  const brokerConfiguration = (): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
        // Plain HTTP only for the sandbox broker on this machine; a real broker must use HTTPS.
        execute: app.config.sandbox && issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        timeout: Math.ceil(app.config.providerTimeoutMs / 1000),
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  const fresh = (pending: PendingIdentification) => Date.now() - pending.startedAt < PENDING_MAX_AGE_MS;

  /** Back to the index page with the outcome; the log says why, with the reference only. */
  const fail = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Outcome,
    pending: Pick<PendingIdentification, 'country' | 'reference'> | null,
    reason: object,
  ) => {
    const country = pending?.country ?? null;
    request.log.warn({ ...reason, outcome, reference: pending?.reference ?? null, country }, 'bankid identification not completed');
    return reply
      .header('Cache-Control', 'no-store')
      .redirect(identificationPage(outcome, country, pending?.reference), 302);
  };

  /**
   * Starts an identification: counted against the client's address and the application first,
   * then the broker's address with the login's state kept in the session. A broker that cannot
   * be reached keeps nothing.
   */
  async function begin(
    request: FastifyRequest,
    reply: FastifyReply,
    country: CountryCode,
    reference: string | undefined,
    lang: Language | undefined,
  ): Promise<{ url: URL } | { unreachable: unknown }> {
    await app.limits.check(reply, [
      { limit: 'identificationPerIp', key: addressKey(request.ip) },
      { limit: 'identificationPerApplication', key: reference },
    ]);

    let configuration: oidc.Configuration;
    try {
      configuration = await brokerConfiguration();
    } catch (error) {
      return { unreachable: error };
    }

    const pending: PendingIdentification = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      country,
      ...(reference ? { reference } : {}),
      startedAt: Date.now(),
    };
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      acr_values: BANKID_ACR_VALUES[country],
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      // Every identification is a fresh BankID login, never a broker session from before.
      prompt: 'login',
      // The broker's pages in the language the customer reads the portal in (OIDC Core 3.1.2.1).
      ...(lang ? { ui_locales: lang } : {}),
    });

    const earlier = (request.session.oidc?.pending ?? []).filter(fresh);
    request.session.oidc = { pending: [...earlier, pending].slice(-PENDING_MAX) };
    request.log.info({ reference: reference ?? null, country }, 'bankid identification started');
    return { url: authorizationUrl };
  }

  /** A navigation: sends the browser to the broker, for the country's BankID. */
  api.get(
    API.bankIdStart.pattern,
    { schema: { params: startParams, querystring: startQuery } },
    async (request, reply) => {
      const country = countryFromParam(request.params.country);
      if (!country) throw ApiError.notFound();
      const { reference, lang } = request.query;
      const started = await begin(request, reply, country, reference, lang);
      if ('unreachable' in started) {
        return fail(request, reply, 'failed', { country, reference }, { step: 'discovery', ...reasonOf(started.unreachable) });
      }
      return reply.header('Cache-Control', 'no-store').redirect(started.url.href, 302);
    },
  );

  /** The SPA's start: answers the broker's address, or a refusal the page shows in place. */
  api.post(
    API.bankIdStart.pattern,
    { schema: { params: startParams, body: startQuery } },
    async (request, reply): Promise<IdentificationStart> => {
      const country = countryFromParam(request.params.country);
      if (!country) throw ApiError.notFound();
      const { reference, lang } = request.body;
      const started = await begin(request, reply, country, reference, lang);
      if ('unreachable' in started) {
        request.log.warn(
          { step: 'discovery', ...reasonOf(started.unreachable), outcome: 'failed', reference: reference ?? null, country },
          'bankid identification not completed',
        );
        throw new ApiError(503, 'WEB_SERVICE_DOWN');
      }
      return { authorizationUrl: started.url.href };
    },
  );

  /** The broker sends the browser back here, with a code or an error. */
  api.get(API.bankIdCallback.pattern, async (request, reply) => {
    const currentUrl = new URL(redirectUri);
    currentUrl.search = new URL(request.url, 'http://callback.invalid').search;
    const state = currentUrl.searchParams.get('state');

    const all = request.session.oidc?.pending ?? [];
    const pending = state ? all.find((p) => p.state === state && fresh(p)) : undefined;
    if (!pending) {
      // Unknown, expired or tampered: no login. The latest start still tells where to go back.
      return fail(request, reply, 'failed', all.at(-1) ?? null, { step: 'callback', kind: 'unknown state' });
    }
    // Single use, whatever happens next.
    const rest = all.filter((p) => p !== pending);
    request.session.oidc = rest.length > 0 ? { pending: rest } : undefined;

    let claims: Record<string, unknown>;
    try {
      const configuration = await brokerConfiguration();
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idTokenClaims = tokens.claims();
      if (!idTokenClaims) throw new Error('no ID token');
      claims = idTokenClaims;
    } catch (error) {
      const cancelled = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
      return fail(request, reply, cancelled ? 'cancelled' : 'failed', pending, { step: 'callback', ...reasonOf(error) });
    }

    const result = identityFromClaims(claims, pending.country);
    if ('problem' in result) {
      return fail(request, reply, 'failed', pending, { step: 'claims', kind: result.problem });
    }

    await logIn(request, result.identity, pending.reference);
    request.log.info({ reference: pending.reference ?? null, method: result.identity.method }, 'logged in');
    const target = pending.reference
      ? `${pagePath(PAGES.apply.url({ reference: pending.reference }))}?countryCode=${pending.country}`
      : pagePath(PAGES.index.url());
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });
}
