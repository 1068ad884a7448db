/**
 * The company registry adapter. Norway: Brønnøysundregistrene's open Enhetsregisteret (no
 * credentials). Sweden: Bolagsverket's signatories through the provider, with an OAuth2
 * client-credentials token. The same code talks to the sandbox simulator at /sandbox/registry.
 * Every call has a timeout and is recorded; answers are checked before they are trusted, and
 * nothing is thrown.
 */
import { type CountryCode, normaliseSwedishOrgNumber } from '@portal/domain';
import { createHttpClient, type HttpClient, type HttpRequest, type HttpResponse } from '../http';
import { type CallContext, fail, type InteractionRecorder, ok, type ProviderResult } from '../types';
import { signatoriesAnswer, signatoriesOfCombinations } from './bolagsverket';
import { rolesAnswer, signatoriesOfRoles } from './brreg';
import type { CompanyRegistryClient, CompanySignatories } from './types';

export interface RegistryClientOptions {
  /** Enhetsregisteret's API root, e.g. `https://data.brreg.no/enhetsregisteret/api`. */
  norway: { baseUrl: string };
  /** The provider's API root and credentials for Bolagsverket's signatories. */
  sweden: { baseUrl: string; clientId: string; clientSecret: string };
  timeoutMs: number;
  recorder: InteractionRecorder;
}

/** Token endpoint and scope of the provider's API ([?] the signing service's: Signicat's host serves both). */
const TOKEN_PATH = 'auth/open/connect/token';
const TOKEN_SCOPE = 'signicat-api';
/** Renew a token this long before it runs out, so that no call starts with a dying one. */
const TOKEN_MARGIN_MS = 30_000;
const BOLAGSVERKET_SOURCE = 'se-bolagsverket';

const segment = encodeURIComponent;
const unreadable = (status: number) => fail({ kind: 'refused', status, code: 'UNREADABLE_ANSWER' });
/** 404: no such company; 410: Brønnøysund's answer for a deleted one. */
const isNotFound = (result: ProviderResult<unknown>) =>
  !result.ok && result.failure.kind === 'refused' && (result.failure.status === 404 || result.failure.status === 410);

/** One client-credentials token per adapter, renewed before expiry; concurrent callers share one fetch. */
function bearerTokens(http: HttpClient, clientId: string, clientSecret: string) {
  // client_secret_basic: id and secret form-encoded, joined by a colon, base64 (RFC 6749 2.3.1).
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
  let token: { value: string; renewAt: number } | null = null;
  let fetching: Promise<ProviderResult<string>> | null = null;

  const fetchToken = async (context?: CallContext): Promise<ProviderResult<string>> => {
    const response = await http.request<unknown>({
      operation: 'token',
      method: 'POST',
      path: TOKEN_PATH,
      headers: { Authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials', scope: TOKEN_SCOPE },
      context,
    });
    if (!response.ok) return response;
    const body = response.value.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string' || body.access_token === '') return unreadable(response.value.status);
    const lifetimeMs = (typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 600) * 1000;
    token = { value: body.access_token, renewAt: Date.now() + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return ok(body.access_token);
  };

  return {
    get(context?: CallContext): Promise<ProviderResult<string>> {
      if (token && token.renewAt > Date.now()) return Promise.resolve(ok(token.value));
      fetching ??= fetchToken(context).finally(() => {
        fetching = null;
      });
      return fetching;
    },
    forget(value: string): void {
      if (token?.value === value) token = null;
    },
  };
}

export function createRegistryClient(options: RegistryClientOptions): CompanyRegistryClient {
  const http = (baseUrl: string) => createHttpClient({ provider: 'registry', baseUrl, timeoutMs: options.timeoutMs, recorder: options.recorder });
  const norway = http(options.norway.baseUrl);
  const sweden = http(options.sweden.baseUrl);
  const tokens = bearerTokens(sweden, options.sweden.clientId, options.sweden.clientSecret);

  /** A call to the provider with its token; a 401 means the token was revoked early: renew once. */
  const withToken = async (request: HttpRequest): Promise<ProviderResult<HttpResponse<unknown>>> => {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await tokens.get(request.context);
      if (!bearer.ok) return bearer;
      const response = await sweden.request<unknown>({ ...request, headers: { Authorization: `Bearer ${bearer.value}` } });
      const expired = !response.ok && response.failure.kind === 'refused' && response.failure.status === 401;
      if (!expired || attempt > 0) return response;
      tokens.forget(bearer.value);
    }
  };

  async function norwegian(organisationNumber: string, context?: CallContext): Promise<ProviderResult<CompanySignatories>> {
    const register = 'brreg-enhetsregisteret';
    const response = await norway.request<unknown>({ operation: 'getRoles', path: `enheter/${segment(organisationNumber)}/roller`, context });
    if (isNotFound(response)) return ok({ found: false, register });
    if (!response.ok) return response;
    const parsed = rolesAnswer.safeParse(response.value.body);
    if (!parsed.success) return unreadable(response.value.status);
    return ok({ found: true, register, signatories: signatoriesOfRoles(parsed.data) });
  }

  async function swedish(organisationNumber: string, context?: CallContext): Promise<ProviderResult<CompanySignatories>> {
    const register = 'bolagsverket';
    const response = await withToken({
      operation: 'getSignatories',
      path: `info/lookup/countries/se/organizations/${segment(organisationNumber)}/authorization`,
      query: { source: BOLAGSVERKET_SOURCE },
      context,
    });
    if (isNotFound(response)) return ok({ found: false, register });
    if (!response.ok) return response;
    const parsed = signatoriesAnswer.safeParse(response.value.body);
    // An answer about another company is no answer about this one.
    if (!parsed.success || normaliseSwedishOrgNumber(parsed.data.organizationNumber) !== organisationNumber) return unreadable(response.value.status);
    return ok({ found: true, register, signatories: signatoriesOfCombinations(parsed.data) });
  }

  return {
    signatories(country: CountryCode, organisationNumber: string, context?: CallContext) {
      return country === 'NO' ? norwegian(organisationNumber, context) : swedish(organisationNumber, context);
    },
  };
}
