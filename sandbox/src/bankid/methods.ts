/**
 * The e-ID methods the simulated broker offers, named by `acr_values` as Idura (Criipto) Verify
 * names them. The broker is a third party of its own, so it keeps its own list rather than
 * sharing the portal's: a change on one side must show up as a failing test, not pass silently.
 */
import type { CountryCode } from '@portal/domain';

export interface BankIdMethod {
  acr: string;
  country: CountryCode;
}

export const BANKID_METHODS: readonly BankIdMethod[] = [
  { acr: 'urn:grn:authn:no:bankid', country: 'NO' },
  // BankID with the app or biometrics only (substantial level of assurance).
  { acr: 'urn:grn:authn:no:bankid:substantial', country: 'NO' },
  { acr: 'urn:grn:authn:se:bankid', country: 'SE' },
  { acr: 'urn:grn:authn:se:bankid:same-device', country: 'SE' },
  { acr: 'urn:grn:authn:se:bankid:qr', country: 'SE' },
  { acr: 'urn:grn:authn:se:bankid:another-device:qr', country: 'SE' },
];

export const ACR_VALUES = BANKID_METHODS.map((method) => method.acr);

/** The first method of a space-separated `acr_values` that the broker knows, or null. */
export function methodFor(acrValues: unknown): BankIdMethod | null {
  if (typeof acrValues !== 'string') return null;
  for (const value of acrValues.split(' ')) {
    const method = BANKID_METHODS.find((m) => m.acr === value);
    if (method) return method;
  }
  return null;
}
