/**
 * The credit reference agency each consumer lender consults, per country: the apply screen's
 * credit check notice names it before the customer applies (issue 31, item 5; ADR 34), so the
 * customer knows who will send the copy of the enquiry (Sweden: omfrågekopia, kreditupplysnings-
 * lagen; Norway: gjenpart, kredittopplysningsloven). The agency is the lender's choice, so it is
 * configuration, never code: `CREDIT_AGENCY_RESURS_SE` and `CREDIT_AGENCY_RESURS_NO`. Nothing of
 * it goes to the merchant (server/test/merchant-sees-outcome-only.test.ts).
 */
import type { CountryCode } from '@portal/domain';
import type { ApplicationRecord } from '../db/repositories/applications';

/** Per consumer lender, the agency's name as the customer will see it on the copy (null: not configured). */
export interface CreditAgencies {
  RESURS: Record<CountryCode, string | null>;
}

/**
 * The sandbox's table, where the simulated Resurs stands in for the real one.
 * - SE, UC AB: Resurs names UC as the agency its credit applications are saved by
 *   (ResursBank/ResursBank.github.io@b235739 docs/testing/index.md:12-17, "credit applications
 *   are made and these are saved by credit agencies (like UC)"); its cost-of-purchase text says
 *   the copy comes from the agency (docs/simplified-flow-api/getcostofpurchasehtml.md:141,
 *   "erhålles kopia av lämnade uppgifter från kreditupplysningsföretaget").
 * - NO, Experian AS: our choice. No published material of Resurs names its Norwegian agency; the
 *   lender must say which it uses before the portal goes live there.
 */
export const SANDBOX_CREDIT_AGENCIES: CreditAgencies = { RESURS: { SE: 'UC AB', NO: 'Experian AS' } };

const NONE: CreditAgencies = { RESURS: { SE: null, NO: null } };

/**
 * The table configuration gives (`creditAgencies`, read by config.ts from CREDIT_AGENCY_RESURS_*);
 * while it gives none, the sandbox's in the sandbox and none elsewhere (the notice then names no
 * agency rather than a guessed one).
 */
export function creditAgencies(config: { sandbox: boolean; creditAgencies?: CreditAgencies | undefined }): CreditAgencies {
  return config.creditAgencies ?? (config.sandbox ? SANDBOX_CREDIT_AGENCIES : NONE);
}

/** The agency consulted on this application's customer: a consumer's lender's, none for a company's lease. */
export function creditAgencyFor(
  agencies: CreditAgencies,
  application: Pick<ApplicationRecord, 'provider' | 'customerType' | 'countryCode'>,
): string | null {
  if (application.customerType !== 'PRIVATE' || application.provider !== 'RESURS') return null;
  return agencies.RESURS[application.countryCode];
}
