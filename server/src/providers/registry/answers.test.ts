import { describe, expect, it } from 'vitest';
import { authorizationAnswer, signatoriesOfAuthorization } from './bolagsverket';
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
  avregistrert: false,
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
        role('SIHV', { person: person('Ended', 'Person', '1950-01-01') }, { avregistrert: true }),
        // The answer before June 2026 said so with `fratraadt`.
        { ...role('SIGN', { person: person('Gone', 'Person', '1951-01-01') }), avregistrert: undefined, fratraadt: true },
        role('SIGN', { person: person('Late', 'Person', '1940-01-01', { erDoed: true }) }),
        role('SIGN', { enhet: { organisasjonsnummer: '980211282', navn: ['REVISJON AS'], erSlettet: false } }),
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

  it('cannot read a role that does not say whether it has ended, nor a person without a birth date', () => {
    const signing = (extra: object) => ({ rollegrupper: [group('SIGN', [{ type: { kode: 'SIGN' }, person: person('Kari', 'Nordmann', '1972-08-18'), ...extra }])] });
    expect(rolesAnswer.safeParse(signing({})).success).toBe(false);
    expect(rolesAnswer.safeParse(signing({ avregistrert: false })).success).toBe(true);
    expect(rolesAnswer.safeParse({ rollegrupper: [group('SIGN', [{ type: { kode: 'SIGN' }, person: { navn: { fornavn: 'No', etternavn: 'Date' } }, avregistrert: false }])] }).success).toBe(false);
  });
});

describe("Bolagsverket's signing rules through Signicat", () => {
  const named = (first: string, last: string) => ({ status: 'all', full: `${first} ${last}`, first, last, middle: null });
  const signer = (first: string, last: string, dateOfBirth: string | null, code = 'boardMember') => ({ name: named(first, last), dateOfBirth, role: { code, description: null } });
  const read = (answer: object) => signatoriesOfAuthorization(authorizationAnswer.parse(answer));

  it('lets a person sign alone only in a combination of one, by signature or by procuration', () => {
    expect(
      read({
        signature: {
          status: 'complete',
          combinations: [
            { signers: [signer('Johan', 'Nilsson', '1991-05-14'), signer('Maria', 'Karlsson', '1982-09-12')] },
            { signers: [signer('Anna', 'Andersson', '1983-05-14', 'boardLeader')] },
            // A signer without a birth date cannot be matched to anyone.
            { signers: [signer('Foreign', 'Director', null)] },
          ],
        },
        powerOfProcuration: { status: 'complete', combinations: [{ signers: [{ name: { status: 'partial', full: 'Erik Johansson' }, dateOfBirth: '19721107', role: { code: 'procuration' } }] }] },
      }),
    ).toEqual({
      signatories: [
        { person: { name: { given: 'Johan', family: 'Nilsson' }, birthDate: '1991-05-14' }, basis: 'signature', alone: false },
        { person: { name: { given: 'Maria', family: 'Karlsson' }, birthDate: '1982-09-12' }, basis: 'signature', alone: false },
        { person: { name: { given: 'Anna', family: 'Andersson' }, birthDate: '1983-05-14' }, basis: 'signature', alone: true },
        { person: { name: { given: 'Erik Johansson', family: '' }, birthDate: '1972-11-07' }, basis: 'procuration', alone: true },
      ],
      unsettled: [],
    });
  });

  it.each(['incomplete', 'unknown', 'error'] as const)('confirms nobody from a part whose status is %s, and says so', (status) => {
    const answer = { signature: { status, combinations: [{ signers: [signer('Anna', 'Andersson', '1983-05-14')] }] }, powerOfProcuration: { status: 'none', combinations: [] } };
    expect(read(answer)).toEqual({ signatories: [], unsettled: [{ basis: 'signature', status }] });
  });

  it('reads none as nobody, and cannot read an answer with neither part or a status it does not know', () => {
    expect(read({ signature: { status: 'none', combinations: null }, powerOfProcuration: null })).toEqual({ signatories: [], unsettled: [] });
    expect(authorizationAnswer.safeParse({ metadata: {} }).success).toBe(false);
    expect(authorizationAnswer.safeParse({ signature: { status: 'partial' } }).success).toBe(false);
  });
});
