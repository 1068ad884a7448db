import { describe, expect, it } from 'vitest';
import { identityFromClaims } from './claims';
import { BROKER_PROFILES } from './profiles';

const AT = new Date('2026-11-26T12:00:00Z');
const { idura, signicat } = BROKER_PROFILES;

describe('the person in an Idura ID token', () => {
  const norwegian = { acr: 'urn:grn:authn:no:bankid', identityscheme: 'nobankid-oidc', socialno: '18087248794', given_name: 'Kari', family_name: 'Nordmann' };

  it('is the Norwegian BankID user, with the e-ID and the time of the login', () => {
    expect(identityFromClaims(idura, norwegian, 'NO', AT)).toEqual({
      identity: { nationalId: '18087248794', country: 'NO', firstName: 'Kari', lastName: 'Nordmann', method: 'bankid-no', authenticatedAt: AT.toISOString() },
    });
  });

  it('reads a Swedish personnummer from `ssn`, kept in its 12-digit form, and splits a lone `name` at its last space', () => {
    const result = identityFromClaims(idura, { acr: 'urn:grn:authn:se:bankid:same-device', ssn: '830514-7715', name: 'Anna Maria Andersson' }, 'SE', AT);
    expect(result).toMatchObject({ identity: { nationalId: '198305147715', method: 'bankid-se', firstName: 'Anna Maria', lastName: 'Andersson' } });
  });

  it('takes the e-ID from `identityscheme` or `authenticationtype` when the token has no `acr` (Idura shows none)', () => {
    const { acr: _acr, ...withoutAcr } = norwegian;
    expect(identityFromClaims(idura, withoutAcr, 'NO', AT)).toMatchObject({ identity: { nationalId: '18087248794' } });
    const { identityscheme: _scheme, ...typeOnly } = withoutAcr;
    expect(identityFromClaims(idura, { ...typeOnly, authenticationtype: 'urn:grn:authn:no:bankid:substantial' }, 'NO', AT)).toMatchObject({
      identity: { nationalId: '18087248794' },
    });
  });

  it.each([
    ['another country\u2019s BankID', { ...norwegian, acr: 'urn:grn:authn:se:bankid' }, 'e-ID does not match the requested BankID'],
    ['another e-ID\u2019s scheme', { ...norwegian, identityscheme: 'novippslogin' }, 'e-ID does not match the requested BankID'],
    ['a URN that only begins like BankID\u2019s', { ...norwegian, acr: 'urn:grn:authn:no:bankidx' }, 'e-ID does not match the requested BankID'],
    ['no e-ID named', { ...norwegian, acr: undefined, identityscheme: undefined }, 'e-ID not named'],
    ['no national ID', { ...norwegian, socialno: '  ' }, 'national ID claim missing'],
    ['a national ID whose check digits are wrong', { ...norwegian, socialno: '18087248795' }, 'national ID claim invalid'],
    ['a national ID that is not a string', { ...norwegian, socialno: 18087248794 }, 'national ID claim missing'],
    ['only one name', { acr: 'urn:grn:authn:no:bankid', socialno: '18087248794', name: 'Kari' }, 'name claims missing'],
  ])('is refused with %s, in words that carry none of the claims', (_, claims, problem) => {
    const result = identityFromClaims(idura, claims, 'NO', AT);
    expect(result).toEqual({ problem });
    expect(JSON.stringify(result)).not.toMatch(/\d{6}/);
  });
});

describe('the person in Signicat\u2019s ID token and UserInfo', () => {
  const norwegian = { idp: 'nbid', nin: '18087248794', nin_type: 'BIRTH', nin_issuing_country: 'NO', given_name: 'Kari', family_name: 'Nordmann' };

  it('is read from `nin`, the identity provider named by `idp`', () => {
    expect(identityFromClaims(signicat, norwegian, 'NO', AT)).toMatchObject({ identity: { nationalId: '18087248794', method: 'bankid-no', firstName: 'Kari' } });
    expect(identityFromClaims(signicat, { ...norwegian, idp: 'sbid', nin: '198305147715', nin_issuing_country: 'SE' }, 'SE', AT)).toMatchObject({
      identity: { nationalId: '198305147715', method: 'bankid-se' },
    });
  });

  it.each([
    ['Idura\u2019s claims', { acr: 'urn:grn:authn:no:bankid', socialno: '18087248794', given_name: 'Kari', family_name: 'Nordmann' }, 'e-ID not named'],
    ['another identity provider', { ...norwegian, idp: 'idporten' }, 'e-ID does not match the requested BankID'],
    ['a number issued by another country', { ...norwegian, nin_issuing_country: 'SE' }, 'e-ID does not match the requested BankID'],
    ['the ID token alone, without UserInfo\u2019s `nin`', { idp: 'nbid', given_name: 'Kari', family_name: 'Nordmann' }, 'national ID claim missing'],
  ])('is refused with %s', (_, claims, problem) => {
    expect(identityFromClaims(signicat, claims, 'NO', AT)).toEqual({ problem });
  });
});
