/**
 * The only reader of process.env. Parsed and checked at start; a bad configuration stops the
 * start with a list of everything that is wrong.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode, RATE_LIMIT_NAMES, RATE_LIMITS, type RateLimit, type RateLimitName } from '@portal/domain';
import { type DataKey, parseDataKeys } from './lib/personal-data';
import { defaultMailFrom, mailFromProblem, smtpUrlProblem } from './services/mail/settings';
import { GRENKE_PAYMENT_FREQUENCIES, GRENKE_PAYMENT_METHODS, GRENKE_PRODUCT_TYPES, type GrenkeTerms } from './providers/grenke/client';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = z.url({ protocol: /^https?$/ });

/**
 * The BankID brokers the portal knows (providers/bankid): each names the e-IDs, scopes and the
 * national ID's claim its own way.
 */
export const OIDC_PROFILES = ['idura', 'signicat'] as const;
export type OidcProfileName = (typeof OIDC_PROFILES)[number];

/** Brønnøysund's Enhetsregisteret is open: no account, so the production address is the default outside the sandbox. */
export const BRREG_PRODUCTION_URL = 'https://data.brreg.no/enhetsregisteret/api';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  SANDBOX: bool.optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  PDF_FONT_DIR: z.string().optional(),
  RESURS_MERCHANT_API_ENABLED: bool.default(true),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PAGE_DATA_DEADLINE_MS: z.coerce.number().int().min(0).max(10_000).default(1_500),
  PROVIDER_PROBE_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_ENCRYPTION_KEYS: z.string().optional(),
  DATA_LOOKUP_KEY: z.string().optional(),
  LEASING_TERMS_VERSION_NO: z.string().max(100).optional(),
  LEASING_TERMS_VERSION_SE: z.string().max(100).optional(),
  RATE_LIMITS: z.string().optional(),
  RETENTION_DAYS_AFTER_FINAL: z.coerce.number().int().min(1).max(3650).default(90),
  CONSENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(7300).default(1095),
  JOB_HISTORY_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // E-mail (issue 31, ADR 33): checked by readMail below.
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().max(300).optional(),

  RESURS_V2_BASE_URL: url.optional(),
  RESURS_V2_CLIENT_ID: z.string().min(1).optional(),
  RESURS_V2_CLIENT_SECRET: z.string().min(1).optional(),
  RESURS_V2_STORE_ID: z.string().min(1).optional(),
  // Resurs issues an account per country; each country falls back to the variable without suffix.
  RESURS_V2_CLIENT_ID_NO: z.string().min(1).optional(),
  RESURS_V2_CLIENT_SECRET_NO: z.string().min(1).optional(),
  RESURS_V2_STORE_ID_NO: z.string().min(1).optional(),
  RESURS_V2_CLIENT_ID_SE: z.string().min(1).optional(),
  RESURS_V2_CLIENT_SECRET_SE: z.string().min(1).optional(),
  RESURS_V2_STORE_ID_SE: z.string().min(1).optional(),
  RESURS_V1_BASE_URL: url.optional(),
  RESURS_V1_USERNAME: z.string().min(1).optional(),
  RESURS_V1_PASSWORD: z.string().min(1).optional(),
  RESURS_V1_USERNAME_NO: z.string().min(1).optional(),
  RESURS_V1_PASSWORD_NO: z.string().min(1).optional(),
  RESURS_V1_USERNAME_SE: z.string().min(1).optional(),
  RESURS_V1_PASSWORD_SE: z.string().min(1).optional(),
  GRENKE_BASE_URL: url.optional(),
  GRENKE_CLIENT_CERT_FILE: z.string().min(1).optional(),
  GRENKE_CLIENT_KEY_FILE: z.string().min(1).optional(),
  // GRENKE issues a client certificate per country (branch); each falls back to the pair without suffix.
  GRENKE_CLIENT_CERT_FILE_NO: z.string().min(1).optional(),
  GRENKE_CLIENT_KEY_FILE_NO: z.string().min(1).optional(),
  GRENKE_CLIENT_CERT_FILE_SE: z.string().min(1).optional(),
  GRENKE_CLIENT_KEY_FILE_SE: z.string().min(1).optional(),
  // What the leases are asked for: each GRENKE account's condition list allows some (ADR 29).
  GRENKE_PRODUCT_TYPE: z.enum(GRENKE_PRODUCT_TYPES).optional(),
  GRENKE_PAYMENT_FREQUENCY: z.enum(GRENKE_PAYMENT_FREQUENCIES).optional(),
  GRENKE_PAYMENT_METHOD: z.enum(GRENKE_PAYMENT_METHODS).optional(),
  GRENKE_OBJECT_TYPE: z.string().min(1).max(100).optional(),
  SIGNING_BASE_URL: url.optional(),
  SIGNING_CLIENT_ID: z.string().min(1).optional(),
  SIGNING_CLIENT_SECRET: z.string().min(1).optional(),
  // The e-ID signature method names on the signing account (Signicat's are set up per account).
  SIGNING_METHOD_NO: z.string().min(1).max(100).optional(),
  SIGNING_METHOD_SE: z.string().min(1).max(100).optional(),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROFILE: z.enum(OIDC_PROFILES).default('idura'),
  REGISTRY_NO_BASE_URL: url.optional(),
  REGISTRY_SE_BASE_URL: url.optional(),
  REGISTRY_SE_CLIENT_ID: z.string().min(1).optional(),
  REGISTRY_SE_CLIENT_SECRET: z.string().min(1).optional(),
  BACK_OFFICE_OIDC_ISSUER: url.optional(),
  BACK_OFFICE_OIDC_CLIENT_ID: z.string().min(1).optional(),
  BACK_OFFICE_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  BACK_OFFICE_ROLE_CLAIM: z.string().min(1).default('roles'),
  BACK_OFFICE_DIST_DIR: z.string().optional(),
  // The credit reference agency each consumer lender consults, as the customer will see it (ADR 34).
  CREDIT_AGENCY_RESURS_SE: z.string().min(1).max(100).optional(),
  CREDIT_AGENCY_RESURS_NO: z.string().min(1).max(100).optional(),
  // After the decision (ADR 38): where the consumer lender's staff receive review requests and
  // withdrawals (besides the back office's queue), and whether its decisions involve automated
  // processing (CCD2 Art. 18(8), 18(9)): the lender's policy, when its answer does not say.
  LENDER_MAILBOX_RESURS: z.string().email().max(200).optional(),
  DECISIONS_AUTOMATED_RESURS: z.enum(['true', 'false']).default('true'),
});

export type Env = z.input<typeof envSchema>;

/**
 * Every variable that points the portal at a real provider. The sandbox (simulated providers,
 * dummy login, demo shop) runs only when none is set: a dummy login beside a real lender or a
 * real BankID broker would let anyone act as any test person against the real thing.
 */
const PROVIDER_VARIABLES = [
  'RESURS_V2_BASE_URL',
  'RESURS_V2_CLIENT_ID',
  'RESURS_V2_CLIENT_SECRET',
  'RESURS_V2_STORE_ID',
  'RESURS_V2_CLIENT_ID_NO',
  'RESURS_V2_CLIENT_SECRET_NO',
  'RESURS_V2_STORE_ID_NO',
  'RESURS_V2_CLIENT_ID_SE',
  'RESURS_V2_CLIENT_SECRET_SE',
  'RESURS_V2_STORE_ID_SE',
  'RESURS_V1_BASE_URL',
  'RESURS_V1_USERNAME',
  'RESURS_V1_PASSWORD',
  'RESURS_V1_USERNAME_NO',
  'RESURS_V1_PASSWORD_NO',
  'RESURS_V1_USERNAME_SE',
  'RESURS_V1_PASSWORD_SE',
  'GRENKE_BASE_URL',
  'GRENKE_CLIENT_CERT_FILE',
  'GRENKE_CLIENT_KEY_FILE',
  'GRENKE_CLIENT_CERT_FILE_NO',
  'GRENKE_CLIENT_KEY_FILE_NO',
  'GRENKE_CLIENT_CERT_FILE_SE',
  'GRENKE_CLIENT_KEY_FILE_SE',
  'GRENKE_PRODUCT_TYPE',
  'GRENKE_PAYMENT_FREQUENCY',
  'GRENKE_PAYMENT_METHOD',
  'GRENKE_OBJECT_TYPE',
  'SIGNING_BASE_URL',
  'SIGNING_CLIENT_ID',
  'SIGNING_CLIENT_SECRET',
  'SIGNING_METHOD_NO',
  'SIGNING_METHOD_SE',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'REGISTRY_NO_BASE_URL',
  'REGISTRY_SE_BASE_URL',
  'REGISTRY_SE_CLIENT_ID',
  'REGISTRY_SE_CLIENT_SECRET',
] as const;

const RESURS_V2_VARIABLES = PROVIDER_VARIABLES.filter((key) => key.startsWith('RESURS_V2_'));
const RESURS_V1_VARIABLES = PROVIDER_VARIABLES.filter((key) => key.startsWith('RESURS_V1_'));
const GRENKE_VARIABLES = PROVIDER_VARIABLES.filter((key) => key.startsWith('GRENKE_'));

/** Credentials that identify a real deployment; any of them switches the sandbox default off. */
const PROVIDER_CREDENTIALS = [
  'RESURS_V2_CLIENT_ID',
  'RESURS_V2_CLIENT_ID_NO',
  'RESURS_V2_CLIENT_ID_SE',
  'RESURS_V1_USERNAME',
  'RESURS_V1_USERNAME_NO',
  'RESURS_V1_USERNAME_SE',
  'GRENKE_CLIENT_CERT_FILE',
  'GRENKE_CLIENT_CERT_FILE_NO',
  'GRENKE_CLIENT_CERT_FILE_SE',
  'SIGNING_CLIENT_ID',
  'OIDC_CLIENT_ID',
  'REGISTRY_SE_CLIENT_ID',
] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin the browser sees, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sandbox: boolean;
  sessionSecret: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  /** Where Liberation Sans is looked for first, to embed in the SECCI PDFs the portal writes (else the system's folders). */
  pdfFontDir: string | null;
  providerTimeoutMs: number;
  /**
   * How long a page rendered on the server may wait for its data before it goes out for the
   * browser to render (ADR 26); 0: no page is rendered on the server.
   */
  pageDataDeadlineMs: number;
  /** How often an open lender circuit is tested by a background probe (ADR 17). */
  providerProbeIntervalMs: number;
  /** Bearer token /metrics asks for; undefined: open (outside production only). */
  metricsToken: string | undefined;
  /**
   * Keys of personal data at rest (ADR 12): the first seals, all open; the lookup key hashes
   * national IDs. Unset outside production: a pair is generated and kept in the database.
   */
  dataKeys: { encryption: DataKey[]; lookup: Buffer; earlierLookup: Buffer[] } | undefined;
  /** The version of each country's external leasing terms, as the operator read them (consent evidence). */
  leasingTermsVersions: { NO: string | null; SE: string | null };
  features: { resursMerchantApiEnabled: boolean };
  /** Every rate limit (domain's RATE_LIMITS), with the points RATE_LIMITS set instead (ADR 15). */
  rateLimits: Readonly<Record<RateLimitName, RateLimit>>;
  /** How long data is kept (ADR 18; the README's "Scaling and data retention" says why). */
  retention: {
    /** Days after an application turns final (and a subscription's term ends) before its personal data is erased. */
    daysAfterFinal: number;
    /** Days after an application turns final before its consent evidence is deleted. */
    consentDays: number;
    /** Days the job queue keeps finished jobs (pg-boss's archive). */
    jobHistoryDays: number;
  };
  /**
   * E-mail (ADR 33): the SMTP server (null: none; the sandbox's own in sandbox mode, else mails
   * wait, queued) and the sender (the From header; its domain names the Message-IDs).
   */
  mail: { smtpUrl: string | null; from: string };
  /**
   * Each provider on its own (null: not configured, outside the sandbox). A lender's product is
   * offered only where its provider is configured (`offers`); the BankID broker is always needed.
   */
  providers: {
    /** The portal's own Resurs accounts, per country (Resurs issues Norway and Sweden separately; null: none there). */
    resursV2: { baseUrl: string; accounts: Record<CountryCode, ResursV2Account | null> } | null;
    resursV1: { baseUrl: string; accounts: Record<CountryCode, ResursV1Account | null> } | null;
    /**
     * GRENKE, with the client certificate of each country it is configured for (null: not there;
     * the sandbox needs none), the terms its leases are asked for and the object type of the
     * products (the adapter's defaults where unset).
     */
    grenke: { baseUrl: string; countries: Record<CountryCode, GrenkeCountry | null>; terms: Partial<GrenkeTerms>; objectType: string | undefined } | null;
    /** The signing service, and the names of its BankID signature methods where the account's differ from the usual. */
    signing: { baseUrl: string; clientId: string; clientSecret: string; signatureMethods: Partial<Record<CountryCode, string>> } | null;
    oidc: { issuer: string; clientId: string; clientSecret: string; profile: OidcProfileName };
    /**
     * Who may sign for a company: Brønnøysund's Enhetsregisteret (NO, open, always there), and
     * Bolagsverket through the provider (SE; null: not configured).
     */
    registry: { norway: { baseUrl: string }; sweden: { baseUrl: string; clientId: string; clientSecret: string } | null };
  };
  /** Where each product is offered: the countries whose lender (and, for companies, signing and registry) is configured. */
  offers: Offers;
  /**
   * The credit reference agency each consumer lender consults, per country, which the credit
   * check notice names (services/credit-agencies.ts; ADR 34); undefined: none configured.
   */
  creditAgencies: { RESURS: Record<CountryCode, string | null> } | undefined;
  /**
   * The consumer lender's side of what follows a decision (issue 32, ADR 38): the staff mailbox
   * review requests and withdrawals go to (null: the back office's queue only; the sandbox's
   * mailbox in the sandbox), and whether its credit decisions involve automated processing.
   */
  lenderDesk: { RESURS: { mailbox: string | null; decisionsAutomated: boolean } };
  /**
   * The back office: its operators sign in at the OIDC broker with a client of their own, and
   * their roles come in `roleClaim`. Null (the back office is closed) when no client is configured.
   */
  backOffice: {
    oidc: { issuer: string; clientId: string; clientSecret: string; roleClaim: string } | null;
    /** The console's build (its own Vite bundle). */
    distDir: string;
  };
}

/** A Resurs Merchant API 2.0 client (OAuth2 client credentials) and the store it sells from. */
export interface ResursV2Account {
  clientId: string;
  clientSecret: string;
  storeId: string;
}

/** A Resurs Simplified Shop Flow representative (SOAP, Basic auth). */
export interface ResursV1Account {
  username: string;
  password: string;
}

/** GRENKE's client certificate for one country (mTLS); both undefined in the sandbox, whose simulator asks for none. */
export interface GrenkeCountry {
  certFile: string | undefined;
  keyFile: string | undefined;
}

/** The countries each lender route is offered in. */
export interface Offers {
  /** Consumer credit through Resurs Merchant API 2.0. */
  resursV2: CountryCode[];
  /** Consumer credit through Resurs Simplified Shop Flow (version 1). */
  resursV1: CountryCode[];
  /** Business leasing through GRENKE (with the signing service and the country's company registry). */
  business: CountryCode[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root, found from this file whether it runs from src/ or from the bundle. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (existsSync(join(dir, 'web')) && existsSync(join(dir, 'server'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/** Both keys or neither (then generated, outside production only). */
function readDataKeys(
  encryption: string | undefined,
  lookup: string | undefined,
  production: boolean,
  problems: string[],
): Config['dataKeys'] {
  if (encryption === undefined && lookup === undefined) {
    if (production) problems.push('DATA_ENCRYPTION_KEYS and DATA_LOOKUP_KEY: required in production');
    return undefined;
  }
  if (encryption === undefined) problems.push('DATA_ENCRYPTION_KEYS: required with DATA_LOOKUP_KEY');
  if (lookup === undefined) problems.push('DATA_LOOKUP_KEY: required with DATA_ENCRYPTION_KEYS');
  const parsed = parseDataKeys(encryption ?? '');
  if (encryption !== undefined) problems.push(...parsed.problems.map((p) => `DATA_ENCRYPTION_KEYS: ${p}`));
  // `new,old`: the first hashes; the ones after it still find rows a rotation has not re-hashed yet.
  const lookupKeys = (lookup ?? '').split(',').map((text) => Buffer.from(text.trim(), 'base64'));
  if (lookup !== undefined) {
    lookupKeys.forEach((k, i) => {
      if (k.length < 32) problems.push(`DATA_LOOKUP_KEY: must be at least 32 bytes, base64 encoded (key ${i + 1})`);
    });
  }
  const [current = Buffer.alloc(0), ...earlierLookup] = lookupKeys;
  return { encryption: parsed.keys, lookup: current, earlierLookup };
}

/**
 * RATE_LIMITS: `name=points,…` for limits whose points differ here (a test suite that runs every
 * journey from one address raises the per-address ones); the windows stay domain's.
 */
function readRateLimits(value: string | undefined, problems: string[]): Record<RateLimitName, RateLimit> {
  const limits: Record<RateLimitName, RateLimit> = { ...RATE_LIMITS };
  for (const part of (value ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name = '', points = ''] = part.split('=').map((p) => p.trim());
    const known = RATE_LIMIT_NAMES.find((n) => n === name);
    if (!known) {
      problems.push(`RATE_LIMITS: unknown limit "${name}" (known: ${RATE_LIMIT_NAMES.join(', ')})`);
    } else if (!/^[1-9]\d{0,8}$/.test(points)) {
      problems.push(`RATE_LIMITS: ${name} needs a whole number of points from 1, as ${name}=100`);
    } else {
      limits[known] = { ...limits[known], points: Number(points) };
    }
  }
  return limits;
}

type ParsedEnv = z.output<typeof envSchema>;

/**
 * SMTP_URL and MAIL_FROM (ADR 33). Production needs a server: without one every mail would wait,
 * queued, and the customer would never get the pre-contractual information.
 */
function readMail(e: ParsedEnv, production: boolean, publicUrl: string, problems: string[]): Config['mail'] {
  let smtpUrl: string | null = null;
  if (e.SMTP_URL !== undefined) {
    const problem = smtpUrlProblem(e.SMTP_URL, { production });
    if (problem) problems.push(`SMTP_URL: ${problem}`);
    else smtpUrl = e.SMTP_URL;
  } else if (production) {
    problems.push('SMTP_URL: required in production (smtp://user:password@host:587 or smtps://user:password@host:465), or no mail reaches a customer');
  }
  const from = e.MAIL_FROM ?? defaultMailFrom(publicUrl);
  const fromProblem = mailFromProblem(from);
  if (fromProblem) problems.push(`MAIL_FROM: ${fromProblem}`);
  return { smtpUrl, from };
}

/**
 * The providers, each on its own (item 9 of the go-live list in the README): outside the sandbox
 * a provider none of whose variables is set is simply not there, and its products are not
 * offered; a provider with some of its variables set must have all of them, or the start stops
 * and names what is missing. The BankID broker is always required: no product works without
 * identification. In the sandbox every provider is simulated.
 */
function readProviders(e: ParsedEnv, sandbox: boolean, sandboxUrl: (path: string) => string, problems: string[]): Config['providers'] {
  const perCountry = <T>(make: (country: CountryCode) => T): Record<CountryCode, T> =>
    Object.fromEntries(COUNTRY_CODES.map((country) => [country, make(country)])) as Record<CountryCode, T>;
  const given = (keys: readonly (keyof ParsedEnv)[]) => keys.filter((key) => e[key] !== undefined);
  /** A setting a configured provider cannot do without. */
  const required = (key: keyof ParsedEnv, provider: string): string => {
    const value = e[key];
    if (typeof value === 'string') return value;
    problems.push(`${key}: required for ${provider} (or unset all of its variables to run without it)`);
    return '';
  };
  /**
   * A country's pair of settings: its own (both with the country's suffix), or else the pair
   * without suffix. Half a country's pair beside the default's other half would mix two accounts,
   * so it is refused. Null: neither, so the provider is not offered in that country.
   */
  const pair = <K extends string>(country: CountryCode, first: K, second: K): [string, string] | null => {
    const own = [e[`${first}_${country}` as keyof ParsedEnv], e[`${second}_${country}` as keyof ParsedEnv]];
    const fallback = [e[first as keyof ParsedEnv], e[second as keyof ParsedEnv]];
    for (const [values, suffix] of [[own, `_${country}`], [fallback, '']] as const) {
      const [a, b] = values;
      if (a === undefined && b === undefined) continue;
      if (a === undefined) problems.push(`${first}${suffix}: required with ${second}${suffix}`);
      if (b === undefined) problems.push(`${second}${suffix}: required with ${first}${suffix}`);
      return [String(a ?? ''), String(b ?? '')];
    }
    return null;
  };
  /** Countries where a provider has no account although it is configured: said, so the operator sees it. */
  const noCountry = (provider: string, accounts: Record<CountryCode, unknown>, variables: string) => {
    if (COUNTRY_CODES.every((country) => accounts[country] === null)) problems.push(`${provider}: no country has an account (${variables})`);
  };

  if (sandbox) {
    return {
      resursV2: {
        baseUrl: sandboxUrl('resurs-v2'),
        accounts: perCountry((c) => ({ clientId: `sandbox-client-${c.toLowerCase()}`, clientSecret: `sandbox-secret-${c.toLowerCase()}`, storeId: 'sandbox-store' })),
      },
      resursV1: { baseUrl: sandboxUrl('resurs-v1'), accounts: perCountry((c) => ({ username: `sandbox-user-${c.toLowerCase()}`, password: `sandbox-password-${c.toLowerCase()}` })) },
      grenke: { baseUrl: sandboxUrl('grenke'), countries: perCountry(() => ({ certFile: undefined, keyFile: undefined })), terms: {}, objectType: undefined },
      signing: { baseUrl: sandboxUrl('signing'), clientId: 'sandbox-client', clientSecret: 'sandbox-secret', signatureMethods: {} },
      oidc: { issuer: sandboxUrl('bankid'), clientId: 'portal', clientSecret: 'sandbox-oidc-secret', profile: e.OIDC_PROFILE },
      registry: {
        norway: { baseUrl: sandboxUrl('registry/no') },
        sweden: { baseUrl: sandboxUrl('registry/se'), clientId: 'sandbox-client', clientSecret: 'sandbox-secret' },
      },
    };
  }

  let resursV2: Config['providers']['resursV2'] = null;
  if (given(RESURS_V2_VARIABLES).length > 0) {
    const provider = 'Resurs Merchant API 2.0';
    const accounts = perCountry((country) => {
      const credentials = pair(country, 'RESURS_V2_CLIENT_ID', 'RESURS_V2_CLIENT_SECRET');
      if (!credentials) return null;
      const storeId = e[`RESURS_V2_STORE_ID_${country}`] ?? e.RESURS_V2_STORE_ID;
      if (storeId === undefined) problems.push(`RESURS_V2_STORE_ID_${country} (or RESURS_V2_STORE_ID): required with the ${country} account of ${provider}`);
      return { clientId: credentials[0], clientSecret: credentials[1], storeId: storeId ?? '' };
    });
    noCountry(provider, accounts, 'RESURS_V2_CLIENT_ID and RESURS_V2_CLIENT_SECRET, or the same with _NO or _SE');
    resursV2 = { baseUrl: required('RESURS_V2_BASE_URL', provider), accounts };
  }

  let resursV1: Config['providers']['resursV1'] = null;
  if (given(RESURS_V1_VARIABLES).length > 0) {
    const provider = 'Resurs Simplified Shop Flow (version 1)';
    const accounts = perCountry((country) => {
      const credentials = pair(country, 'RESURS_V1_USERNAME', 'RESURS_V1_PASSWORD');
      return credentials ? { username: credentials[0], password: credentials[1] } : null;
    });
    noCountry(provider, accounts, 'RESURS_V1_USERNAME and RESURS_V1_PASSWORD, or the same with _NO or _SE');
    resursV1 = { baseUrl: required('RESURS_V1_BASE_URL', provider), accounts };
  }

  let grenke: Config['providers']['grenke'] = null;
  if (given(GRENKE_VARIABLES).length > 0) {
    const provider = 'GRENKE';
    const countries = perCountry((country) => {
      const files = pair(country, 'GRENKE_CLIENT_CERT_FILE', 'GRENKE_CLIENT_KEY_FILE');
      return files ? { certFile: files[0], keyFile: files[1] } : null;
    });
    noCountry(provider, countries, 'GRENKE issues a client certificate per country: GRENKE_CLIENT_CERT_FILE_NO and GRENKE_CLIENT_KEY_FILE_NO, the same with _SE, or the pair without suffix');
    const terms = { productType: e.GRENKE_PRODUCT_TYPE, paymentFrequency: e.GRENKE_PAYMENT_FREQUENCY, paymentMethod: e.GRENKE_PAYMENT_METHOD };
    grenke = {
      baseUrl: required('GRENKE_BASE_URL', provider),
      countries,
      terms: Object.fromEntries(Object.entries(terms).filter(([, value]) => value !== undefined)),
      objectType: e.GRENKE_OBJECT_TYPE,
    };
  }

  let signing: Config['providers']['signing'] = null;
  if (given(['SIGNING_BASE_URL', 'SIGNING_CLIENT_ID', 'SIGNING_CLIENT_SECRET', 'SIGNING_METHOD_NO', 'SIGNING_METHOD_SE']).length > 0) {
    const provider = 'the signing service';
    signing = {
      baseUrl: required('SIGNING_BASE_URL', provider),
      clientId: required('SIGNING_CLIENT_ID', provider),
      clientSecret: required('SIGNING_CLIENT_SECRET', provider),
      signatureMethods: Object.fromEntries(([['NO', e.SIGNING_METHOD_NO], ['SE', e.SIGNING_METHOD_SE]] as const).filter(([, name]) => name !== undefined)),
    };
  }

  let sweden: Config['providers']['registry']['sweden'] = null;
  if (given(['REGISTRY_SE_BASE_URL', 'REGISTRY_SE_CLIENT_ID', 'REGISTRY_SE_CLIENT_SECRET']).length > 0) {
    const provider = 'the Swedish company registry';
    sweden = { baseUrl: required('REGISTRY_SE_BASE_URL', provider), clientId: required('REGISTRY_SE_CLIENT_ID', provider), clientSecret: required('REGISTRY_SE_CLIENT_SECRET', provider) };
  }

  const broker = 'the BankID broker (customers identify through it; every product needs it)';
  const oidc = { issuer: required('OIDC_ISSUER', broker), clientId: required('OIDC_CLIENT_ID', broker), clientSecret: required('OIDC_CLIENT_SECRET', broker), profile: e.OIDC_PROFILE };

  if (!resursV2 && !resursV1 && !grenke) {
    problems.push('No lender is configured: set Resurs Merchant API 2.0 (RESURS_V2_…), Resurs version 1 (RESURS_V1_…) or GRENKE (GRENKE_…), or run the sandbox (unset every provider variable)');
  }
  return { resursV2, resursV1, grenke, signing, oidc, registry: { norway: { baseUrl: e.REGISTRY_NO_BASE_URL ?? BRREG_PRODUCTION_URL }, sweden } };
}

/**
 * Where each product is offered. Business leasing needs GRENKE in the country, the signing service
 * (the contract is signed with BankID through it) and the country's company registry (who may sign).
 */
export function offersOf(providers: Config['providers']): Offers {
  const where = (accounts: Record<CountryCode, unknown> | undefined) => COUNTRY_CODES.filter((country) => accounts !== undefined && accounts[country] !== null);
  const registry: Record<CountryCode, boolean> = { NO: true, SE: providers.registry.sweden !== null };
  return {
    resursV2: where(providers.resursV2?.accounts),
    resursV1: where(providers.resursV1?.accounts),
    business: providers.signing ? where(providers.grenke?.countries).filter((country) => registry[country]) : [],
  };
}

/**
 * Only what opening the database needs (the admin CLI): where it is and the keys of personal
 * data. The providers' settings are not read, so a merchant can be set up before any lender is.
 */
export function loadStorageConfig(env: Record<string, string | undefined> = process.env): Pick<Config, 'env' | 'databaseUrl' | 'dataDir' | 'dataKeys'> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.pick({ NODE_ENV: true, DATA_DIR: true, DATABASE_URL: true, DATA_ENCRYPTION_KEYS: true, DATA_LOOKUP_KEY: true }).safeParse(cleaned);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const e = parsed.data;
  const problems: string[] = [];
  const dataKeys = readDataKeys(e.DATA_ENCRYPTION_KEYS, e.DATA_LOOKUP_KEY, e.NODE_ENV === 'production', problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { env: e.NODE_ENV, databaseUrl: e.DATABASE_URL, dataDir: resolve(e.DATA_DIR), dataKeys };
}

/** What each product goes through, in words: for the start-up log and the providers' preflight. */
export const OFFER_NAMES: Readonly<Record<keyof Offers, string>> = {
  resursV2: 'consumer credit through Resurs Merchant API 2.0',
  resursV1: 'consumer credit through Resurs version 1 (Simplified Shop Flow)',
  business: 'business leasing through GRENKE',
};

/** One line per product: where it is offered, or that it is not configured. */
export function describeOffers(offers: Offers): string[] {
  return (Object.keys(OFFER_NAMES) as (keyof Offers)[]).map((product) =>
    offers[product].length > 0 ? `${OFFER_NAMES[product]}: on in ${offers[product].join(', ')}` : `${OFFER_NAMES[product]}: off (not configured)`,
  );
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // zod's own English messages, for operators: no error map is installed globally (ADR 21).
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];

  const hasCredentials = PROVIDER_CREDENTIALS.some((key) => e[key] !== undefined);
  const sandbox = e.SANDBOX ?? (!hasCredentials && e.NODE_ENV !== 'production');
  const production = e.NODE_ENV === 'production';
  if (production && sandbox) problems.push('SANDBOX: the sandbox cannot run with NODE_ENV=production');
  // Forced on beside real providers: refused rather than quietly started in a mode nobody asked
  // for (ADR 15).
  const realProviders = PROVIDER_VARIABLES.filter((key) => e[key] !== undefined);
  if (sandbox && realProviders.length > 0) {
    problems.push(
      `SANDBOX: the sandbox (simulated providers, dummy login, demo shop) runs only when every provider is simulated, ` +
        `but ${realProviders.join(', ')} ${realProviders.length === 1 ? 'is' : 'are'} set: unset SANDBOX to use the configured providers ` +
        `(every one of them is then required), or remove ${realProviders.length === 1 ? 'it' : 'them'} to run the sandbox`,
    );
  }
  const rateLimits = readRateLimits(e.RATE_LIMITS, problems);
  if (production && !e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
  if (production && !e.METRICS_TOKEN) problems.push('METRICS_TOKEN: required in production (the bearer token /metrics asks for)');
  const dataKeys = readDataKeys(e.DATA_ENCRYPTION_KEYS, e.DATA_LOOKUP_KEY, production, problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const sandboxUrl = (path: string) => `${publicUrl}/sandbox/${path}`;

  const providers = readProviders(e, sandbox, sandboxUrl, problems);
  const mail = readMail(e, production, publicUrl, problems);

  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sandbox,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(repoRoot(), 'web', 'dist')),
    pdfFontDir: e.PDF_FONT_DIR ?? null,
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    pageDataDeadlineMs: e.PAGE_DATA_DEADLINE_MS,
    providerProbeIntervalMs: e.PROVIDER_PROBE_INTERVAL_MS,
    metricsToken: e.METRICS_TOKEN,
    dataKeys,
    leasingTermsVersions: { NO: e.LEASING_TERMS_VERSION_NO ?? null, SE: e.LEASING_TERMS_VERSION_SE ?? null },
    features: { resursMerchantApiEnabled: e.RESURS_MERCHANT_API_ENABLED },
    rateLimits,
    retention: { daysAfterFinal: e.RETENTION_DAYS_AFTER_FINAL, consentDays: e.CONSENT_RETENTION_DAYS, jobHistoryDays: e.JOB_HISTORY_DAYS },
    mail,
    providers,
    offers: offersOf(providers),
    creditAgencies:
      e.CREDIT_AGENCY_RESURS_SE || e.CREDIT_AGENCY_RESURS_NO
        ? { RESURS: { SE: e.CREDIT_AGENCY_RESURS_SE ?? null, NO: e.CREDIT_AGENCY_RESURS_NO ?? null } }
        : undefined,
    lenderDesk: {
      RESURS: { mailbox: e.LENDER_MAILBOX_RESURS ?? (sandbox ? 'lender-desk@resurs.sandbox.test' : null), decisionsAutomated: e.DECISIONS_AUTOMATED_RESURS === 'true' },
    },
    backOffice: {
      oidc:
        sandbox || (e.BACK_OFFICE_OIDC_CLIENT_ID && e.BACK_OFFICE_OIDC_CLIENT_SECRET)
          ? {
              issuer: e.BACK_OFFICE_OIDC_ISSUER ?? e.OIDC_ISSUER ?? sandboxUrl('bankid'),
              clientId: e.BACK_OFFICE_OIDC_CLIENT_ID ?? 'back-office',
              clientSecret: e.BACK_OFFICE_OIDC_CLIENT_SECRET ?? 'sandbox-back-office-secret',
              roleClaim: e.BACK_OFFICE_ROLE_CLAIM,
            }
          : null,
      // The web build writes the console beside the customer app (web/vite.config.ts).
      distDir: resolve(e.BACK_OFFICE_DIST_DIR ?? join(e.WEB_DIST_DIR ?? join(repoRoot(), 'web', 'dist'), 'back-office')),
    },
  };
  if (!sandbox && e.BACK_OFFICE_OIDC_CLIENT_ID && !e.BACK_OFFICE_OIDC_CLIENT_SECRET) {
    problems.push('BACK_OFFICE_OIDC_CLIENT_SECRET: required with BACK_OFFICE_OIDC_CLIENT_ID');
  }
  if (e.CONSENT_RETENTION_DAYS < e.RETENTION_DAYS_AFTER_FINAL) {
    // The evidence of a consent outlives the data it let the portal process, never the other way round.
    problems.push('CONSENT_RETENTION_DAYS: must be at least RETENTION_DAYS_AFTER_FINAL');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
