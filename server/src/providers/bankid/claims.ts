/**
 * The person in a BankID broker's claims (the ID token's, and UserInfo's where the broker returns
 * the person's data there): the e-ID used, the national ID and the name, read the way the
 * configured broker publishes them (profiles.ts). The national ID must be valid for the country
 * whose BankID was asked for.
 */
import { type CountryCode, normaliseNationalId } from '@portal/domain';
import type { SessionIdentity } from '../../types';
import type { BrokerProfile } from './profiles';

/** Why the claims name no person, in words for the log (never the claims' values). */
export type ClaimsProblem =
  | 'e-ID not named'
  | 'e-ID does not match the requested BankID'
  | 'national ID claim missing'
  | 'national ID claim invalid'
  | 'name claims missing';

const stringClaim = (claims: Readonly<Record<string, unknown>>, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

export function identityFromClaims(
  profile: BrokerProfile,
  claims: Readonly<Record<string, unknown>>,
  country: CountryCode,
  now: Date = new Date(),
): { identity: SessionIdentity } | { problem: ClaimsProblem } {
  const eid = profile.eidUsed(claims, country);
  if (eid === 'unnamed') return { problem: 'e-ID not named' };
  if (eid === 'other') return { problem: 'e-ID does not match the requested BankID' };
  const raw = stringClaim(claims, profile.nationalIdClaim[country]);
  if (!raw) return { problem: 'national ID claim missing' };
  const nationalId = normaliseNationalId(country, raw);
  if (!nationalId) return { problem: 'national ID claim invalid' };

  // Brokers send given_name and family_name; `name` alone is split at its last space.
  const fullName = stringClaim(claims, 'name');
  const lastSpace = fullName?.lastIndexOf(' ') ?? -1;
  const firstName = stringClaim(claims, 'given_name') ?? (fullName && lastSpace > 0 ? fullName.slice(0, lastSpace) : null);
  const lastName = stringClaim(claims, 'family_name') ?? (fullName && lastSpace > 0 ? fullName.slice(lastSpace + 1) : null);
  if (!firstName || !lastName) return { problem: 'name claims missing' };

  return {
    identity: {
      nationalId,
      country,
      firstName,
      lastName,
      method: country === 'NO' ? 'bankid-no' : 'bankid-se',
      authenticatedAt: now.toISOString(),
    },
  };
}
