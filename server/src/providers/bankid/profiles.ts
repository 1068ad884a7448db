/**
 * The BankID brokers the portal speaks to, one definition each (OIDC_PROFILE): how a login asks
 * for the country's BankID (`acr_values`, scopes), where the person's data comes back (the ID
 * token, or UserInfo with the access token), the national ID's claim, and how the broker names
 * the e-ID that was used. Sources, read 2026-11-27:
 *
 * - Idura Verify [V]: docs.idura.app verify/e-ids/norwegian-bankid (eid-specifics/order-no-bankid),
 *   verify/e-ids/swedish-bankid (order-se-bankid), verify/reference/token-contents,
 *   verify/reference/authorization-flows/authorization-code-flow. `acr_values`
 *   `urn:grn:authn:no:bankid` / `urn:grn:authn:se:bankid`, `scope=openid`; the ID token carries
 *   `socialno` (NO) or `ssn` (SE, 12 digits), `given_name`, `family_name`, `name`, and the e-ID as
 *   `identityscheme` (`nobankid-oidc`, `sebankid`); the BankID app's example adds
 *   `authenticationtype` ("acr_values used to authenticate"). The examples show user fields only,
 *   so whether `acr` is in the token is not published.
 * - Signicat eID Hub [V]: developer.signicat.com identity-methods/nbid/integration-guide/oidc-nbid,
 *   identity-methods/nbid/attributes-reference, identity-methods/sbid/setup/oidc-setup-sbid,
 *   identity-methods/sbid/code-examples. `acr_values=idp:nbid` / `idp:sbid`, scopes
 *   `openid profile nin`; `nin` (with `nin_type`, `nin_issuing_country`) is returned by UserInfo,
 *   and in the ID token only when the client's "Id Token User Data" is All; the ID token names
 *   the identity provider in `idp` (`sbid`) and has no `acr`.
 */
import type { CountryCode } from '@portal/domain';
import type { OidcProfileName } from '../../config';

/** What the broker's claims say about the e-ID that was used, against the one asked for. */
export type EidUsed = 'requested' | 'other' | 'unnamed';

export interface BrokerProfile {
  /** `acr_values` asking for the country's BankID. */
  acrValues: Readonly<Record<CountryCode, string>>;
  /** The scopes of the authorization request. */
  scope: string;
  /** Whether the person's data is read from UserInfo (with the access token) besides the ID token. */
  userInfo: boolean;
  /** The claim holding the national ID. */
  nationalIdClaim: Readonly<Record<CountryCode, string>>;
  /** Whether the claims name the country's BankID as the e-ID used. */
  eidUsed(claims: Readonly<Record<string, unknown>>, country: CountryCode): EidUsed;
}

const text = (claims: Readonly<Record<string, unknown>>, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** Several claims may name the e-ID: any that contradicts the request refuses; none at all is 'unnamed'. */
function judge(verdicts: readonly (boolean | null)[]): EidUsed {
  const named = verdicts.filter((verdict): verdict is boolean => verdict !== null);
  if (named.length === 0) return 'unnamed';
  return named.every(Boolean) ? 'requested' : 'other';
}

const IDURA_ACR: Readonly<Record<CountryCode, string>> = { NO: 'urn:grn:authn:no:bankid', SE: 'urn:grn:authn:se:bankid' };
/** `identityscheme` per country, as token-contents publishes it. */
const IDURA_SCHEMES: Readonly<Record<CountryCode, string>> = { NO: 'nobankid-oidc', SE: 'sebankid' };
const SIGNICAT_IDP: Readonly<Record<CountryCode, string>> = { NO: 'nbid', SE: 'sbid' };

const idura: BrokerProfile = {
  acrValues: IDURA_ACR,
  scope: 'openid',
  userInfo: false,
  nationalIdClaim: { NO: 'socialno', SE: 'ssn' },
  eidUsed(claims, country) {
    // The URN asked for, or one of its forms (`:substantial`, `:same-device`, ...).
    const urn = (value: string | null) => (value === null ? null : value === IDURA_ACR[country] || value.startsWith(`${IDURA_ACR[country]}:`));
    const scheme = text(claims, 'identityscheme');
    return judge([
      urn(text(claims, 'acr')),
      urn(text(claims, 'authenticationtype')),
      scheme === null ? null : scheme === IDURA_SCHEMES[country],
    ]);
  },
};

const signicat: BrokerProfile = {
  acrValues: { NO: 'idp:nbid', SE: 'idp:sbid' },
  scope: 'openid profile nin',
  userInfo: true,
  nationalIdClaim: { NO: 'nin', SE: 'nin' },
  eidUsed(claims, country) {
    const idp = text(claims, 'idp');
    const issuer = text(claims, 'nin_issuing_country');
    // The identity provider must be named; the number's issuing country, where given, must agree.
    if (idp === null) return 'unnamed';
    return judge([idp === SIGNICAT_IDP[country], issuer === null ? null : issuer === country]);
  },
};

export const BROKER_PROFILES: Readonly<Record<OidcProfileName, BrokerProfile>> = { idura, signicat };
