/**
 * The consents the server lists for an application, and the apply form field each is sent as
 * (the server stores every consent sent with the text and version the customer saw).
 */
import type { ConsentType, ConsentView } from '@portal/domain';

export const CONSENT_FIELDS = {
  PERSONAL_INFO_CONSENT: 'personalInfoConsent',
  PRIVACY_CONSENT: 'privacyConsent',
  LEASING_TERMS_CONSENT: 'leasingTermsConsent',
  CREDIT_CONSENT: 'creditConsent',
  FAIROWN_RENEWAL_ASSESSMENT_CONSENT: 'fairownRenewalAssessmentConsent',
  FAIROWN_RENEWAL_CONSENT: 'fairownRenewalConsent',
} as const satisfies Record<ConsentType, string>;

export type ConsentField = (typeof CONSENT_FIELDS)[ConsentType];

/** The two consents that belong to the renewal section rather than to the list of consents. */
export const RENEWAL_CONSENT_FIELDS = ['fairownRenewalAssessmentConsent', 'fairownRenewalConsent'] as const;
export type RenewalConsentField = (typeof RENEWAL_CONSENT_FIELDS)[number];

export const isRenewalConsent = (consent: ConsentView): boolean =>
  (RENEWAL_CONSENT_FIELDS as readonly string[]).includes(CONSENT_FIELDS[consent.type]);
