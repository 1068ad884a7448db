/**
 * The people who identified at the simulated broker, and the claims it releases about them, in
 * the shape of the broker it plays (@portal/contracts/oidc):
 * - Idura Verify: everything in the ID token; `socialno` for Norwegian BankID, `ssn` (12 digits)
 *   for Swedish BankID, the name claims, `identityscheme` and `country` (token-contents).
 * - Signicat: the identity provider in `idp` and, with the `profile` scope, the name claims in
 *   the ID token (the default "Standard Scopes"); `nin`, `nin_type` and `nin_issuing_country`
 *   (with the `nin` scope) from UserInfo only (nbid attributes reference, sbid code-examples).
 * `sub` is an opaque, stable identifier per person, so the national ID never travels as a subject
 * (both brokers do the same).
 */
import { createHmac } from 'node:crypto';
import type { AccountClaims } from 'oidc-provider';
import type { BrokerProfile } from '@portal/contracts/oidc/schemas';
import { birthDateOfNationalId, type CountryCode } from '@portal/domain';
import type { SandboxRecords } from '../records';

export interface BankIdAccount {
  country: CountryCode;
  nationalId: string;
  givenName: string;
  familyName: string;
}

/** Long enough for a code exchange after the longest interaction; refreshed at every login. */
const ACCOUNT_TTL_SECONDS = 60 * 60;

/**
 * The claims each scope releases, per broker (oidc-provider's `claims`). The staff client's
 * claims (`email`, `roles`, and `name`, which the back office shows) come with `openid` at both;
 * a BankID user's `name` is not released by the simulated Signicat at all.
 */
export const SCOPE_CLAIMS: Readonly<Record<BrokerProfile, Readonly<Record<string, readonly string[]>>>> = {
  idura: {
    openid: ['sub', 'socialno', 'ssn', 'given_name', 'family_name', 'name', 'birthdate', 'country', 'identityscheme', 'email', 'roles'],
  },
  signicat: {
    openid: ['sub', 'idp', 'name', 'email', 'roles'],
    profile: ['name', 'given_name', 'family_name', 'birthdate'],
    nin: ['nin', 'nin_type', 'nin_issuing_country'],
  },
};

/** Signicat's user data that only UserInfo returns while the client's "Id Token User Data" is the default. */
const SIGNICAT_USERINFO_ONLY = new Set(SCOPE_CLAIMS.signicat.nin);

/** Signicat's names for the identity providers and the numbers' types, as its examples show them. */
const SIGNICAT_IDP: Readonly<Record<CountryCode, string>> = { NO: 'nbid', SE: 'sbid' };
const SIGNICAT_NIN_TYPE: Readonly<Record<CountryCode, string>> = { NO: 'BIRTH', SE: 'PERSON' };

/** What the broker releases about a person, for the ID token (`id_token`) or UserInfo (`userinfo`). */
export function accountClaims(profile: BrokerProfile, use: string, sub: string, account: BankIdAccount): AccountClaims {
  const names = { given_name: account.givenName, family_name: account.familyName, name: `${account.givenName} ${account.familyName}` };
  const birthdate = birthDateOfNationalId(account.country, account.nationalId) ?? undefined;
  if (profile === 'signicat') {
    // Signicat's published BankID examples (ID token and UserInfo, both countries) have the
    // given and family names but no `name`, so neither does the simulator.
    const all: AccountClaims = {
      sub,
      idp: SIGNICAT_IDP[account.country],
      given_name: account.givenName,
      family_name: account.familyName,
      birthdate,
      nin: account.nationalId,
      nin_type: SIGNICAT_NIN_TYPE[account.country],
      nin_issuing_country: account.country,
    };
    // The IdP is named in the ID token; the published UserInfo answers do not repeat it.
    const kept = (name: string) => (use === 'id_token' ? !SIGNICAT_USERINFO_ONLY.has(name) : name !== 'idp');
    return Object.fromEntries(Object.entries(all).filter(([name]) => kept(name))) as AccountClaims;
  }
  const common = { sub, ...names, country: account.country };
  return account.country === 'NO'
    ? { ...common, birthdate, socialno: account.nationalId, identityscheme: 'nobankid-oidc' }
    : { ...common, ssn: account.nationalId, identityscheme: 'sebankid' };
}

export function accountStore(records: SandboxRecords, subjectKey: string) {
  const store = records.store<BankIdAccount>('bankid-accounts');
  return {
    subjectOf: (account: Pick<BankIdAccount, 'country' | 'nationalId'>): string =>
      createHmac('sha256', subjectKey).update(`${account.country}:${account.nationalId}`).digest('base64url'),
    async save(sub: string, account: BankIdAccount): Promise<void> {
      await store.put(sub, account, ACCOUNT_TTL_SECONDS);
    },
    find: (sub: string) => store.get(sub),
  };
}
