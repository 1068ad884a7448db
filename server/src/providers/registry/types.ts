/**
 * The company registry: who may sign for a company. Norway asks Brønnøysundregistrene's open
 * Enhetsregisteret (roles by name and birth date, no national IDs); Sweden asks Bolagsverket's
 * signatories through a data provider (personal numbers and signing combinations). Both answer
 * the same shape here; `person-match.ts` says when a registry person is the identified person.
 */
import type { CountryCode } from '@portal/domain';
import type { CallContext, ProviderResult } from '../types';

/** Which register answered: the timeline says so, without any person's data. */
export type RegisterName = 'brreg-enhetsregisteret' | 'bolagsverket';

export interface RegistryName {
  /** Given names as the registry writes them, e.g. `Nils Kristian`. */
  given: string;
  /** Brønnøysund keeps middle names apart (`mellomnavn`); Sweden's providers do not. */
  middle?: string | undefined;
  family: string;
}

/**
 * A person as the registry gives them: with a national ID where the registry has one (Sweden's
 * provider), otherwise by name and birth date (`YYYY-MM-DD`, Brønnøysund's open data).
 */
export type RegistryPerson =
  | { nationalId: string; name: RegistryName; birthDate?: string | undefined }
  | { nationalId?: undefined; name: RegistryName; birthDate: string };

/** How the right was given: signatur (firmateckning) or prokura. */
export type SigningBasis = 'signature' | 'procuration';

export interface CompanySignatory {
  person: RegistryPerson;
  basis: SigningBasis;
  /** True when this person may sign alone; false when only together with others. */
  alone: boolean;
}

export type CompanySignatories =
  /** The registry knows the company: everyone it lists with a right to sign (possibly nobody). */
  | { found: true; register: RegisterName; signatories: CompanySignatory[] }
  /** No such company, or it was deleted: nobody can sign for it. */
  | { found: false; register: RegisterName };

export interface CompanyRegistryClient {
  /** The people with a right to sign for the organisation number (normalised form) in the country. */
  signatories(country: CountryCode, organisationNumber: string, context?: CallContext): Promise<ProviderResult<CompanySignatories>>;
}
