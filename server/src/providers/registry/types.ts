/**
 * The company registry: who may sign for a company. Norway asks Brønnøysundregistrene's open
 * Enhetsregisteret (roles by name and birth date, no national IDs); Sweden asks Bolagsverket's
 * signing combinations through Signicat's Information API (names and birth dates, no national
 * IDs either). Both answer the same shape here; `person-match.ts` says when a registry person is
 * the identified person.
 */
import type { CountryCode } from '@portal/domain';
import type { CallContext, ProviderResult } from '../types';

/** Which register answered: the timeline says so, without any person's data. */
export type RegisterName = 'brreg-enhetsregisteret' | 'bolagsverket';

export interface RegistryName {
  /** Given names as the registry writes them, e.g. `Nils Kristian`. */
  given: string;
  /** Both Brønnøysund (`mellomnavn`) and Signicat (`middle`) may keep middle names apart. */
  middle?: string | undefined;
  family: string;
}

/**
 * A person as the registry gives them: by name and birth date (`YYYY-MM-DD`), as both registers
 * the portal asks do; or with a national ID, for a register that has one (Brønnøysund's
 * authorised API, for instance).
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

/**
 * A part of the register's answer that cannot settle who may sign: Signicat says its
 * combinations for that basis may be incomplete (`incomplete`), could not be made (`error`) or
 * does not know (`unknown`). Nobody is confirmed on such a part; a person it may concern is for
 * the lender to check (`services/company-access.ts`).
 */
export interface UnsettledPart {
  basis: SigningBasis;
  status: 'incomplete' | 'unknown' | 'error';
}

export type CompanySignatories =
  /**
   * The registry knows the company: everyone it lists with a right to sign (possibly nobody),
   * from the parts of its answer that are settled, and the parts that are not.
   */
  | { found: true; register: RegisterName; signatories: CompanySignatory[]; unsettled: UnsettledPart[] }
  /** No such company, or it was deleted: nobody can sign for it. */
  | { found: false; register: RegisterName };

export interface CompanyRegistryClient {
  /** The people with a right to sign for the organisation number (normalised form) in the country. */
  signatories(country: CountryCode, organisationNumber: string, context?: CallContext): Promise<ProviderResult<CompanySignatories>>;
}
