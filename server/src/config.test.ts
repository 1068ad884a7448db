// The shared schemas' global error map is installed, as in the running server.
import '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadStorageConfig } from './config';

const LIVE = {
  RESURS_V2_BASE_URL: 'https://merchant-api.integration.resurs.com',
  RESURS_V2_CLIENT_ID: 'id',
  RESURS_V2_CLIENT_SECRET: 'secret',
  RESURS_V2_STORE_ID: 'store',
  RESURS_V1_BASE_URL: 'https://test.resurs.com/ecommerce-test/ws/V4',
  RESURS_V1_USERNAME: 'user',
  RESURS_V1_PASSWORD: 'password',
  GRENKE_BASE_URL: 'https://uatapi.grenkeonline.com',
  GRENKE_CLIENT_CERT_FILE: 'cert.pem',
  GRENKE_CLIENT_KEY_FILE: 'key.pem',
  SIGNING_BASE_URL: 'https://sign.example.com',
  SIGNING_CLIENT_ID: 'id',
  SIGNING_CLIENT_SECRET: 'secret',
  OIDC_ISSUER: 'https://broker.example.com',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 'secret',
  REGISTRY_NO_BASE_URL: 'https://data.ppe.brreg.no/enhetsregisteret/api',
  REGISTRY_SE_BASE_URL: 'https://api.signicat.com',
  REGISTRY_SE_CLIENT_ID: 'id',
  REGISTRY_SE_CLIENT_SECRET: 'secret',
  SMTP_URL: 'smtps://portal:secret@smtp.example.com:465',
};

// Keys of personal data at rest (ADR 12), required in production.
const DATA_KEYS = { DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`, DATA_LOOKUP_KEY: Buffer.alloc(32, 2).toString('base64') };

describe('configuration', () => {
  it('runs the sandbox on port 3000 with the embedded database when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, sandbox: true, databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
    expect(config.providers.resursV2?.baseUrl).toBe('http://localhost:3000/sandbox/resurs-v2');
    expect(config.offers).toEqual({ resursV2: ['NO', 'SE'], resursV1: ['NO', 'SE'], business: ['NO', 'SE'] });
  });

  it('follows PORT in the public URL and the sandbox addresses', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.providers.oidc.issuer).toBe('http://localhost:4100/sandbox/bankid');
  });

  it('turns the sandbox off by default once provider credentials are configured', () => {
    expect(loadConfig({ ...LIVE }).sandbox).toBe(false);
  });

  it('says what is wrong in plain English, not as a translation key of the screens', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      const text = (error as ConfigError).problems.join('\n');
      expect(text).not.toMatch(/validation\./);
      expect(text).toMatch(/PORT: Invalid input: expected number/);
      expect(text).toMatch(/LOG_LEVEL: Invalid option/);
    }
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems.join('\n')).toMatch(/PORT/);
      expect(problems.join('\n')).toMatch(/DATABASE_URL/);
      expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    }
  });

  it('requires an SMTP server in production, checks SMTP_URL and MAIL_FROM, and never quotes the password', () => {
    const production = { NODE_ENV: 'production', ...LIVE, SESSION_SECRET: 'x'.repeat(32), ...DATA_KEYS, METRICS_TOKEN: 'm'.repeat(32) };
    expect(() => loadConfig({ ...production, SMTP_URL: '' })).toThrow(/SMTP_URL: required in production/);
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://portal:secret@smtp.example.com:587' })).toThrow(/SMTP_URL: with a user and password, add \?requireTLS=true/);
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://portal:secret@smtp.example.com:587?requireTLS=true' }).mail.smtpUrl).toContain('requireTLS=true');
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtps://portal:secret@smtp.example.com:465?tls.rejectUnauthorized=false' })).toThrow(/certificate/);
    expect(loadConfig({ SMTP_URL: 'smtp://portal:secret@smtp.example.com:587' }).mail.smtpUrl).toBe('smtp://portal:secret@smtp.example.com:587');
    expect(loadConfig(production).mail).toEqual({ smtpUrl: 'smtps://portal:secret@smtp.example.com:465', from: 'Portal <no-reply@portal.invalid>' });
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'https://user:hunter2@smtp.example.com', MAIL_FROM: 'Portal' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toMatch(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(message).toMatch(/MAIL_FROM: must hold one address/);
    expect(message).not.toContain('hunter2');
    expect(() => loadConfig({ MAIL_FROM: 'a@example.com, b@example.com' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.no', MAIL_FROM: 'Butikkportalen <post@example.no>' }).mail).toEqual({ smtpUrl: null, from: 'Butikkportalen <post@example.no>' });
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.no' }).mail.from).toBe('Portal <no-reply@portal.example.no>');
  });

  it('refuses the sandbox and a missing session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' })).toThrow(/SANDBOX/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...LIVE })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', ...LIVE, SESSION_SECRET: 'x'.repeat(32), ...DATA_KEYS, METRICS_TOKEN: 'm'.repeat(32) }).sandbox).toBe(false);
  });

  it('requires a token for /metrics in production, and leaves it open elsewhere unless one is set', () => {
    const production = { NODE_ENV: 'production', ...LIVE, SESSION_SECRET: 'x'.repeat(32), ...DATA_KEYS };
    expect(() => loadConfig(production)).toThrow(/METRICS_TOKEN: required in production/);
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(loadConfig({ ...production, METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('requires the keys of personal data in production, and reads them anywhere they are set', () => {
    const production = { NODE_ENV: 'production', ...LIVE, SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/DATA_ENCRYPTION_KEYS and DATA_LOOKUP_KEY: required in production/);
    expect(() => loadConfig({ ...production, ...DATA_KEYS, DATA_LOOKUP_KEY: 'c2hvcnQ=' })).toThrow(/DATA_LOOKUP_KEY: must be at least 32 bytes/);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS: DATA_KEYS.DATA_ENCRYPTION_KEYS })).toThrow(/DATA_LOOKUP_KEY: required with/);
    expect(loadConfig({}).dataKeys).toBeUndefined();
    expect(loadConfig(DATA_KEYS).dataKeys?.encryption.map((k) => k.id)).toEqual(['k1']);
    // `new,old` during a lookup key's rotation: the first hashes, the old one still finds.
    const [fresh, old] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    const rotating = loadConfig({ ...DATA_KEYS, DATA_LOOKUP_KEY: `${fresh.toString('base64')}, ${old.toString('base64')}` }).dataKeys;
    expect(rotating?.lookup.equals(fresh)).toBe(true);
    expect(rotating?.earlierLookup.map((k) => k.equals(old))).toEqual([true]);
    expect(() => loadConfig({ ...production, ...DATA_KEYS, DATA_LOOKUP_KEY: `${fresh.toString('base64')},c2hvcnQ=` })).toThrow(/DATA_LOOKUP_KEY: must be at least 32 bytes, base64 encoded \(key 2\)/);
  });

  it("points the company registry at its simulators in the sandbox, and outside at Brønnøysund's open register unless told", () => {
    expect(loadConfig({}).providers.registry).toEqual({
      norway: { baseUrl: 'http://localhost:3000/sandbox/registry/no' },
      sweden: { baseUrl: 'http://localhost:3000/sandbox/registry/se', clientId: 'sandbox-client', clientSecret: 'sandbox-secret' },
    });
    const { REGISTRY_NO_BASE_URL: _, ...withoutNorway } = LIVE;
    expect(loadConfig({ ...withoutNorway, SANDBOX: 'false' }).providers.registry.norway.baseUrl).toBe('https://data.brreg.no/enhetsregisteret/api');
  });

  it('refuses a sandbox forced on beside real providers, naming them, instead of offering the dummy login', () => {
    expect(() => loadConfig({ ...LIVE, SANDBOX: 'true' })).toThrow(/SANDBOX: the sandbox .* runs only when every provider is simulated, but RESURS_V2_BASE_URL, .* are set/);
    // One real BankID broker is enough: a dummy login beside it would skip the real identification.
    expect(() => loadConfig({ SANDBOX: 'true', OIDC_ISSUER: 'https://broker.example.com', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret' })).toThrow(
      /SANDBOX: .* but OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are set: unset SANDBOX to use the configured providers/,
    );
    expect(() => loadConfig({ SANDBOX: '1', REGISTRY_NO_BASE_URL: 'https://data.brreg.no/enhetsregisteret/api' })).toThrow(/REGISTRY_NO_BASE_URL is set/);
    // Unset, it follows the credentials: live with all of them, and everything missing is named.
    expect(loadConfig({ ...LIVE }).sandbox).toBe(false);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'portal' })).toThrow(/OIDC_ISSUER: required for the BankID broker/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'portal' })).toThrow(/No lender is configured/);
  });

  it('takes the rate limits from domain, with the points RATE_LIMITS sets instead', () => {
    expect(loadConfig({}).rateLimits.identificationPerIp).toEqual({ points: 60, windowSeconds: 900 });
    const raised = loadConfig({ RATE_LIMITS: ' identificationPerIp=5000, pollPerSession = 2000 ' }).rateLimits;
    expect(raised.identificationPerIp).toEqual({ points: 5000, windowSeconds: 900 });
    expect(raised.pollPerSession).toEqual({ points: 2000, windowSeconds: 900 });
    expect(raised.submitPerApplication).toEqual({ points: 10, windowSeconds: 900 });
    expect(() => loadConfig({ RATE_LIMITS: 'loginsPerIp=10,submitPerSession=0,pollPerSession=lots' })).toThrow(ConfigError);
    try {
      loadConfig({ RATE_LIMITS: 'loginsPerIp=10,submitPerSession=0' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^RATE_LIMITS: unknown limit "loginsPerIp" \(known: identificationPerIp, /),
        'RATE_LIMITS: submitPerSession needs a whole number of points from 1, as submitPerSession=100',
      ]);
    }
  });

  it('stops when the sandbox is off and a provider credential is missing', () => {
    const { OIDC_CLIENT_SECRET: _, ...incomplete } = LIVE;
    expect(() => loadConfig({ ...incomplete, SANDBOX: 'false' })).toThrow(/OIDC_CLIENT_SECRET: required/);
  });

  it('keeps personal data 90 days after an application is final and consent evidence three years, unless told otherwise', () => {
    expect(loadConfig({}).retention).toEqual({ daysAfterFinal: 90, consentDays: 1095, jobHistoryDays: 7 });
    expect(loadConfig({ RETENTION_DAYS_AFTER_FINAL: '30', CONSENT_RETENTION_DAYS: '3650', JOB_HISTORY_DAYS: '2' }).retention).toEqual({
      daysAfterFinal: 30,
      consentDays: 3650,
      jobHistoryDays: 2,
    });
    // Consent evidence never goes before the data it let the portal process.
    expect(() => loadConfig({ RETENTION_DAYS_AFTER_FINAL: '400', CONSENT_RETENTION_DAYS: '100' })).toThrow(/CONSENT_RETENTION_DAYS: must be at least RETENTION_DAYS_AFTER_FINAL/);
    expect(() => loadConfig({ RETENTION_DAYS_AFTER_FINAL: '0' })).toThrow(/RETENTION_DAYS_AFTER_FINAL/);
  });

  it('takes a Resurs account per country, the one without suffix standing in for a country that has none', () => {
    const config = loadConfig({
      ...LIVE,
      RESURS_V2_CLIENT_ID_NO: 'id-no',
      RESURS_V2_CLIENT_SECRET_NO: 'secret-no',
      RESURS_V2_STORE_ID_NO: 'store-no',
      RESURS_V1_USERNAME_SE: 'user-se',
      RESURS_V1_PASSWORD_SE: 'password-se',
    });
    expect(config.providers.resursV2?.accounts).toEqual({
      NO: { clientId: 'id-no', clientSecret: 'secret-no', storeId: 'store-no' },
      SE: { clientId: 'id', clientSecret: 'secret', storeId: 'store' },
    });
    expect(config.providers.resursV1?.accounts).toEqual({ NO: { username: 'user', password: 'password' }, SE: { username: 'user-se', password: 'password-se' } });
  });

  it("runs without the shared Resurs pair when each country has its own, and refuses half a country's pair", () => {
    const { RESURS_V1_USERNAME: _u, RESURS_V1_PASSWORD: _p, ...rest } = LIVE;
    const perCountry = { RESURS_V1_USERNAME_NO: 'n', RESURS_V1_PASSWORD_NO: 'pn', RESURS_V1_USERNAME_SE: 's', RESURS_V1_PASSWORD_SE: 'ps' };
    expect(loadConfig({ ...rest, ...perCountry }).providers.resursV1?.accounts.SE).toEqual({ username: 's', password: 'ps' });
    // A country without an account of its own or a shared one is not offered: version 1 only in Norway.
    const norwayOnly = loadConfig({ ...rest, RESURS_V1_USERNAME_NO: 'n', RESURS_V1_PASSWORD_NO: 'pn' });
    expect(norwayOnly.providers.resursV1?.accounts.SE).toBeNull();
    expect(norwayOnly.offers.resursV1).toEqual(['NO']);
    expect(() => loadConfig({ ...LIVE, RESURS_V2_CLIENT_ID_SE: 'id-se' })).toThrow(/RESURS_V2_CLIENT_SECRET_SE: required with RESURS_V2_CLIENT_ID_SE/);
  });

  it('gives the sandbox a Resurs account per country, and switches it off when a country account is configured', () => {
    const accounts = loadConfig({}).providers.resursV2?.accounts;
    expect(accounts?.NO?.clientId).not.toBe(accounts?.SE?.clientId);
    expect(() => loadConfig({ RESURS_V2_CLIENT_ID_NO: 'id-no', RESURS_V2_CLIENT_SECRET_NO: 'x' })).toThrow(/RESURS_V2_BASE_URL: required for Resurs Merchant API 2.0/);
  });

  it('opens the database for the admin CLI with the database settings alone, no provider', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal', ...DATA_KEYS };
    expect(() => loadConfig(production)).toThrow(/No lender is configured/);
    expect(loadStorageConfig(production)).toMatchObject({ env: 'production', databaseUrl: 'postgres://db/portal', dataKeys: { encryption: [expect.objectContaining({ id: 'k1' })] } });
    expect(() => loadStorageConfig({ NODE_ENV: 'production' })).toThrow(/DATA_ENCRYPTION_KEYS and DATA_LOOKUP_KEY: required in production/);
  });

  describe('providers one by one', () => {
    const BROKER = { OIDC_ISSUER: 'https://broker.example.com', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret' };
    const RESURS_V2 = { RESURS_V2_BASE_URL: LIVE.RESURS_V2_BASE_URL, RESURS_V2_CLIENT_ID: 'id', RESURS_V2_CLIENT_SECRET: 'secret', RESURS_V2_STORE_ID: 'store' };

    it('starts with only Resurs Merchant API 2.0 and a BankID broker, offering consumer credit through it alone', () => {
      const config = loadConfig({ ...RESURS_V2, ...BROKER });
      expect(config.sandbox).toBe(false);
      expect(config.offers).toEqual({ resursV2: ['NO', 'SE'], resursV1: [], business: [] });
      expect(config.providers).toMatchObject({ resursV1: null, grenke: null, signing: null, registry: { sweden: null } });
    });

    it('offers business leasing only where GRENKE has a certificate and the signing service and the registry are there', () => {
      const grenke = { GRENKE_BASE_URL: LIVE.GRENKE_BASE_URL, GRENKE_CLIENT_CERT_FILE_NO: 'no.pem', GRENKE_CLIENT_KEY_FILE_NO: 'no.key' };
      const signing = { SIGNING_BASE_URL: LIVE.SIGNING_BASE_URL, SIGNING_CLIENT_ID: 'id', SIGNING_CLIENT_SECRET: 'secret' };
      expect(loadConfig({ ...BROKER, ...grenke }).offers.business).toEqual([]);
      const config = loadConfig({ ...BROKER, ...grenke, ...signing });
      expect(config.offers.business).toEqual(['NO']);
      expect(config.providers.grenke?.countries).toEqual({ NO: { certFile: 'no.pem', keyFile: 'no.key' }, SE: null });
      // Sweden needs its own certificate and the Swedish registry.
      const sweden = { GRENKE_CLIENT_CERT_FILE_SE: 'se.pem', GRENKE_CLIENT_KEY_FILE_SE: 'se.key' };
      expect(loadConfig({ ...BROKER, ...grenke, ...signing, ...sweden }).offers.business).toEqual(['NO']);
      const registry = { REGISTRY_SE_BASE_URL: LIVE.REGISTRY_SE_BASE_URL, REGISTRY_SE_CLIENT_ID: 'id', REGISTRY_SE_CLIENT_SECRET: 'secret' };
      expect(loadConfig({ ...BROKER, ...grenke, ...signing, ...sweden, ...registry }).offers.business).toEqual(['NO', 'SE']);
    });

    it('names what a half-configured provider lacks, and requires the BankID broker', () => {
      expect(() => loadConfig({ ...BROKER, RESURS_V2_BASE_URL: LIVE.RESURS_V2_BASE_URL, RESURS_V2_CLIENT_ID: 'id' })).toThrow(/RESURS_V2_CLIENT_SECRET: required with RESURS_V2_CLIENT_ID/);
      expect(() => loadConfig({ ...BROKER, GRENKE_BASE_URL: LIVE.GRENKE_BASE_URL, SIGNING_CLIENT_ID: 'id' })).toThrow(/GRENKE: no country has an account/);
      expect(() => loadConfig({ ...BROKER, GRENKE_BASE_URL: LIVE.GRENKE_BASE_URL, SIGNING_CLIENT_ID: 'id' })).toThrow(/SIGNING_BASE_URL: required for the signing service/);
      expect(() => loadConfig({ ...RESURS_V2 })).toThrow(/OIDC_ISSUER: required for the BankID broker/);
    });

    it("takes the terms GRENKE's leases are asked for and the signing account's method names, refusing values GRENKE does not have", () => {
      const grenke = { GRENKE_BASE_URL: LIVE.GRENKE_BASE_URL, GRENKE_CLIENT_CERT_FILE: 'c.pem', GRENKE_CLIENT_KEY_FILE: 'k.pem' };
      const signing = { SIGNING_BASE_URL: LIVE.SIGNING_BASE_URL, SIGNING_CLIENT_ID: 'id', SIGNING_CLIENT_SECRET: 'secret' };
      const config = loadConfig({ ...BROKER, ...grenke, ...signing, GRENKE_PRODUCT_TYPE: 'Rent', GRENKE_PAYMENT_FREQUENCY: 'Quarterly', SIGNING_METHOD_NO: 'nbid-sign' });
      expect(config.providers.grenke).toMatchObject({ terms: { productType: 'Rent', paymentFrequency: 'Quarterly' }, objectType: undefined });
      expect(config.providers.grenke?.terms).not.toHaveProperty('paymentMethod');
      expect(config.providers.signing?.signatureMethods).toEqual({ NO: 'nbid-sign' });
      expect(() => loadConfig({ ...BROKER, ...grenke, GRENKE_PRODUCT_TYPE: 'Leasing' })).toThrow(/GRENKE_PRODUCT_TYPE: Invalid option/);
      expect(() => loadConfig({ ...BROKER, ...RESURS_V2, SIGNING_METHOD_SE: 'sbid' })).toThrow(/SIGNING_BASE_URL: required for the signing service/);
    });

    it('takes the BankID broker profile, Idura by default', () => {
      expect(loadConfig({ ...RESURS_V2, ...BROKER }).providers.oidc.profile).toBe('idura');
      expect(loadConfig({ ...RESURS_V2, ...BROKER, OIDC_PROFILE: 'signicat' }).providers.oidc.profile).toBe('signicat');
      expect(() => loadConfig({ ...RESURS_V2, ...BROKER, OIDC_PROFILE: 'bankid-direct' })).toThrow(/OIDC_PROFILE: Invalid option/);
    });
  });
});
