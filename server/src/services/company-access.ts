/**
 * Who may act for a company (PRODUCT section 2.4). A business application is
 * for the signatory the merchant named, and only for them. When the merchant named nobody, the
 * first person to identify may take it only if the company registry lets them sign for the
 * company alone (signatur or prokura): the portal signs a contract with one person, so someone
 * who may sign only together with others is refused as well. Anyone else gets the answer an
 * unknown reference gets (services/applications.ts), and nothing changes.
 *
 * Where the registry cannot settle it (Sweden: Signicat's combinations are `incomplete`,
 * `unknown` or `error` for a basis that does not already let the person sign alone), the person
 * is neither confirmed nor refused: the lender checks by hand (ADR 28).
 */
import { ApiError } from '../lib/errors';
import { isSamePerson } from '../providers/registry/person-match';
import type { CompanyRegistryClient, RegisterName, SigningBasis, UnsettledPart } from '../providers/registry/types';
import type { ProviderFailure } from '../providers/types';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { CustomerRecord } from '../db/repositories/customers';
import type { EventRecord } from '../db/repositories/events';
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
  /**
   * The registry's answer cannot settle whether this person may sign alone: for the lender to
   * check by hand, never a confirmation.
   */
  | { kind: 'review'; register: RegisterName; unsettled: UnsettledPart[] }
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

  const { register, signatories, unsettled } = answer.value;
  const rights = signatories.filter((signatory) => isSamePerson(signatory.person, identity));
  const alone = rights.find((right) => right.alone);
  if (alone) return { kind: 'confirmed', register, basis: alone.basis };
  if (unsettled.length > 0) return { kind: 'review', register, unsettled };
  return { kind: 'refused', reason: rights.length > 0 ? 'signs-only-jointly' : 'not-a-signatory' };
}

/**
 * The registry could not answer: 503 WEB_SERVICE_DOWN (429 when it asks us to slow down, 502 when
 * it answered in a shape we cannot read). A refusal of our call is the registry's problem or
 * ours, never the customer's: also 503.
 */
export function registryUnavailable(failure: ProviderFailure | null): ApiError {
  return failure?.kind === 'rate-limited' || failure?.kind === 'unreadable' ? apiErrorFor(failure) : new ApiError(503, 'WEB_SERVICE_DOWN');
}

/**
 * The timeline's word (`customer.identified`, `signingRight`) for a person the registry could not
 * settle, who took the application and waits for the lender's check (ADR 28).
 */
export const SIGNING_RIGHT_AWAITING_LENDER = 'awaiting-lender';
/** The timeline event of an operator's confirmation that the waiting person may sign (ADR 28). */
export const SIGNING_RIGHT_CONFIRMED_EVENT = 'customer.signing-right-confirmed';

/**
 * Whether the application's person waits for the lender's check: they took it on an unsettled
 * registry answer and no operator has confirmed them since. Read from the timeline, which holds
 * both, so there is no second record of it to disagree.
 */
export function awaitsLender(events: readonly Pick<EventRecord, 'type' | 'detail'>[]): boolean {
  let waiting = false;
  for (const event of events) {
    if (event.type === 'customer.identified') waiting = event.detail?.signingRight === SIGNING_RIGHT_AWAITING_LENDER;
    else if (event.type === SIGNING_RIGHT_CONFIRMED_EVENT) waiting = false;
  }
  return waiting;
}

/** 409 SIGNATORY_NOT_CONFIRMED: held until the lender has checked who may sign (ADR 28). */
export const signatoryNotConfirmed = (): ApiError => new ApiError(409, 'SIGNATORY_NOT_CONFIRMED');

/** The unsettled parts for the log and the timeline, e.g. `signature incomplete` (no personal data). */
export const unsettledText = (unsettled: readonly UnsettledPart[]): string => unsettled.map((part) => `${part.basis} ${part.status}`).join(', ');
