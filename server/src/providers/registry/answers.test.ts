import { describe, expect, it } from 'vitest';
import { signatoriesAnswer, signatoriesOfCombinations } from './bolagsverket';
import { rolesAnswer, signatoriesOfRoles } from './brreg';

const person = (fornavn: string, etternavn: string, fodselsdato: string, extra: object = {}) => ({
  fodselsdato,
  navn: { fornavn, etternavn },
  erDoed: false,
  ...extra,
});
const role = (kode: string, holder: object, extra: object = {}) => ({
  type: { kode, beskrivelse: kode, _links: { self: { href: `https://data.brreg.no/enhetsregisteret/api/roller/rolletyper/${kode}` } } },
  ...holder,
  fratraadt: false,
  rekkefolge: 0,
  ...extra,
});
const group = (kode: string, roller: object[]) => ({ type: { kode, beskrivelse: kode }, sistEndret: '2024-07-16', roller });

describe('Brønnøysund roles', () => {
  const answer = rolesAnswer.parse({
    rollegrupper: [
      group('DAGL', [role('DAGL', { person: person('Ingrid', 'Lund', '1949-08-02') })]),
      group('STYR', [role('LEDE', { person: person('Lars', 'Johansen', '1982-06-23') })]),
      group('SIGN', [
        role('SIGN', { person: person('Lars', 'Johansen', '1982-06-23') }),
        role('SIFE', { person: person('Ola', 'Hansen', '1988-02-27') }),
        role('SIHV', { person: person('Gone', 'Person', '1950-01-01') }, { fratraadt: true }),
        role('SIGN', { person: person('Late', 'Person', '1940-01-01', { erDoed: true }) }),
        role('SIGN', { enhet: { organisasjonsnummer: '980211282', navn: ['REVISJON AS'], erSlettet: false } }),
        { type: { kode: 'SIGN' }, person: { navn: { fornavn: 'No', etternavn: 'Date' } } },
      ]),
      group('PROK', [
        role('PROK', { person: person('Nils', 'Berg', '1949-02-01', { navn: { fornavn: 'Nils', mellomnavn: 'Olav', etternavn: 'Berg' } }) }),
        role('POFE', { person: person('Kari', 'Nordmann', '1972-08-18') }),
      ]),
    ],
  });

  it('lists signatur and prokura holders, alone or jointly, and nobody for a position alone', () => {
    expect(signatoriesOfRoles(answer)).toEqual([
      { person: { name: { given: 'Lars', middle: undefined, family: 'Johansen' }, birthDate: '1982-06-23' }, basis: 'signature', alone: true },
      { person: { name: { given: 'Ola', middle: undefined, family: 'Hansen' }, birthDate: '1988-02-27' }, basis: 'signature', alone: false },
      { person: { name: { given: 'Nils', middle: 'Olav', family: 'Berg' }, birthDate: '1949-02-01' }, basis: 'procuration', alone: true },
      { person: { name: { given: 'Kari', middle: undefined, family: 'Nordmann' }, birthDate: '1972-08-18' }, basis: 'procuration', alone: false },
    ]);
  });

  it('reads a company without roles as one nobody can sign for', () => {
    expect(signatoriesOfRoles(rolesAnswer.parse({ rollegrupper: [] }))).toEqual([]);
  });
});

describe("Bolagsverket's signatories through the provider", () => {
  const answer = signatoriesAnswer.parse({
    organizationNumber: '5592714686',
    coverage: 'COMPLETE',
    persons: [
      { id: 'p1', nationalId: '199105149612', firstName: 'Johan', lastName: 'Nilsson', birthDate: '1991-05-14' },
      { id: 'p2', nationalId: '19820912-3705', firstName: 'Maria', lastName: 'Karlsson' },
      { id: 'p3', nationalId: '198305147715', firstName: 'Anna', lastName: 'Andersson' },
      { id: 'p4', nationalId: '197211072793', firstName: 'Erik', lastName: 'Johansson' },
      { id: 'p5', nationalId: null, firstName: 'Foreign', lastName: 'Director', birthDate: '1970-01-01' },
    ],
    signingCombinations: [{ personIds: ['p1', 'p2'] }, { personIds: ['p3'] }, { personIds: ['p3', 'p5'] }],
  });

  it('lets a person sign alone only when a combination names them alone', () => {
    expect(signatoriesOfCombinations(answer)).toEqual([
      { person: { nationalId: '199105149612', name: { given: 'Johan', family: 'Nilsson' }, birthDate: '1991-05-14' }, basis: 'signature', alone: false },
      { person: { nationalId: '198209123705', name: { given: 'Maria', family: 'Karlsson' }, birthDate: undefined }, basis: 'signature', alone: false },
      { person: { nationalId: '198305147715', name: { given: 'Anna', family: 'Andersson' }, birthDate: undefined }, basis: 'signature', alone: true },
      { person: { name: { given: 'Foreign', family: 'Director' }, birthDate: '1970-01-01' }, basis: 'signature', alone: false },
    ]);
  });
});
