/**
 * What the simulated registries say about the test companies (`registryRolesOf` in
 * `domain/src/sandbox/test-people.ts`), in each registry's own shape: Brønnøysund's role groups
 * for Norway, the provider's persons and signing combinations for Sweden (README.md beside
 * this file). Pure functions of the test data: nothing is stored.
 */
import {
  birthDateOfNationalId,
  findTestPerson,
  registryRolesOf,
  type TestCompany,
  type TestCompanyRole,
  type TestPerson,
} from '@portal/domain';

const BRREG_API = 'https://data.brreg.no/enhetsregisteret/api';
/** The test data has no history: every group was last changed on the same day. */
const LAST_CHANGED = '2024-01-15';

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  DAGL: 'Daglig leder',
  STYR: 'Styre',
  LEDE: 'Styrets leder',
  MEDL: 'Styremedlem',
  SIGN: 'Signatur',
  SIFE: 'Signatur i fellesskap',
  SIHV: 'Signatur hver for seg',
  PROK: 'Prokura',
  POFE: 'Prokura i fellesskap',
  POHV: 'Prokura hver for seg',
};

const typeOf = (kode: string, kind: 'rollegruppetyper' | 'rolletyper') => ({
  kode,
  beskrivelse: DESCRIPTIONS[kode] ?? kode,
  _links: { self: { href: `${BRREG_API}/roller/${kind}/${kode}` } },
});

/** The company's listed people who are test people (the registry knows nobody else here). */
function listedPeople(company: TestCompany): { role: TestCompanyRole; person: TestPerson }[] {
  return registryRolesOf(company).flatMap((role) => {
    const person = findTestPerson(role.nationalId);
    return person ? [{ role, person }] : [];
  });
}

function brregPerson(person: TestPerson) {
  return {
    fodselsdato: birthDateOfNationalId(person.country, person.nationalId) ?? '1900-01-01',
    navn: { fornavn: person.firstName, etternavn: person.lastName },
    erDoed: false,
  };
}

/**
 * `GET enheter/{orgnr}/roller`: DAGL and STYR groups for positions; SIGN and PROK groups for the
 * rights to sign. One person alone is SIGN (PROK), several alone SIHV (POHV), jointly SIFE (POFE).
 */
export function brregRoles(company: TestCompany) {
  const people = listedPeople(company);
  const rollegrupper: object[] = [];
  const groupOf = (kode: string, roller: object[]) => {
    if (roller.length > 0) rollegrupper.push({ type: typeOf(kode, 'rollegruppetyper'), sistEndret: LAST_CHANGED, roller });
  };
  const roleOf = (kode: string, person: TestPerson, rekkefolge: number) => ({
    type: typeOf(kode, 'rolletyper'),
    person: brregPerson(person),
    fratraadt: false,
    rekkefolge,
  });

  groupOf('DAGL', people.filter((p) => p.role.position === 'managing-director').map((p, i) => roleOf('DAGL', p.person, i)));
  const board = people.filter((p) => p.role.position === 'chair' || p.role.position === 'board-member');
  // The chair first, as the register lists the board.
  board.sort((a, b) => Number(b.role.position === 'chair') - Number(a.role.position === 'chair'));
  groupOf('STYR', board.map((p, i) => roleOf(p.role.position === 'chair' ? 'LEDE' : 'MEDL', p.person, i)));

  for (const [group, by, one, each, joint] of [
    ['SIGN', 'signature', 'SIGN', 'SIHV', 'SIFE'],
    ['PROK', 'procuration', 'PROK', 'POHV', 'POFE'],
  ] as const) {
    const holders = people.filter((p) => p.role.signing?.by === by);
    const alone = holders.filter((p) => p.role.signing?.alone).length;
    groupOf(group, holders.map((p, i) => roleOf(p.role.signing?.alone ? (alone > 1 ? each : one) : joint, p.person, i)));
  }

  return {
    rollegrupper,
    _links: {
      self: { href: `${BRREG_API}/enheter/${company.organisationNumber}/roller` },
      enhet: { href: `${BRREG_API}/enheter/${company.organisationNumber}` },
    },
  };
}

/** Bolagsverket's function codes for the positions [?]. */
const SWEDISH_FUNCTIONS: Readonly<Record<string, { code: string; description: string }>> = {
  'managing-director': { code: 'VD', description: 'Verkställande direktör' },
  chair: { code: 'OF', description: 'Styrelseordförande' },
  'board-member': { code: 'LE', description: 'Styrelseledamot' },
};

/**
 * The provider's answer for a Swedish company: everyone listed, each alone signatory as a
 * combination of one, and all joint signatories together as one combination ("i förening").
 * Prokura is read like firmateckning: a Swedish prokurist signs the same way.
 */
export function bolagsverketSignatories(company: TestCompany) {
  const people = listedPeople(company).map((p, i) => ({ ...p, id: `p-${i + 1}` }));
  const fullName = (person: TestPerson) => `${person.firstName} ${person.lastName}`;
  const alone = people.filter((p) => p.role.signing?.alone);
  const jointly = people.filter((p) => p.role.signing && !p.role.signing.alone);

  const rules = ['Firman tecknas av styrelsen.'];
  for (const p of alone) rules.push(`Firman tecknas av ${fullName(p.person)} ensam.`);
  if (jointly.length > 1) rules.push(`Firman tecknas av ${jointly.map((p) => fullName(p.person)).join(' och ')} i förening.`);

  return {
    organizationNumber: company.organisationNumber,
    name: company.companyName,
    country: 'SE',
    source: 'se-bolagsverket',
    coverage: 'COMPLETE',
    signatoryText: rules.join(' '),
    persons: people.map(({ id, role, person }) => ({
      id,
      nationalId: person.nationalId,
      firstName: person.firstName,
      lastName: person.lastName,
      birthDate: birthDateOfNationalId(person.country, person.nationalId),
      functions: role.position ? [SWEDISH_FUNCTIONS[role.position]] : [],
    })),
    signingCombinations: [
      ...alone.map((p) => ({ personIds: [p.id] })),
      ...(jointly.length > 1 ? [{ personIds: jointly.map((p) => p.id) }] : []),
    ],
  };
}
