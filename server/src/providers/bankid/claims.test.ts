import { describe, expect, it } from 'vitest';
import { BANKID_ACR_VALUES, identityFromClaims } from './claims';

const AT = new Date('2026-11-26T12:00:00Z');
const norwegian = { acr: BANKID_ACR_VALUES.NO, socialno: '18087248794', given_name: 'Kari', family_name: 'Nordmann' };

describe('the person in a BankID ID token', () => {
  it('is the Norwegian BankID user, with the e-ID and the time of the login', () => {
    expect(identityFromClaims(norwegian, 'NO', AT)).toEqual({
      identity: { nationalId: '18087248794', country: 'NO', firstName: 'Kari', lastName: 'Nordmann', method: 'bankid-no', authenticatedAt: AT.toISOString() },
    });
  });

  it('reads a Swedish personnummer from `ssn`, kept in its 12-digit form, and splits a lone `name` at its last space', () => {
    const result = identityFromClaims({ acr: `${BANKID_ACR_VALUES.SE}:mobile`, ssn: '830514-7715', name: 'Anna Maria Andersson' }, 'SE', AT);
    expect(result).toMatchObject({ identity: { nationalId: '198305147715', method: 'bankid-se', firstName: 'Anna Maria', lastName: 'Andersson' } });
  });

  it.each([
    ['another country’s BankID', { ...norwegian, acr: BANKID_ACR_VALUES.SE }, 'acr does not match the requested e-ID'],
    ['no e-ID named', { ...norwegian, acr: undefined }, 'acr does not match the requested e-ID'],
    ['no national ID', { ...norwegian, socialno: '  ' }, 'national ID claim missing'],
    ['a national ID whose check digits are wrong', { ...norwegian, socialno: '18087248795' }, 'national ID claim invalid'],
    ['a national ID that is not a string', { ...norwegian, socialno: 18087248794 }, 'national ID claim missing'],
    ['only one name', { acr: BANKID_ACR_VALUES.NO, socialno: '18087248794', name: 'Kari' }, 'name claims missing'],
  ])('is refused with %s, in words that carry none of the claims', (_, claims, problem) => {
    const result = identityFromClaims(claims, 'NO', AT);
    expect(result).toEqual({ problem });
    expect(JSON.stringify(result)).not.toMatch(/\d{6}/);
  });
});
