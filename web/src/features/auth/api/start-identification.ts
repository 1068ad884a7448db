import { API, type CountryCode, type IdentificationStart, identificationStartAnswer, type Language } from '@portal/domain';
import { api } from '@/lib/api-client';

/**
 * Starts a BankID identification for the application: the server keeps the login's state in the
 * session and answers the broker's address, or a refusal (429 when too many were started).
 */
export const startIdentification = (country: CountryCode, reference: string, language: Language | null): Promise<IdentificationStart> =>
  api.post(API.bankIdStart.url({ country: country.toLowerCase() }), identificationStartAnswer, { reference, ...(language ? { lang: language } : {}) });
