/**
 * The provider adapters, built from the configuration. In sandbox mode their base URLs point at
 * the simulators on this server; nothing else changes. Every call is measured (health.ts, the
 * metrics) before it is written to the interaction log; the lenders' calls pass their circuits.
 */
import { createLenderDocuments, type LenderDocuments } from './lender-documents/client';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API, BACK_OFFICE_AUTH, COUNTRY_CODES, type CountryCode, type MonitoredProvider } from '@portal/domain';
import { type BankIdBroker, createBankIdBroker } from './bankid/client';
import { createOidcLogin, type OidcLogin } from './oidc/client';
import { createGrenkeClient } from './grenke/client';
import type { GrenkeClient } from './grenke/types';
import { createProviderHealth, type ProviderHealth } from './health';
import { databaseRecorder } from './interactions';
import { createRegistryClient } from './registry/client';
import type { CompanyRegistryClient } from './registry/types';
import { createTokenCache, type TokenCache } from './oauth-tokens';
import { accountClients, resursV1Identity, type ResursV1Clients, resursV2Identity, type ResursV2Clients } from './resurs-accounts';
import { createResursV1Client } from './resurs-v1/client';
import { createResursV2Client } from './resurs-v2/client';
import { createSigningClient } from './signing/client';
import type { SigningClient } from './signing/types';
import { fail, type InteractionRecorder, ok, type ProviderResult } from './types';
import type { Config } from '../config';

/**
 * The configured providers. A lender, the signing service or a country's registry may be left
 * out (null): its products are then not offered (config.offers), so nothing asks for it.
 */
/**
 * A provider the caller's product needs, or, where this portal has none (it was removed from the
 * configuration after the application was made), the failure that says so.
 */
export function configured<T>(client: T | null): ProviderResult<T> {
  return client === null ? fail({ kind: 'unavailable', reason: 'not-configured' }) : ok(client);
}

export interface Providers {
  /** A client per Resurs account: the portal's per country, and merchants' own (ADR 22). */
  resursV2: ResursV2Clients | null;
  resursV1: ResursV1Clients | null;
  grenke: GrenkeClient | null;
  signing: SigningClient | null;
  registry: CompanyRegistryClient;
  /** The BankID broker customers identify through (OpenID Connect). */
  bankId: BankIdBroker;
  /** The broker the lender's staff sign in to the back office through; null when not configured. */
  operatorLogin: OidcLogin | null;
  /** A lender's own document for one credit (the SECCI), fetched as the lender serves it. */
  lenderDocuments: LenderDocuments;
}

declare module 'fastify' {
  interface FastifyInstance {
    providers: Providers;
    /** How each provider is doing on this instance: circuits, error rate, latency (ADR 17). */
    providerHealth: ProviderHealth;
  }
}

/**
 * A broker on this very machine (a local proxy, a test's): plain HTTP never leaves the host, so
 * the OpenID client may use it. Any other broker must be HTTPS.
 */
function isLoopback(address: string): boolean {
  const { hostname } = new URL(address);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * The provider clients of a configuration. The server builds them with its circuits and its
 * interaction log (below); the providers' preflight (cli/providers-check.ts) with neither.
 */
export function buildProviders(
  config: Config,
  app: { log: FastifyBaseLogger },
  { recorder, health, tokens = createTokenCache() }: { recorder: InteractionRecorder; health?: Pick<ProviderHealth, 'guard'>; tokens?: TokenCache },
): Providers {
  const timeoutMs = config.providerTimeoutMs;
  const p = config.providers;
  const resursV2Guard = health?.guard('resurs-v2');
  const resursV1Guard = health?.guard('resurs-v1');
  const grenkeCountries = p.grenke?.countries;
  const providers = {
    resursV2:
      p.resursV2 &&
      accountClients(p.resursV2.accounts, resursV2Identity, (account) =>
        createResursV2Client({ baseUrl: p.resursV2?.baseUrl ?? '', ...account, timeoutMs, recorder, guard: resursV2Guard, tokens }),
      ),
    resursV1:
      p.resursV1 &&
      accountClients(p.resursV1.accounts, resursV1Identity, (account) =>
        createResursV1Client({ baseUrl: p.resursV1?.baseUrl ?? '', ...account, timeoutMs, recorder, guard: resursV1Guard }),
      ),
    grenke:
      p.grenke &&
      createGrenkeClient({
        baseUrl: p.grenke.baseUrl,
        // Each country's calls present that country's certificate (GRENKE issues one per country).
        countries: { NO: grenkeCountries?.NO ?? null, SE: grenkeCountries?.SE ?? null },
        terms: p.grenke.terms,
        objectType: p.grenke.objectType,
        timeoutMs,
        recorder,
        guard: health?.guard('grenke'),
        log: app.log,
        sandbox: config.sandbox,
      }),
    signing: p.signing && createSigningClient({ ...p.signing, timeoutMs, recorder, tokens }),
    registry: createRegistryClient({ ...p.registry, timeoutMs, recorder, tokens }),
    bankId: createBankIdBroker({ ...p.oidc, redirectUri: `${config.publicUrl}${API.bankIdCallback.pattern}`, allowInsecureHttp: config.sandbox || isLoopback(p.oidc.issuer), timeoutMs }),
    lenderDocuments: createLenderDocuments({ timeoutMs, recorder }),
    operatorLogin: config.backOffice.oidc
      ? createOidcLogin({
          ...config.backOffice.oidc,
          redirectUri: `${config.publicUrl}${BACK_OFFICE_AUTH.callback.pattern}`,
          allowInsecureHttp: config.sandbox,
          timeoutMs,
        })
      : null,
  } satisfies Providers;
  return providers;
}

/** The measured providers this portal has an account with. */
function configuredProviders(config: Config): ReadonlySet<MonitoredProvider> {
  const p = config.providers;
  const all: [MonitoredProvider, boolean][] = [
    ['resurs-v2', p.resursV2 !== null],
    ['resurs-v1', p.resursV1 !== null],
    ['grenke', p.grenke !== null],
    ['signing', p.signing !== null],
    ['registry', true],
  ];
  return new Set(all.filter(([, on]) => on).map(([provider]) => provider));
}

export default fp(async function providers(app: FastifyInstance) {
  const { config } = app;
  const health = createProviderHealth({
    probeIntervalMs: config.providerProbeIntervalMs,
    configured: configuredProviders(config),
    log: app.log,
    events: {
      onCall: (interaction) => app.metrics.providerCall(interaction),
      onShortCircuit: (provider, operation) => app.metrics.shortCircuited(provider, operation),
    },
  });
  // One OAuth2 token cache for every client of the process, by token URL and client id.
  const providers = buildProviders(config, app, { recorder: health.recorder(databaseRecorder(app.db, app.log)), health });
  app.decorate('providers', providers);
  app.decorate('providerHealth', health);
  // Open circuits are tested in the background from the start; nothing runs while all are closed.
  // A lender's circuit is the lender's, whichever account calls: the probe asks with the portal's own.
  const probeEach = async (probe: (country: CountryCode) => Promise<ProviderResult<void>> | null): Promise<ProviderResult<void>> => {
    for (const country of COUNTRY_CODES) {
      const result = await probe(country);
      if (result && !result.ok) return result;
    }
    return ok(undefined);
  };
  // A provider that is not configured is never called, so its circuit never opens: its probe is never asked.
  health.watch({
    'resurs-v1': () => probeEach((country) => providers.resursV1?.portalClient(country)?.probe() ?? null),
    'resurs-v2': () => probeEach((country) => providers.resursV2?.portalClient(country)?.probe() ?? null),
    grenke: () => providers.grenke?.probe() ?? Promise.resolve(ok(undefined)),
  });
  app.addHook('onClose', async () => health.stop());
});
