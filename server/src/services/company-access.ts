/**
 * Who may act for a company (PRODUCT section 2.4). A business application is
 * for the signatory the merchant named, and only for them. When the merchant named nobody, the
 * first person to identify may take it only if the company registry lets them sign for the
 * company alone (signatur or prokura): the portal signs a contract with one person, so someone
 * who may sign only together with others is refused as well. Anyone else gets the answer an
 * unknown reference gets (services/applications.ts), and nothing changes.
 */
import { ApiError } from '../lib/errors';
import { isSamePerson } from '../providers/registry/person-match';
import type { CompanyRegistryClient, RegisterName, SigningBasis } from '../providers/registry/types';
import type { ProviderFailure } from '../providers/types';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { CustomerRecord } from '../db/repositories/customers';
import type { SessionIdentity } from '../types';
import { apiErrorFor } from './provider-errors';

/** Why a person may not act for the company: for the log, never for the person. */
export type CompanyRefusal =
  | 'other-country'
  | 'not-the-named-signatory'
  | 'no-organisation-number'
  | 'company-not-in-registry'
  | 'not-a-signatory'
  | 'signs-only-jointly';

export type CompanyAccess =
  /** The signatory the merchant named (or who took the application earlier). */
  | { kind: 'allowed' }
  /** No signatory named, and the registry lets this person sign alone: they may take it. */
  | { kind: 'confirmed'; register: RegisterName; basis: SigningBasis }
  | { kind: 'refused'; reason: CompanyRefusal }
  /** The registry could not be asked (down, slow, refused the call), or none was given. */
  | { kind: 'unavailable'; failure: ProviderFailure | null };

export async function companyAccess(
  registry: CompanyRegistryClient | null,
  app: Pick<ApplicationRecord, 'id' | 'countryCode'>,
  customer: Pick<CustomerRecord, 'nationalId' | 'organisationNumber'>,
  identity: SessionIdentity,
): Promise<CompanyAccess> {
  if (identity.country !== app.countryCode) return { kind: 'refused', reason: 'other-country' };
  if (customer.nationalId) {
    return customer.nationalId === identity.nationalId ? { kind: 'allowed' } : { kind: 'refused', reason: 'not-the-named-signatory' };
  }
  if (!customer.organisationNumber) return { kind: 'refused', reason: 'no-organisation-number' };
  if (!registry) return { kind: 'unavailable', failure: null };

  const answer = await registry.signatories(app.countryCode, customer.organisationNumber, { applicationId: app.id });
  if (!answer.ok) return { kind: 'unavailable', failure: answer.failure };
  if (!answer.value.found) return { kind: 'refused', reason: 'company-not-in-registry' };

  const rights = answer.value.signatories.filter((signatory) => isSamePerson(signatory.person, identity));
  const alone = rights.find((right) => right.alone);
  if (alone) return { kind: 'confirmed', register: answer.value.register, basis: alone.basis };
  return { kind: 'refused', reason: rights.length > 0 ? 'signs-only-jointly' : 'not-a-signatory' };
}

/**
 * The registry could not answer: 503 WEB_SERVICE_DOWN (429 when it asks us to slow down). A
 * refusal of our call is the registry's problem or ours, never the customer's: also 503.
 */
export function registryUnavailable(failure: ProviderFailure | null): ApiError {
  return failure?.kind === 'rate-limited' ? apiErrorFor(failure) : new ApiError(503, 'WEB_SERVICE_DOWN');
}
