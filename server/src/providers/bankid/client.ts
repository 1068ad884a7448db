/**
 * The BankID broker adapter (PRODUCT section 2.3; Idura/Criipto Verify, or the sandbox's simulator
 * of it): an OpenID Connect login asking for the country's BankID, in the portal's language, and
 * the person its ID token names.
 */
import type { CountryCode, Language } from '@portal/domain';
import type { SessionIdentity } from '../../types';
import { createOidcLogin, type OidcLoginOptions, type OidcReason, type OidcStart, type PendingOidcLogin } from '../oidc/client';
import { BANKID_ACR_VALUES, identityFromClaims } from './claims';

/** Why an identification did not happen, for the log. */
export type BrokerReason = OidcReason | { step: 'claims'; kind: string };

export type BrokerFinish =
  | { ok: true; identity: SessionIdentity }
  | { ok: false; outcome: 'cancelled' | 'failed'; reason: BrokerReason };

export interface BankIdBroker {
  /** The broker's address for a fresh BankID login of the country, in the portal's language. */
  start(country: CountryCode, lang: Language | undefined): Promise<OidcStart>;
  /** The person, from the callback (the request's path and query) and the login kept at the start. */
  finish(callbackUrl: string, login: PendingOidcLogin, country: CountryCode): Promise<BrokerFinish>;
}

export function createBankIdBroker(options: OidcLoginOptions): BankIdBroker {
  const login = createOidcLogin(options);
  return {
    start: (country, lang) => login.start({ acrValues: BANKID_ACR_VALUES[country], uiLocales: lang }),
    async finish(callbackUrl, pending, country) {
      const finished = await login.finish(callbackUrl, pending);
      if (!finished.ok) return finished;
      const result = identityFromClaims(finished.claims, country);
      if ('problem' in result) return { ok: false, outcome: 'failed', reason: { step: 'claims', kind: result.problem } };
      return { ok: true, identity: result.identity };
    },
  };
}
