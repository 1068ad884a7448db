/**
 * What the merchant is told, as `outcome` on the return URL and in webhooks (PRODUCT section 2).
 * `apply_approved` is its own value: the original product sent `apply_denied` for an approval.
 */
export const OUTCOMES = [
  'apply_continue',
  'apply_approved',
  'apply_denied',
  'apply_cancelled',
  'client_sign_failed',
  'client_sign_success_denied',
  'client_sign_success_cancelled',
  'client_sign_success_approved',
] as const;
export type Outcome = (typeof OUTCOMES)[number];


export const CUSTOMER_TYPES = ['PRIVATE', 'LEGAL'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const PROVIDERS = ['RESURS', 'GRENKE'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const APPLICATION_VERSIONS = [1, 2] as const;
export type ApplicationVersion = (typeof APPLICATION_VERSIONS)[number];

/** Decisions of the consumer credit provider and of the payment status call (spec section 4). */
export const DECISION_STATUSES = ['ACCEPTED', 'FROZEN', 'REJECTED', 'TASK_REDIRECTION_REQUIRED', 'INSPECTION'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const SIGNING_SESSION_STATUSES = ['CREATED', 'COMPLETED', 'REJECTED', 'EXPIRED', 'DELETED'] as const;
export type SigningSessionStatus = (typeof SIGNING_SESSION_STATUSES)[number];

export const INDIVIDUALIZED_TERMS_TYPES = ['COMMON', 'ISEKKI_NEW_ACCOUNT'] as const;
export type IndividualizedTermsType = (typeof INDIVIDUALIZED_TERMS_TYPES)[number];

export const CONSENT_TYPES = [
  'PERSONAL_INFO_CONSENT',
  'PRIVACY_CONSENT',
  'LEASING_TERMS_CONSENT',
  'CREDIT_CONSENT',
  'FAIROWN_RENEWAL_ASSESSMENT_CONSENT',
  'FAIROWN_RENEWAL_CONSENT',
] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** Each consent type and the apply form field that carries it (schemas/apply-form.ts). */
export const CONSENT_FIELDS = {
  PERSONAL_INFO_CONSENT: 'personalInfoConsent',
  PRIVACY_CONSENT: 'privacyConsent',
  LEASING_TERMS_CONSENT: 'leasingTermsConsent',
  CREDIT_CONSENT: 'creditConsent',
  FAIROWN_RENEWAL_ASSESSMENT_CONSENT: 'fairownRenewalAssessmentConsent',
  FAIROWN_RENEWAL_CONSENT: 'fairownRenewalConsent',
} as const satisfies Record<ConsentType, string>;
export type ConsentField = (typeof CONSENT_FIELDS)[ConsentType];

/** The two consents of a renewal, required only when a renewal order is selected. */
export const RENEWAL_CONSENT_FIELDS = [CONSENT_FIELDS.FAIROWN_RENEWAL_ASSESSMENT_CONSENT, CONSENT_FIELDS.FAIROWN_RENEWAL_CONSENT] as const;
export type RenewalConsentField = (typeof RENEWAL_CONSENT_FIELDS)[number];

/** The portal's state of a leasing application (`applicationResults[0].state`), mapped from GRENKE's. */
export const LEASING_STATES = ['PENDING', 'MISSING_INFO', 'APPROVED', 'DECLINED', 'CANCELLED', 'CONTRACTED'] as const;
export type LeasingState = (typeof LEASING_STATES)[number];
