/**
 * What the simulated registries say about the test companies (`registryRolesOf` in
 * `domain/src/sandbox/test-people.ts`), in each registry's published shape
 * (`contracts/src/brreg/`, `contracts/src/signicat-info/`): Brønnøysund's role groups for
 * Norway, Signicat's `Authorization` (Bolagsverket's signing combinations) for Sweden (README.md
 * beside this file). Pure functions of the test data: nothing is stored.
 */
import {
  birthDateOfNationalId,
  type CompanyPosition,
  findTestPerson,
  type RegistryCoverage,
  registryRolesOf,
  type SigningRight,
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
  // `avregistrert` is the current flag of a role that has ended (the older answer said `fratraadt`).
  const roleOf = (kode: string, person: TestPerson, rekkefolge: number, ended = false) => ({
    type: typeOf(kode, 'rolletyper'),
    person: brregPerson(person),
    avregistrert: ended,
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
    const alone = holders.filter((p) => p.role.signing?.alone && !p.role.ended).length;
    const codeOf = (p: (typeof holders)[number]) => (p.role.signing?.alone ? (alone > 1 && !p.role.ended ? each : one) : joint);
    groupOf(group, holders.map((p, i) => roleOf(codeOf(p), p.person, i, p.role.ended === true)));
  }

  return {
    rollegrupper,
    _links: {
      self: { href: `${BRREG_API}/enheter/${company.organisationNumber}/roller` },
      enhet: { href: `${BRREG_API}/enheter/${company.organisationNumber}` },
    },
  };
}

/** Signicat's role codes for the positions ([O] AuthorizaztionRole.cs) and Bolagsverket's words for them. */
const SWEDISH_POSITIONS: Readonly<Record<CompanyPosition, { code: string; description: string }>> = {
  'managing-director': { code: 'ceo', description: 'Verkställande direktör' },
  chair: { code: 'boardLeader', description: 'Styrelseordförande' },
  'board-member': { code: 'boardMember', description: 'Styrelseledamot' },
};
const SIGNING_ROLES = {
  signature: { code: 'signature', description: 'Firmatecknare' },
  procuration: { code: 'procuration', description: 'Prokurist' },
} as const;

const SOURCE = 'se-bolagsverket';
const metadata = { sources: [SOURCE], urls: ['https://www.bolagsverket.se'], lastChanged: `${LAST_CHANGED}T00:00:00+00:00`, rawJson: null };

type Listed = { role: TestCompanyRole; person: TestPerson };

function signicatSigner({ role, person }: Listed, basis: SigningRight['by']) {
  const position = role.position ? SWEDISH_POSITIONS[role.position] : undefined;
  return {
    name: { status: 'all', full: `${person.firstName} ${person.lastName}`, first: person.firstName, last: person.lastName, middle: null },
    dateOfBirth: birthDateOfNationalId(person.country, person.nationalId),
    role: basis === 'signature' && position ? position : SIGNING_ROLES[basis],
  };
}

/**
 * One part of the answer (firmateckning or prokura): each person who may sign alone as a
 * combination of one, everyone who may sign only jointly together as one combination ("i
 * förening"). `complete` when it lists combinations, `none` when there are none, unless the
 * company's coverage says otherwise (the status Signicat gives a rule it could not read whole).
 */
function signicatPart(people: readonly Listed[], basis: SigningRight['by'], coverage: RegistryCoverage | undefined) {
  const holders = people.filter((p) => p.role.signing?.by === basis && !p.role.ended);
  const alone = holders.filter((p) => p.role.signing?.alone);
  const jointly = holders.filter((p) => p.role.signing && !p.role.signing.alone);
  const fullName = ({ person }: Listed) => `${person.firstName} ${person.lastName}`;
  const combinations = [
    ...alone.map((p) => ({ signers: [signicatSigner(p, basis)], description: `${fullName(p)} ensam` })),
    ...(jointly.length > 1 ? [{ signers: jointly.map((p) => signicatSigner(p, basis)), description: `${jointly.map(fullName).join(' och ')} i förening` }] : []),
  ];
  const status = coverage ?? (combinations.length > 0 ? 'complete' : 'none');
  const rules = combinations.map((c) => `${basis === 'signature' ? 'Firman tecknas av' : 'Prokura:'} ${c.description}.`);
  return {
    status,
    description: rules.length > 0 ? rules.join(' ') : null,
    // Signicat could not form combinations for an unknown or erroneous rule.
    combinations: status === 'unknown' ? null : status === 'error' ? [] : combinations,
    basis: {
      // The people the rule was read from: for firmateckning the board and management too.
      people: (basis === 'signature' ? people.filter((p) => !p.role.ended && (p.role.position || p.role.signing?.by === basis)) : holders).map((p) => ({
        ...signicatSigner(p, basis),
        roles: [...(p.role.position ? [SWEDISH_POSITIONS[p.role.position]] : []), ...(p.role.signing?.by === basis ? [SIGNING_ROLES[basis]] : [])],
      })),
    },
    metadata,
  };
}

/**
 * `GET info/lookup/countries/se/organizations/{id}/authorization?source=se-bolagsverket`:
 * Signicat's `Authorization` for a Swedish test company. People are named with their birth
 * date, never their personnummer, as Signicat answers.
 */
export function signicatAuthorization(company: TestCompany) {
  const people = listedPeople(company);
  return {
    signature: signicatPart(people, 'signature', company.registryCoverage),
    powerOfProcuration: signicatPart(people, 'procuration', undefined),
    metadata: { ...metadata, isCache: false, accountingYear: null },
  };
}
