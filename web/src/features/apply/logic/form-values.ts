/**
 * What the apply form holds, how it starts from the application, and what is sent. Only the
 * consents the customer was shown are sent, and the renewal consents only with renewal orders,
 * so the server never records a consent for a text the customer did not see or act on.
 */
import {
  CONSENT_FIELDS,
  type ConsentField,
  type ConsentType,
  type ConsentView,
  type CustomerView,
  RENEWAL_CONSENT_FIELDS,
  type RenewalOrder,
} from '@portal/domain';

export interface ApplyFormValues {
  phone: string | null;
  email: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  personalInfoConsent?: boolean;
  privacyConsent?: boolean;
  leasingTermsConsent?: boolean;
  /** Version 1 only: the customer agrees to the credit check (its text comes from the server). */
  creditConsent?: boolean;
  fairownRenewalAssessmentConsent?: boolean;
  fairownRenewalConsent?: boolean;
  orders: RenewalOrder[];
}

export const CONTACT_FIELDS = ['phone', 'email', 'address', 'postalCode', 'city'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type CheckboxField = ConsentField;
export type ApplyField = ContactField | CheckboxField;

/** The form field of a consent shown as a checkbox. */
export function consentField(type: ConsentType): CheckboxField | null {
  return CONSENT_FIELDS[type];
}

/** The consents shown as checkboxes: every one the server lists for the application. */
export function shownConsents(consents: readonly ConsentView[]): ConsentView[] {
  return [...consents];
}

export function initialValues(customer: CustomerView, consents: readonly ConsentView[]): ApplyFormValues {
  const values: ApplyFormValues = {
    phone: customer.phone ?? '',
    email: customer.email ?? '',
    address: customer.address ?? '',
    postalCode: customer.postalCode ?? '',
    city: customer.city ?? '',
    orders: [],
  };
  // Unticked is `false`, so the message is "Terms must be accepted" rather than "required".
  for (const consent of shownConsents(consents)) {
    const field = consentField(consent.type);
    if (field) values[field] = false;
  }
  return values;
}

export type ApplyPayload = Omit<ApplyFormValues, 'orders'> & { orders: RenewalOrder[]; accountKey?: 'student' };

/** The body of the submit call from the checked values. */
export function toPayload(values: ApplyFormValues, consents: readonly ConsentView[], accountKey: 'student' | null): ApplyPayload {
  const shown = new Set<string>(shownConsents(consents).map((consent) => CONSENT_FIELDS[consent.type]));
  const payload: ApplyPayload = {
    phone: values.phone,
    email: values.email,
    address: values.address,
    postalCode: values.postalCode,
    city: values.city,
    orders: values.orders,
  };
  for (const field of ['personalInfoConsent', 'privacyConsent', 'leasingTermsConsent', 'creditConsent', ...RENEWAL_CONSENT_FIELDS] as const) {
    const renewal = (RENEWAL_CONSENT_FIELDS as readonly string[]).includes(field);
    if (shown.has(field) && (!renewal || values.orders.length > 0)) payload[field] = values[field] === true;
  }
  if (accountKey) payload.accountKey = accountKey;
  return payload;
}
