/**
 * The people who identified at the simulated broker, and the claims it releases about them, in
 * the shape Idura (Criipto) Verify uses: `socialno` for Norwegian BankID, `ssn` (12 digits) for
 * Swedish BankID, plus the name claims. `sub` is an opaque, stable identifier per person, so the
 * national ID never travels as a subject (Idura does the same).
 */
import { createHmac } from 'node:crypto';
import type { AccountClaims } from 'oidc-provider';
import type { CountryCode } from '@portal/domain';
import type { SandboxRecords } from '../records';

export interface BankIdAccount {
  country: CountryCode;
  nationalId: string;
  givenName: string;
  familyName: string;
}

/** Long enough for a code exchange after the longest interaction; refreshed at every login. */
const ACCOUNT_TTL_SECONDS = 60 * 60;

export const ID_TOKEN_CLAIMS = ['sub', 'socialno', 'ssn', 'given_name', 'family_name', 'name', 'country', 'identityscheme', 'email', 'roles'] as const;

export function accountClaims(sub: string, account: BankIdAccount): AccountClaims {
  const common = {
    sub,
    given_name: account.givenName,
    family_name: account.familyName,
    name: `${account.givenName} ${account.familyName}`,
    country: account.country,
  };
  return account.country === 'NO'
    ? { ...common, socialno: account.nationalId, identityscheme: 'nobankid-oidc' }
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
