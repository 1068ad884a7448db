/**
 * BankID through an OpenID Connect broker, as the two brokers the portal supports publish it:
 * Idura Verify (formerly Criipto) and Signicat's eID Hub. The calls are OpenID Connect's own
 * (authorization code flow: the authorization request, the token endpoint, UserInfo); what
 * differs per broker is how BankID is asked for (`acr_values`, scopes) and where the person's
 * national ID comes back (claim name; ID token or UserInfo).
 *
 * Sources (read 2026-11-27):
 * - Idura [V]
 *   - https://docs.idura.app/verify/reference/authorization-flows/authorization-code-flow/ (the
 *     authorization request: `response_type=code`, `response_mode=query`, `client_id`,
 *     `redirect_uri`, `acr_values`, `scope=openid`, `state`)
 *   - https://docs.idura.app/verify/reference/request-parameters/ (`scope` "must always include openid")
 *   - https://docs.idura.app/verify/e-ids/norwegian-bankid/ (= eid-specifics/order-no-bankid):
 *     `urn:grn:authn:no:bankid` (or `:high`), `:substantial` for the BankID app; "Basic user
 *     information, full name, and date of birth are always made available"; the SSN needs the
 *     `ssn` scope when the application uses the dynamic scope strategy
 *   - https://docs.idura.app/verify/e-ids/swedish-bankid/ (= eid-specifics/order-se-bankid):
 *     `urn:grn:authn:se:bankid` and its `:same-device`, `:qr`, `:another-device:qr` forms; the
 *     `evidence` scope
 *   - https://docs.idura.app/verify/reference/token-contents/ (the ID tokens' user fields: NO
 *     `socialno`, SE `ssn` (12 digits), `identityscheme`, names; "The examples show only the
 *     user-specific fields. The actual issued JWTs also include additional technical
 *     OIDC-conformant fields")
 * - Signicat [V]
 *   - https://developer.signicat.com/identity-methods/nbid/integration-guide/oidc-nbid.html
 *     (scopes `openid profile nin nbid-extra idp-id`, "openid is mandatory"; a scope must be
 *     allowed on the OIDC client in the Dashboard first; `acr_values=idp:nbid`)
 *   - https://developer.signicat.com/identity-methods/sbid/setup/oidc-setup-sbid.html
 *     (`acr_values=idp:sbid`; the authorization URL under `/auth/open/connect/authorize`)
 *   - https://developer.signicat.com/identity-methods/nbid/attributes-reference/ ("By default, all
 *     claims listed in this table are returned in the UserInfo endpoint"; `nin` is in the ID
 *     token only with "Id Token User Data" = All; name claims with StandardScopes or All)
 *   - https://developer.signicat.com/identity-methods/sbid/code-examples.html and
 *     .../sbid/attributes-reference/ (token answer, the ID token with the default "Standard
 *     Scopes": `idp: "sbid"`, names, no `nin`; UserInfo with `nin`, `nin_type`, `nin_issuing_country`)
 *   - https://developer.signicat.com/docs/eid-hub/quick-start/oidc/ ("openid is mandatory.
 *     profile and nin are necessary in most cases")
 * - OpenID Connect Core 1.0 §2, §3.1.2.1, §3.1.3.3, §5.3.2 and RFC 7636 §4.3 for the parameters
 *   and claims both brokers take from the standard (`nonce`, `prompt`, `ui_locales`, PKCE; the
 *   ID token's technical claims; UserInfo's `sub`).
 *
 * Requests are strict (a parameter neither the broker nor the standard names fails); answers
 * and claims are loose (brokers add claims).
 */
import { z } from 'zod';

export const BROKER_PROFILES = ['idura', 'signicat'] as const;
export type BrokerProfile = (typeof BROKER_PROFILES)[number];

/** Idura's BankID `acr_values` (norwegian-bankid, swedish-bankid pages). */
export const IDURA_ACR_VALUES = {
  NO: ['urn:grn:authn:no:bankid', 'urn:grn:authn:no:bankid:high', 'urn:grn:authn:no:bankid:substantial'],
  SE: ['urn:grn:authn:se:bankid', 'urn:grn:authn:se:bankid:same-device', 'urn:grn:authn:se:bankid:qr', 'urn:grn:authn:se:bankid:another-device:qr'],
} as const;

/** Signicat's BankID `acr_values`: the identity provider, `idp:<name>` (oidc-nbid, oidc-setup-sbid). */
export const SIGNICAT_ACR_VALUES = { NO: ['idp:nbid'], SE: ['idp:sbid'] } as const;

/**
 * The scopes each broker documents for BankID. Idura: `openid`, plus `ssn` (dynamic scope
 * strategy, Norway) and `evidence` (Sweden). Signicat: `openid profile nin`, plus the extras
 * `nbid-extra`, `idp-id` (Norway) and `sbid-extra`, `sbid-evidence` (Sweden).
 */
export const BROKER_SCOPES: Readonly<Record<BrokerProfile, readonly string[]>> = {
  idura: ['openid', 'ssn', 'evidence'],
  signicat: ['openid', 'profile', 'nin', 'idp-id', 'nbid-extra', 'sbid-extra', 'sbid-evidence'],
};

/** The national ID's claim per broker and country (token-contents; nbid/sbid attributes reference). */
export const NATIONAL_ID_CLAIM = {
  idura: { NO: 'socialno', SE: 'ssn' },
  signicat: { NO: 'nin', SE: 'nin' },
} as const;

/** Where each broker returns the user data by default. */
export const USER_DATA_FROM: Readonly<Record<BrokerProfile, 'id-token' | 'userinfo'>> = { idura: 'id-token', signicat: 'userinfo' };

/** The brokers' endpoint paths under their domain (Idura: `/oauth2/...`; Signicat: `/auth/open/connect/...`). */
export const PATHS = {
  idura: { authorize: '/oauth2/authorize', token: '/oauth2/token', userinfo: '/oauth2/userinfo' },
  signicat: { authorize: '/auth/open/connect/authorize', token: '/auth/open/connect/token', userinfo: '/auth/open/connect/userinfo' },
} as const;

const scopeOf = (profile: BrokerProfile) =>
  z
    .string()
    .refine((value) => value.split(' ').includes('openid'), 'must include openid')
    .refine((value) => value.split(' ').every((scope) => BROKER_SCOPES[profile].includes(scope)), 'names a scope the broker does not offer');

/** A space-separated `acr_values` whose first value is one of the broker's BankID values. */
const acrValuesOf = (values: readonly string[]) =>
  z.string().refine((value) => values.includes(value.split(' ')[0] ?? ''), 'names no BankID value of this broker');

/** The standard parameters (OIDC Core §3.1.2.1, RFC 7636 §4.3) both brokers take beside their own. */
const standardParameters = {
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  response_type: z.literal('code'),
  response_mode: z.literal('query').optional(),
  state: z.string().min(1),
  nonce: z.string().min(1).optional(),
  prompt: z.enum(['login', 'none', 'consent', 'select_account']).optional(),
  ui_locales: z.string().optional(),
  login_hint: z.string().optional(),
  code_challenge: z.string().min(43).max(128).optional(),
  code_challenge_method: z.literal('S256').optional(),
};

/** Idura's authorization request (authorization-code-flow, request-parameters). */
export const iduraAuthorizeQuery = z.strictObject({
  ...standardParameters,
  scope: scopeOf('idura'),
  acr_values: acrValuesOf([...IDURA_ACR_VALUES.NO, ...IDURA_ACR_VALUES.SE]),
});

/** Signicat's authorization request (oidc-nbid, oidc-setup-sbid). `acr_values` may add options after the IdP (`nbid_idp:BID`). */
export const signicatAuthorizeQuery = z.strictObject({
  ...standardParameters,
  scope: scopeOf('signicat'),
  acr_values: acrValuesOf([...SIGNICAT_ACR_VALUES.NO, ...SIGNICAT_ACR_VALUES.SE]),
});

export const authorizeQuery: Readonly<Record<BrokerProfile, typeof iduraAuthorizeQuery | typeof signicatAuthorizeQuery>> = {
  idura: iduraAuthorizeQuery,
  signicat: signicatAuthorizeQuery,
};

/**
 * The token request (OIDC Core §3.1.3.1, RFC 7636 §4.5), the client authenticated by HTTP Basic
 * (`client_secret_basic`, which both brokers take; Signicat's OIDC client has a secret, Idura's
 * application a client secret).
 */
export const tokenRequest = z.strictObject({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1),
  redirect_uri: z.url(),
  code_verifier: z.string().min(43).max(128).optional(),
});

/** The token answer (Signicat sbid code-examples "Authentication token response example"). */
export const tokenAnswer = z.object({
  id_token: z.string().min(1),
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().optional(),
  scope: z.string().optional(),
});

/** The technical claims of every ID token (OIDC Core §2, §3.1.3.6; RFC 7519), which Idura's examples leave out. */
export const OIDC_TECHNICAL_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash', 'c_hash', 'sid'] as const;

/** Idura's Norwegian BankID ID token, user fields (token-contents, norwegian-bankid). */
export const iduraNorwegianIdToken = z.object({
  identityscheme: z.string(),
  authenticationtype: z.string().optional(),
  nameidentifier: z.string().optional(),
  sub: z.string(),
  uniqueuserid: z.string().optional(),
  birthdate: z.string().optional(),
  socialno: z.string().regex(/^\d{11}$/),
  given_name: z.string(),
  family_name: z.string(),
  name: z.string(),
  country: z.literal('NO').optional(),
});

/** Idura's Swedish BankID ID token, user fields (token-contents, swedish-bankid): `ssn` in 12 digits. */
export const iduraSwedishIdToken = z.object({
  identityscheme: z.string(),
  nameidentifier: z.string().optional(),
  sub: z.string(),
  ssn: z.string().regex(/^\d{12}$/),
  given_name: z.string(),
  family_name: z.string(),
  name: z.string(),
  country: z.literal('SE').optional(),
});

/**
 * Signicat's ID token with the default "Standard Scopes" user data (sbid code-examples): the
 * identity provider in `idp`, the names, and no `nin` (that needs "All").
 */
export const signicatIdToken = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string(),
  iat: z.number(),
  exp: z.number(),
  idp: z.string(),
  amr: z.array(z.string()).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  birthdate: z.string().optional(),
});

/** Signicat's UserInfo for BankID, scopes `openid profile nin` (nbid attributes reference, sbid code-examples). */
export const signicatUserInfo = z.object({
  sub: z.string(),
  nin: z.string(),
  nin_type: z.string(),
  nin_issuing_country: z.enum(['NO', 'SE']),
  given_name: z.string(),
  family_name: z.string(),
  name: z.string().optional(),
  birthdate: z.string().optional(),
});
