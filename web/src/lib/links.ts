/**
 * Documents and outside pages the portal links to. The PDFs are static files of the web app
 * (web/public/documents, made by scripts/generate-documents.mjs as samples the operator replaces).
 */
import { type CountryCode, SPA_BASE } from '@portal/domain';

/** The general terms of the portal, in the country's language. */
export const generalTermsUrl = (country: CountryCode): string => `${SPA_BASE}/documents/GeneralTerms${country}.pdf`;

/** The privacy policy, in the country's language. */
export const privacyPolicyUrl = (country: CountryCode): string => `${SPA_BASE}/documents/PrivacyPolicy${country}.pdf`;

/** GRENKE's leasing terms for the application's country (one definition, in domain). */
export { leasingTermsUrl } from '@portal/domain';
