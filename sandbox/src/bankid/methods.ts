/**
 * The e-ID methods the simulated broker offers, named by `acr_values` as the broker it plays names
 * them: Idura's URNs (`urn:grn:authn:no:bankid`, ...) or Signicat's identity providers
 * (`idp:nbid`, `idp:sbid`). The values are the brokers' published ones (@portal/contracts/oidc),
 * not the portal's: a change on one side must show up as a failing test, not pass silently.
 */
import { type BrokerProfile, IDURA_ACR_VALUES, SIGNICAT_ACR_VALUES } from '@portal/contracts/oidc/schemas';
import type { CountryCode } from '@portal/domain';

export interface BankIdMethod {
  acr: string;
  country: CountryCode;
}

const methodsOf = (values: Readonly<Record<CountryCode, readonly string[]>>): BankIdMethod[] =>
  (Object.keys(values) as CountryCode[]).flatMap((country) => values[country].map((acr) => ({ acr, country })));

export const BANKID_METHODS: Readonly<Record<BrokerProfile, readonly BankIdMethod[]>> = {
  idura: methodsOf(IDURA_ACR_VALUES),
  signicat: methodsOf(SIGNICAT_ACR_VALUES),
};

export const acrValuesOf = (profile: BrokerProfile): string[] => BANKID_METHODS[profile].map((method) => method.acr);

/**
 * The first value of a space-separated `acr_values` that names one of the broker's methods, or
 * null. Other values are options of the broker's own (Signicat's `nbid_idp:BID`) and are passed over.
 */
export function methodFor(profile: BrokerProfile, acrValues: unknown): BankIdMethod | null {
  if (typeof acrValues !== 'string') return null;
  for (const value of acrValues.split(' ')) {
    const method = BANKID_METHODS[profile].find((m) => m.acr === value);
    if (method) return method;
  }
  return null;
}
