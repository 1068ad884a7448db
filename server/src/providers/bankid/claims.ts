/**
 * The person in a BankID broker's ID token (Idura/Criipto Verify, PROVIDERS.md): the e-ID used
 * (`acr`), the national ID (`socialno` for Norwegian BankID, `ssn` for Swedish) and the name.
 * The national ID must be valid for the country whose BankID was asked for.
 */
import { type CountryCode, normaliseNationalId } from '@portal/domain';
import type { SessionIdentity } from '../../types';

/** The e-ID per country, as Idura (Criipto) names them in `acr_values`. */
export const BANKID_ACR_VALUES: Readonly<Record<CountryCode, string>> = {
  NO: 'urn:grn:authn:no:bankid',
  SE: 'urn:grn:authn:se:bankid',
};

const stringClaim = (claims: Record<string, unknown>, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The person in the ID token, or why not, in words for the log (never the claims' values). */
export function identityFromClaims(
  claims: Record<string, unknown>,
  country: CountryCode,
  now: Date = new Date(),
): { identity: SessionIdentity } | { problem: string } {
  const acr = stringClaim(claims, 'acr');
  if (!acr?.startsWith(BANKID_ACR_VALUES[country])) return { problem: 'acr does not match the requested e-ID' };
  const raw = stringClaim(claims, country === 'NO' ? 'socialno' : 'ssn');
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
