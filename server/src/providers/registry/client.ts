/**
 * The company registry adapter. Norway: Brønnøysundregistrene's open Enhetsregisteret (no
 * credentials). Sweden: Bolagsverket's signing rules through Signicat's Information API, with an
 * OAuth2 client-credentials token. The same code talks to the sandbox simulator at
 * /sandbox/registry. Every call has a timeout and is recorded; an answer without the published
 * shape is an `unreadable` failure (providers/http.ts), and nothing is thrown.
 */
import type { CountryCode } from '@portal/domain';
import { createHttpClient } from '../http';
import { accessTokens, type TokenCache, withBearer } from '../oauth-tokens';
import { type CallContext, fail, type InteractionRecorder, ok, type ProviderResult } from '../types';
import { authorizationAnswer, signatoriesOfAuthorization } from './bolagsverket';
import { rolesAnswer, signatoriesOfRoles } from './brreg';
import type { CompanyRegistryClient, CompanySignatories } from './types';

export interface RegistryClientOptions {
  /** Enhetsregisteret's API root, e.g. `https://data.brreg.no/enhetsregisteret/api`. */
  norway: { baseUrl: string };
  /** The provider's API root and credentials for Bolagsverket's signatories; null: not configured. */
  sweden: { baseUrl: string; clientId: string; clientSecret: string } | null;
  timeoutMs: number;
  recorder: InteractionRecorder;
  /** The process's one token cache (oauth-tokens.ts); a cache of its own when left out. */
  tokens?: TokenCache | undefined;
}

/** Signicat's token endpoint and scope, for every API of Signicat's ([O] signicat-net `Infrastructure/AuthManager.cs:22-30`, `Urls.cs:5-11`). */
const TOKEN_PATH = 'auth/open/connect/token';
const TOKEN_SCOPE = 'signicat-api';
const BOLAGSVERKET_SOURCE = 'se-bolagsverket';

const segment = encodeURIComponent;
/** 404: no such company; 410: Brønnøysund's answer for a deleted one. */
const isNotFound = (result: ProviderResult<unknown>) =>
  !result.ok && result.failure.kind === 'refused' && (result.failure.status === 404 || result.failure.status === 410);

export function createRegistryClient(options: RegistryClientOptions): CompanyRegistryClient {
  const http = (baseUrl: string) => createHttpClient({ provider: 'registry', baseUrl, timeoutMs: options.timeoutMs, recorder: options.recorder });
  const norway = http(options.norway.baseUrl);
  const swedishAccount = options.sweden;
  const sweden = swedishAccount && http(swedishAccount.baseUrl);
  const withToken =
    swedishAccount && sweden
      ? withBearer(sweden, accessTokens(sweden, { clientId: swedishAccount.clientId, clientSecret: swedishAccount.clientSecret, path: TOKEN_PATH, scope: TOKEN_SCOPE, authentication: 'basic' }, options.tokens))
      : null;

  async function norwegian(organisationNumber: string, context?: CallContext): Promise<ProviderResult<CompanySignatories>> {
    const register = 'brreg-enhetsregisteret';
    const response = await norway.request({ operation: 'getRoles', path: `enheter/${segment(organisationNumber)}/roller`, answer: rolesAnswer, context });
    if (isNotFound(response)) return ok({ found: false, register });
    if (!response.ok) return response;
    return ok({ found: true, register, signatories: signatoriesOfRoles(response.value.body), unsettled: [] });
  }

  async function swedish(organisationNumber: string, context?: CallContext): Promise<ProviderResult<CompanySignatories>> {
    const register = 'bolagsverket';
    if (!withToken) return fail({ kind: 'unavailable', reason: 'not-configured' });
    const response = await withToken({
      operation: 'getSignatories',
      path: `info/lookup/countries/se/organizations/${segment(organisationNumber)}/authorization`,
      query: { source: BOLAGSVERKET_SOURCE },
      answer: authorizationAnswer,
      context,
    });
    // [?] Signicat does not publish the status of an unknown company: 404 (or 410) is read as one.
    if (isNotFound(response)) return ok({ found: false, register });
    if (!response.ok) return response;
    return ok({ found: true, register, ...signatoriesOfAuthorization(response.value.body) });
  }

  return {
    signatories(country: CountryCode, organisationNumber: string, context?: CallContext) {
      return country === 'NO' ? norwegian(organisationNumber, context) : swedish(organisationNumber, context);
    },
  };
}
