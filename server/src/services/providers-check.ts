/**
 * The providers' preflight (`npm run providers:check`, the back office's Providers page): with
 * the configured credentials, only harmless calls (a token, the stores and payment methods, a
 * price, a registry lookup of a known organisation, the broker's discovery document), and per
 * provider and country what answered, what did not and why, in terms an operator can act on.
 *
 * The clients are built afresh for the check, without the server's circuits and interaction log:
 * a check is not a customer's call, and it must reach a lender whose circuit is open.
 */
import { COUNTRY_CODES, type CountryCode, type PreflightCheck, type PreflightProblem, type PreflightProvider, type PreflightReport, TEST_COMPANIES } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { buildProviders } from '../providers/index';
import { memoryRecorder } from '../providers/interactions';
import type { ProviderFailure, ProviderResult } from '../providers/types';

/** Organisations every registry knows, looked up to check a registry: the registries themselves. */
export const KNOWN_ORGANISATIONS: Readonly<Record<CountryCode, string>> = {
  // Brønnøysundregistrene.
  NO: '974760673',
  // Bolagsverket.
  SE: '2021005489',
};

/** The organisation a registry check looks up: in the sandbox, whose registries know only the test companies, the first of the country's. */
function knownOrganisation(config: Config, country: CountryCode): string {
  const test = TEST_COMPANIES.find((company) => company.country === country);
  return config.sandbox && test ? test.organisationNumber : KNOWN_ORGANISATIONS[country];
}

/** A price asked for in each country: an ordinary purchase, within every lender's published limits. */
const SAMPLE_PRICE = { amount: 10_000, period: 24 } as const;

/** The settings an operator checks for a provider in a country (the README names each). */
function settingsOf(provider: PreflightProvider, country: CountryCode | null): string[] {
  const pair = (name: string) => (country ? `${name}_${country} (or ${name})` : name);
  switch (provider) {
    case 'resurs-v2':
      return ['RESURS_V2_BASE_URL', pair('RESURS_V2_CLIENT_ID'), pair('RESURS_V2_CLIENT_SECRET'), pair('RESURS_V2_STORE_ID')];
    case 'resurs-v1':
      return ['RESURS_V1_BASE_URL', pair('RESURS_V1_USERNAME'), pair('RESURS_V1_PASSWORD')];
    case 'grenke':
      return ['GRENKE_BASE_URL', pair('GRENKE_CLIENT_CERT_FILE'), pair('GRENKE_CLIENT_KEY_FILE')];
    case 'signing':
      return ['SIGNING_BASE_URL', 'SIGNING_CLIENT_ID', 'SIGNING_CLIENT_SECRET'];
    case 'registry':
      return country === 'SE' ? ['REGISTRY_SE_BASE_URL', 'REGISTRY_SE_CLIENT_ID', 'REGISTRY_SE_CLIENT_SECRET'] : ['REGISTRY_NO_BASE_URL'];
    case 'bankid':
      return ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_PROFILE'];
  }
}

function problemKind(failure: ProviderFailure): PreflightProblem {
  switch (failure.kind) {
    case 'unavailable':
      return failure.reason === 'timeout'
        ? 'timeout'
        : failure.reason === 'network'
          ? 'unreachable'
          : failure.reason === 'circuit-open'
            ? 'circuit-open'
            : failure.reason === 'not-configured'
              ? 'not-configured'
              : 'server-error';
    case 'rate-limited':
      return 'rate-limited';
    case 'refused':
      return failure.status === 401 || failure.status === 403 ? 'credentials-refused' : 'refused';
    case 'unreadable':
      return 'unreadable';
  }
}

type Step = () => Promise<ProviderResult<unknown>>;

export async function runProvidersCheck(config: Config, log: FastifyBaseLogger): Promise<PreflightReport> {
  const recorder = memoryRecorder();
  const providers = buildProviders(config, { log }, { recorder });
  const p = config.providers;
  const checks: PreflightCheck[] = [];

  /** Runs the steps in order until one fails, and says what was called. */
  async function check(provider: PreflightProvider, country: CountryCode | null, address: string | null, steps: Step[], firstCall: string | null = null): Promise<void> {
    const first = recorder.interactions.length;
    let failure: ProviderFailure | null = null;
    for (const step of steps) {
      const result = await step();
      if (!result.ok) {
        failure = result.failure;
        break;
      }
    }
    const made = recorder.interactions.slice(first);
    const failed = [...made].reverse().find((call) => call.outcome !== 'ok') ?? made.at(-1);
    checks.push({
      provider,
      country,
      outcome: failure ? 'failed' : 'ok',
      calls: made.map((call) => call.operation),
      problem: failure
        ? {
            kind: problemKind(failure),
            // A call made past the HTTP client (the broker's discovery goes through the OpenID library) is named by the check.
            operation: failed?.operation ?? firstCall,
            status: failure.kind === 'refused' || failure.kind === 'unreadable' ? failure.status : failure.kind === 'unavailable' ? (failure.status ?? null) : 429,
            field: failure.kind === 'unreadable' ? failure.field : null,
            code: failure.kind === 'refused' ? (failure.code ?? null) : null,
          }
        : null,
      settings: settingsOf(provider, country),
      address,
    });
  }
  const off = (provider: PreflightProvider, country: CountryCode | null) =>
    checks.push({ provider, country, outcome: 'off', calls: [], problem: null, settings: settingsOf(provider, country), address: null });

  for (const country of COUNTRY_CODES) {
    const client = providers.resursV2?.portalClient(country);
    if (!client) off('resurs-v2', country);
    else await check('resurs-v2', country, p.resursV2?.baseUrl ?? null, [() => client.probe(), () => client.getPricing({ countryCode: country, ...SAMPLE_PRICE })]);
  }
  for (const country of COUNTRY_CODES) {
    const client = providers.resursV1?.portalClient(country);
    if (!client) off('resurs-v1', country);
    else await check('resurs-v1', country, p.resursV1?.baseUrl ?? null, [() => client.probe(), () => client.getPricing({ countryCode: country, ...SAMPLE_PRICE })]);
  }
  for (const country of COUNTRY_CODES) {
    const grenke = providers.grenke;
    if (!grenke || !p.grenke?.countries[country]) off('grenke', country);
    else await check('grenke', country, p.grenke.baseUrl, [() => grenke.probe(country)]);
  }
  const signing = providers.signing;
  if (!signing) off('signing', null);
  else await check('signing', null, p.signing?.baseUrl ?? null, [() => signing.probe()]);
  for (const country of COUNTRY_CODES) {
    // A registry is asked only for business applications: where they are not offered, it is not used.
    if (!config.offers.business.includes(country) || (country === 'SE' && !p.registry.sweden)) off('registry', country);
    else {
      const address = country === 'NO' ? p.registry.norway.baseUrl : (p.registry.sweden?.baseUrl ?? null);
      await check('registry', country, address, [() => providers.registry.signatories(country, knownOrganisation(config, country))]);
    }
  }
  await check('bankid', null, p.oidc.issuer, [() => providers.bankId.probe()], 'discovery');
  return { at: new Date().toISOString(), sandbox: config.sandbox, checks };
}
