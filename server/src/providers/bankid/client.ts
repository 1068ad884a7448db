/**
 * The BankID broker adapter (PRODUCT section 2.3): an OpenID Connect login asking for the
 * country's BankID, in the portal's language, and the person the broker names, read by the
 * configured broker's conventions (profiles.ts: Idura Verify, Signicat, or the sandbox's
 * simulator acting as either).
 */
import { COUNTRY_CODES, type CountryCode, type Language } from '@portal/domain';
import type { OidcProfileName } from '../../config';
import type { SessionIdentity } from '../../types';
import { fail, ok, type ProviderResult } from '../types';
import { createOidcLogin, type OidcLoginOptions, type OidcReason, type OidcStart, type PendingOidcLogin } from '../oidc/client';
import { type ClaimsProblem, identityFromClaims } from './claims';
import { BROKER_PROFILES } from './profiles';

/** Why an identification did not happen, for the log. */
export type BrokerReason = OidcReason | { step: 'claims'; kind: ClaimsProblem };

export type BrokerFinish =
  | { ok: true; identity: SessionIdentity }
  | { ok: false; outcome: 'cancelled' | 'failed'; reason: BrokerReason };

export interface BankIdBroker {
  /** The broker's address for a fresh BankID login of the country, in the portal's language. */
  start(country: CountryCode, lang: Language | undefined): Promise<OidcStart>;
  /** The person, from the callback (the request's path and query) and the login kept at the start. */
  finish(callbackUrl: string, login: PendingOidcLogin, country: CountryCode): Promise<BrokerFinish>;
  /**
   * The operator's preflight: the broker's discovery document answers, and where it lists the
   * `acr_values` it supports, it lists the BankID values of the configured profile (a broker
   * that does not is most likely another broker than OIDC_PROFILE says).
   */
  probe(): Promise<ProviderResult<void>>;
}

export type BankIdBrokerOptions = OidcLoginOptions & { profile: OidcProfileName };

export function createBankIdBroker(options: BankIdBrokerOptions): BankIdBroker {
  const login = createOidcLogin(options);
  const profile = BROKER_PROFILES[options.profile];
  return {
    async probe() {
      const discovered = await login.discover();
      if (!discovered.ok) return discovered;
      const supported = discovered.value.acr_values_supported;
      const wanted = COUNTRY_CODES.map((country) => profile.acrValues[country]);
      if (Array.isArray(supported) && supported.length > 0 && !wanted.every((value) => supported.includes(value))) {
        return fail({ kind: 'unreadable', status: 200, field: 'acr_values_supported' });
      }
      return ok(undefined);
    },
    start: (country, lang) => login.start({ acrValues: profile.acrValues[country], scope: profile.scope, uiLocales: lang }),
    async finish(callbackUrl, pending, country) {
      const finished = await login.finish(callbackUrl, pending, { userInfo: profile.userInfo });
      if (!finished.ok) return finished;
      // UserInfo is about the same subject (checked); where both have a claim they come from the same broker.
      const result = identityFromClaims(profile, { ...finished.claims, ...finished.userInfo }, country);
      if ('problem' in result) return { ok: false, outcome: 'failed', reason: { step: 'claims', kind: result.problem } };
      return { ok: true, identity: result.identity };
    },
  };
}
