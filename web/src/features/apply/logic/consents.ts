/**
 * The consents the server lists for an application, and the apply form field each is sent as
 * (the server stores every consent sent with the text and version the customer saw).
 */
import { CONSENT_FIELDS, type ConsentView, RENEWAL_CONSENT_FIELDS } from '@portal/domain';

export const isRenewalConsent = (consent: ConsentView): boolean =>
  (RENEWAL_CONSENT_FIELDS as readonly string[]).includes(CONSENT_FIELDS[consent.type]);
