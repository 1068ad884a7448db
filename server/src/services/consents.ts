/**
 * The consents a customer gives on the apply screen (spec sections 3, 5): which apply, their
 * texts in the customer's language with links, and their version. What was accepted is stored
 * with the text and version the customer saw (PRODUCT section 6).
 */
import {
  CONSENT_FIELDS,
  type ConsentType,
  type ConsentView,
  documentPath,
  type Language,
  leasingTermsUrl,
  RENEWAL_WINDOW_DAYS,
} from '@portal/domain';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import { sha256Hex } from '../lib/crypto';
import { translate } from '../lib/i18n';
import { sanitizeHtmlText } from '../lib/sanitize';

/** Raise when a consent text changes in substance: stored consents keep the version they saw. */
export const CONSENT_TEXT_VERSION = '2026-11-01';


type Shown = ConsentType;

/** The consents shown for an application: renewal ones only when there are products to renew. */
export function consentTypesFor(app: Pick<ApplicationRecord, 'customerType' | 'provider' | 'version'>, hasRenewalProducts: boolean): Shown[] {
  const types: Shown[] = ['PERSONAL_INFO_CONSENT', 'PRIVACY_CONSENT'];
  if (app.customerType === 'LEGAL') types.push('LEASING_TERMS_CONSENT');
  // Resurs version 1 asks for the credit check in its own words (spec section 7).
  if (app.provider === 'RESURS' && app.version === 1) types.push('CREDIT_CONSENT');
  if (hasRenewalProducts) types.push('FAIROWN_RENEWAL_ASSESSMENT_CONSENT', 'FAIROWN_RENEWAL_CONSENT');
  return types;
}

export function consentView(type: Shown, app: Pick<ApplicationRecord, 'countryCode'>, language: Language): ConsentView {
  const privacyUrl = documentPath('PrivacyPolicy', app.countryCode);
  const leasingTerms = leasingTermsUrl(app.countryCode);
  const values = { privacyUrl, leasingTermsUrl: leasingTerms, days: RENEWAL_WINDOW_DAYS };
  const files =
    type === 'PRIVACY_CONSENT'
      ? [{ link: privacyUrl, label: translate(language, 'files.privacyPolicy') }]
      : type === 'LEASING_TERMS_CONSENT'
        ? [{ link: leasingTerms, label: translate(language, 'files.leasingTerms') }]
        : type === 'PERSONAL_INFO_CONSENT'
          ? [{ link: documentPath('GeneralTerms', app.countryCode), label: translate(language, 'files.generalTerms') }]
          : [];
  return { type, text: sanitizeHtmlText(translate(language, `consents.${type}`, values)), version: CONSENT_TEXT_VERSION, files };
}

/**
 * Stores the consents given with a submission: each with the words the customer saw, their
 * version and language, and a hash of the session (never the session id).
 */
export async function storeConsents(
  q: Queryable,
  app: ApplicationRecord,
  given: Partial<Record<(typeof CONSENT_FIELDS)[ConsentType], boolean | undefined | null>>,
  language: Language,
  sessionId: string,
): Promise<void> {
  const repos = repositories(q);
  for (const [type, field] of Object.entries(CONSENT_FIELDS) as [ConsentType, (typeof CONSENT_FIELDS)[ConsentType]][]) {
    const value = given[field];
    if (value === undefined || value === null) continue;
    const { text } = consentView(type, app, language);
    await repos.consents.insert({
      applicationId: app.id,
      type,
      textVersion: CONSENT_TEXT_VERSION,
      language,
      text,
      accepted: value,
      sessionRef: sha256Hex(sessionId).slice(0, 32),
    });
  }
}
