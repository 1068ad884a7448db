/**
 * The BankID adapter against stand-ins for Idura Verify and Signicat built only from the
 * brokers' published material (contracts/src/oidc): each broker's endpoints at its published
 * paths, its published ID tokens (signed here, as the broker signs them) and UserInfo answers.
 * Under each profile the authorization request and the token request have the broker's
 * published shape, and the person is read from the claims and the place the broker publishes
 * (Idura: the ID token; Signicat: UserInfo). The simulated broker is held to the same examples
 * in server/test/bankid.test.ts.
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { violations } from '@portal/contracts';
import { fixture } from '@portal/contracts/fixtures';
import * as published from '@portal/contracts/oidc/schemas';
import { standIn, type StandIn, type StandInAnswer, type StandInRequest } from '@portal/contracts/stand-in';
import type { CountryCode } from '@portal/domain';
import { createBankIdBroker } from '../../src/providers/bankid/client';
import { identityFromClaims } from '../../src/providers/bankid/claims';
import { BROKER_PROFILES } from '../../src/providers/bankid/profiles';

const CLIENT = { clientId: 'sandbox-example-client-123', clientSecret: 'a-client-secret', redirectUri: 'https://portal.example/api/loan-application/auth/callback' };
const AT = new Date('2026-11-27T12:00:00Z');
const claimsOf = (name: string) => fixture('oidc', name).answer as Record<string, unknown>;

/**
 * The claims each broker publishes for a login, per country. Signicat publishes one ID token
 * (Swedish BankID); a Norwegian one is that with `idp: "nbid"`. Its UserInfo examples' numbers
 * are placeholders that fail the check digits: `valid` swaps in a test number, so that the
 * reading can be seen to the end; without it the reading stops at the number (tested below).
 */
function publishedLogin(profile: published.BrokerProfile, country: CountryCode, valid = true): { idToken: Record<string, unknown>; userInfo: Record<string, unknown> | null } {
  if (profile === 'idura') return { idToken: claimsOf(country === 'NO' ? 'idura-no-bankid-id-token' : 'idura-se-bankid-id-token'), userInfo: null };
  const idToken: Record<string, unknown> = { ...claimsOf('signicat-sbid-id-token'), idp: country === 'NO' ? 'nbid' : 'sbid' };
  const userInfo = { ...claimsOf(country === 'NO' ? 'signicat-nbid-userinfo' : 'signicat-sbid-userinfo'), sub: idToken.sub };
  return { idToken, userInfo: valid ? { ...userInfo, nin: country === 'NO' ? '18087248794' : '198305147715' } : userInfo };
}

/** Who each published login is, as the portal should read it. */
const EXPECTED: Record<published.BrokerProfile, Record<CountryCode, { nationalId: string; firstName: string; lastName: string }>> = {
  idura: {
    NO: { nationalId: '27034698436', firstName: 'Mikkel', lastName: 'Larsen' },
    SE: { nationalId: '196802020575', firstName: 'Terne', lastName: 'Paulsen' },
  },
  signicat: {
    // As published: the Norwegian example has given_name and family_name swapped.
    NO: { nationalId: '18087248794', firstName: 'Nordmann', lastName: 'Kari' },
    SE: { nationalId: '198305147715', firstName: 'Sven', lastName: 'Svensson' },
  },
};

describe('the portal reads the brokers\u2019 published claims', () => {
  it.each([
    ['idura', 'NO'],
    ['idura', 'SE'],
    ['signicat', 'NO'],
    ['signicat', 'SE'],
  ] as const)('%s, %s BankID: the person, from the published claims', (profile, country) => {
    const { idToken, userInfo } = publishedLogin(profile, country);
    expect(identityFromClaims(BROKER_PROFILES[profile], { ...idToken, ...userInfo }, country, AT)).toEqual({
      identity: { ...EXPECTED[profile][country], country, method: country === 'NO' ? 'bankid-no' : 'bankid-se', authenticatedAt: AT.toISOString() },
    });
  });

  it('Idura: the BankID app\u2019s token names the e-ID in `authenticationtype`, which is read (no `acr` is published)', () => {
    const token = claimsOf('idura-no-bankid-substantial-id-token');
    expect(BROKER_PROFILES.idura.eidUsed(token, 'NO')).toBe('requested');
    expect(BROKER_PROFILES.idura.eidUsed(token, 'SE')).toBe('other');
  });

  it('Signicat: the ID token alone has no national ID, and the published placeholders fail the check digits', () => {
    const { idToken, userInfo } = publishedLogin('signicat', 'SE', false);
    expect(identityFromClaims(BROKER_PROFILES.signicat, idToken, 'SE', AT)).toEqual({ problem: 'national ID claim missing' });
    expect(identityFromClaims(BROKER_PROFILES.signicat, { ...idToken, ...userInfo }, 'SE', AT)).toEqual({ problem: 'national ID claim invalid' });
  });

  it('each profile refuses the other broker\u2019s claims', () => {
    const idura = publishedLogin('idura', 'NO');
    const signicat = publishedLogin('signicat', 'NO');
    expect(identityFromClaims(BROKER_PROFILES.signicat, idura.idToken, 'NO', AT)).toEqual({ problem: 'e-ID not named' });
    expect(identityFromClaims(BROKER_PROFILES.idura, { ...signicat.idToken, ...signicat.userInfo }, 'NO', AT)).toEqual({ problem: 'e-ID not named' });
  });
});

/** Whether HTTP Basic carries the client's id and secret, each form-encoded first (RFC 6749 §2.3.1). */
function basicCredentials(header: string | undefined): boolean {
  const [scheme, encoded = ''] = (header ?? '').split(' ');
  const [id = '', secret = ''] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  return scheme === 'Basic' && decode(id) === CLIENT.clientId && decode(secret) === CLIENT.clientSecret;
}

/** An RS256 JWT, as the broker signs its ID tokens. */
function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', kid, typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}

describe.each(published.BROKER_PROFILES)('BankID adapter against a stand-in built from %s\u2019s published material', (profile) => {
  const paths = published.PATHS[profile];
  // Idura's issuer is the tenant's domain; Signicat's is `https://<domain>/auth/open` (sbid code-examples' `iss`).
  const base = profile === 'signicat' ? '/auth/open' : '';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'signing-key-7e5ec5cfa428a64b8e4e990d1aba6bf6';
  let server: StandIn;
  let issuer: string;
  /** The login the stand-in answers with, and what a test changes; put back after each. */
  let login: { country: CountryCode; idToken: Record<string, unknown>; userInfo: Record<string, unknown> | null };
  let tokenAnswer: StandInAnswer | null = null;
  let userInfoAnswer: StandInAnswer | null = null;
  let acrValuesSupported: readonly string[] | undefined;
  const ACCESS_TOKEN = 'eyJhbGc.access';

  const lastAuthorization = () => server.received.filter((r) => r.path === paths.authorize).at(-1);

  beforeAll(async () => {
    server = await standIn([
      {
        method: 'GET',
        path: `${base}/.well-known/openid-configuration`,
        // Built from the published endpoint paths; neither broker publishes its document in full.
        answer: () => ({
          body: {
            issuer,
            authorization_endpoint: `${server.url}${paths.authorize}`,
            token_endpoint: `${server.url}${paths.token}`,
            userinfo_endpoint: `${server.url}${paths.userinfo}`,
            jwks_uri: `${server.url}${base}/.well-known/jwks`,
            response_types_supported: ['code'],
            id_token_signing_alg_values_supported: ['RS256'],
            ...(acrValuesSupported ? { acr_values_supported: acrValuesSupported } : {}),
          },
        }),
      },
      { method: 'GET', path: `${base}/.well-known/jwks`, answer: () => ({ body: { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] } }) },
      {
        method: 'GET',
        path: paths.authorize,
        query: published.authorizeQuery[profile],
        // The person identified: back to the client with a code.
        answer: (request: StandInRequest) => ({
          status: 302,
          headers: { location: `${request.query.get('redirect_uri') ?? ''}?code=a-code&state=${encodeURIComponent(request.query.get('state') ?? '')}` },
        }),
      },
      {
        method: 'POST',
        path: paths.token,
        request: published.tokenRequest,
        answer: (request: StandInRequest) => {
          if (tokenAnswer) return tokenAnswer;
          if (!basicCredentials(request.headers.authorization)) return { status: 401, body: { error: 'invalid_client' } };
          const nonce = lastAuthorization()?.query.get('nonce');
          const now = Math.floor(Date.now() / 1000);
          const claims = { ...login.idToken, iss: issuer, aud: CLIENT.clientId, iat: now, nbf: now, exp: now + 600, nonce };
          // The published token answer (sbid code-examples), with a real ID token in it.
          return { body: { ...(fixture('oidc', 'signicat-sbid-token').answer as object), id_token: signJwt(claims, privateKey, kid), access_token: ACCESS_TOKEN } };
        },
      },
      {
        method: 'GET',
        path: paths.userinfo,
        answer: (request: StandInRequest) => {
          if (userInfoAnswer) return userInfoAnswer;
          if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return { status: 401, body: { error: 'invalid_token' } };
          return { body: login.userInfo ?? { sub: login.idToken.sub } };
        },
      },
    ]);
    issuer = `${server.url}${base}`;
  });
  afterEach(() => {
    tokenAnswer = null;
    userInfoAnswer = null;
    acrValuesSupported = undefined;
    expect(server.violations).toEqual([]);
  });
  afterAll(async () => server.close());

  const broker = () => createBankIdBroker({ issuer, ...CLIENT, allowInsecureHttp: true, timeoutMs: 5000, profile });

  /** A login as the browser makes it: the start, the broker's authorization, the callback. */
  async function identify(country: CountryCode, options: { valid?: boolean } = {}) {
    login = { country, ...publishedLogin(profile, country, options.valid ?? true) };
    const adapter = broker();
    const started = await adapter.start(country, 'nb');
    if (!started.ok) throw new Error(`start failed: ${started.reason.kind}`);
    const authorization = await fetch(started.url, { redirect: 'manual' });
    const callback = new URL(authorization.headers.get('location') ?? '');
    return { started, finished: await adapter.finish(`${callback.pathname}${callback.search}`, started.login, country) };
  }

  it.each(['NO', 'SE'] as const)('identifies a person with %s BankID, asking as the broker publishes and reading its claims where it puts them', async (country) => {
    const { started, finished } = await identify(country);
    expect(finished).toEqual({ ok: true, identity: expect.objectContaining({ ...EXPECTED[profile][country], country }) });

    const query = Object.fromEntries(started.url.searchParams);
    expect(started.url.pathname).toBe(paths.authorize);
    expect(query.acr_values).toBe((profile === 'idura' ? published.IDURA_ACR_VALUES : published.SIGNICAT_ACR_VALUES)[country][0]);
    expect(query.scope).toBe(profile === 'idura' ? 'openid' : 'openid profile nin');
    expect(violations(published.authorizeQuery[profile], query)).toEqual([]);
    // UserInfo is asked where the broker returns the person's data there, with the access token.
    const userInfoCalls = server.received.filter((r) => r.path === paths.userinfo);
    expect(userInfoCalls.length > 0).toBe(published.USER_DATA_FROM[profile] === 'userinfo');
    server.received.length = 0;
  });

  it('refuses a login whose national ID fails the check digits (Signicat\u2019s published placeholders)', async () => {
    const { finished } = await identify('SE', { valid: false });
    if (profile === 'idura') expect(finished.ok).toBe(true);
    else expect(finished).toEqual({ ok: false, outcome: 'failed', reason: { step: 'claims', kind: 'national ID claim invalid' } });
  });

  it('fails, naming the step, when the token endpoint refuses the code', async () => {
    tokenAnswer = { status: 400, body: { error: 'invalid_grant' } };
    const { finished } = await identify('NO');
    expect(finished).toMatchObject({ ok: false, outcome: 'failed', reason: { step: 'callback', code: 'invalid_grant' } });
  });

  it('fails at UserInfo when it refuses the token or answers about another person (Signicat)', async () => {
    userInfoAnswer = { status: 401, body: { error: 'invalid_token' } };
    const refused = await identify('NO');
    if (profile === 'idura') {
      expect(refused.finished.ok).toBe(true);
      return;
    }
    expect(refused.finished).toMatchObject({ ok: false, outcome: 'failed', reason: { step: 'userinfo' } });
    userInfoAnswer = { body: { ...claimsOf('signicat-nbid-userinfo'), nin: '18087248794' } };
    const someoneElse = await identify('NO');
    expect(someoneElse.finished).toMatchObject({ ok: false, outcome: 'failed', reason: { step: 'userinfo' } });
  });

  it('checks, for the operator, that the broker\u2019s discovery document lists the profile\u2019s BankID values where it lists any', async () => {
    expect(await broker().probe()).toEqual({ ok: true, value: undefined });
    acrValuesSupported = [...published.IDURA_ACR_VALUES.NO, ...published.IDURA_ACR_VALUES.SE, ...published.SIGNICAT_ACR_VALUES.NO, ...published.SIGNICAT_ACR_VALUES.SE];
    expect(await broker().probe()).toEqual({ ok: true, value: undefined });
    acrValuesSupported = profile === 'idura' ? [...published.SIGNICAT_ACR_VALUES.NO, ...published.SIGNICAT_ACR_VALUES.SE] : [...published.IDURA_ACR_VALUES.NO];
    expect(await broker().probe()).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'acr_values_supported' } });
  });
});

describe('BankID adapter when the broker cannot be reached', () => {
  it('answers the probe as unavailable', async () => {
    const adapter = createBankIdBroker({ issuer: 'http://127.0.0.1:9', ...CLIENT, allowInsecureHttp: true, timeoutMs: 2000, profile: 'signicat' });
    expect(await adapter.probe()).toEqual({ ok: false, failure: { kind: 'unavailable', reason: 'network' } });
  });
});
