/**
 * The sandbox's test people (PRODUCT section 5). The demo shop offers them, the sandbox BankID
 * page lists them, and the provider simulators decide by their numbers. Decisions follow Resurs'
 * published test data where it exists.
 */
import type { CountryCode } from '../countries';
import type { CreateApplicationRequestInput } from '../schemas/merchant';

export type ResursBehaviour =
  | { kind: 'accepted' }
  | { kind: 'rejected' }
  | { kind: 'frozen' }
  | { kind: 'frozen-then-accepted'; afterMs: number }
  | { kind: 'inspection-then-accepted'; afterMs: number }
  /**
   * The answers that carry a catalogue code (spec section 8): Resurs will not go on because of
   * the person's other accounts (the customer must call Resurs); Resurs refuses the person's
   * identification; Resurs answers without the payment; Resurs accepts and settles the payment
   * at once, so that it is final and can no longer be cancelled. Each simulator's README says
   * how it answers them.
   */
  | { kind: 'other-accounts' }
  | { kind: 'identification-refused' }
  | { kind: 'payment-missing' }
  | { kind: 'accepted-final' };

export interface TestPerson {
  country: CountryCode;
  nationalId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  resurs: ResursBehaviour;
  /** What the demo shop and the BankID page say this person is for. */
  description: string;
}

export type GrenkeBehaviour = { kind: 'approved' } | { kind: 'declined' };

/**
 * What the simulated company registry lists for a test person: a position (daglig leder /
 * verkställande direktör, chair, board member) and a right to sign, alone or only together with
 * others, by signature or by procuration (prokura). A position alone gives no right to sign.
 */
export type CompanyPosition = 'managing-director' | 'chair' | 'board-member';
export interface SigningRight {
  by: 'signature' | 'procuration';
  alone: boolean;
}
export interface TestCompanyRole {
  nationalId: string;
  position?: CompanyPosition;
  signing?: SigningRight;
  /** The right to sign was registered and has ended (Brønnøysund: `avregistrert`): it gives none now. */
  ended?: boolean;
}

/**
 * How much of a Swedish company's signing rules the register's provider could read (Signicat's
 * status of the firmateckning answer): `incomplete`, `unknown` or `error` leave who may sign for
 * the lender to check. Unset: complete.
 */
export type RegistryCoverage = 'incomplete' | 'unknown' | 'error';

export interface TestCompany {
  country: CountryCode;
  organisationNumber: string;
  companyName: string;
  signatoryNationalId: string;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  grenke: GrenkeBehaviour;
  description: string;
  /**
   * The people the company registry lists (Brønnøysund, Bolagsverket). A company without it is
   * listed with its signatory alone, signing alone.
   */
  registry?: readonly TestCompanyRole[];
  /** Sweden: see RegistryCoverage. */
  registryCoverage?: RegistryCoverage;
}

export const TEST_PEOPLE: readonly TestPerson[] = [
  {
    country: 'NO', nationalId: '18087248794', firstName: 'Kari', lastName: 'Nordmann',
    email: 'kari.nordmann@example.com', phone: '+47 91234567',
    address: 'Storgata 1', postalCode: '0155', city: 'Oslo',
    resurs: { kind: 'accepted' }, description: 'Accepted, signing succeeds',
  },
  {
    country: 'NO', nationalId: '27028809552', firstName: 'Ola', lastName: 'Hansen',
    email: 'ola.hansen@example.com', phone: '+47 92345678',
    address: 'Bryggen 5', postalCode: '5003', city: 'Bergen',
    resurs: { kind: 'accepted' }, description: 'Accepted',
  },
  {
    country: 'NO', nationalId: '01024924986', firstName: 'Nils', lastName: 'Berg',
    email: 'nils.berg@example.com', phone: '+47 93456789',
    address: 'Kongens gate 10', postalCode: '7011', city: 'Trondheim',
    resurs: { kind: 'rejected' }, description: 'Rejected',
  },
  {
    country: 'NO', nationalId: '02084929428', firstName: 'Ingrid', lastName: 'Lund',
    email: 'ingrid.lund@example.com', phone: '+47 94567890',
    address: 'Storgata 3', postalCode: '9008', city: 'Tromsø',
    resurs: { kind: 'frozen' }, description: 'Frozen: manual review, stays pending',
  },
  {
    country: 'NO', nationalId: '23068201608', firstName: 'Lars', lastName: 'Johansen',
    email: 'lars.johansen@example.com', phone: '+47 95678901',
    address: 'Markens gate 20', postalCode: '4611', city: 'Kristiansand',
    resurs: { kind: 'frozen-then-accepted', afterMs: 5000 }, description: 'Frozen, accepted after 5 seconds',
  },
  {
    country: 'SE', nationalId: '198305147715', firstName: 'Anna', lastName: 'Andersson',
    email: 'anna.andersson@example.com', phone: '+46 70 123 45 67',
    address: 'Drottninggatan 12', postalCode: '111 51', city: 'Stockholm',
    resurs: { kind: 'accepted' }, description: 'Accepted',
  },
  {
    country: 'SE', nationalId: '197211072793', firstName: 'Erik', lastName: 'Johansson',
    email: 'erik.johansson@example.com', phone: '+46 70 234 56 78',
    address: 'Kungsportsavenyen 5', postalCode: '411 36', city: 'Göteborg',
    resurs: { kind: 'rejected' }, description: 'Rejected',
  },
  {
    country: 'SE', nationalId: '198209123705', firstName: 'Maria', lastName: 'Karlsson',
    email: 'maria.karlsson@example.com', phone: '+46 70 345 67 89',
    address: 'Stortorget 2', postalCode: '211 22', city: 'Malmö',
    resurs: { kind: 'frozen' }, description: 'Frozen: manual review, stays pending',
  },
  {
    country: 'SE', nationalId: '199105149612', firstName: 'Johan', lastName: 'Nilsson',
    email: 'johan.nilsson@example.com', phone: '+46 70 456 78 90',
    address: 'Svartbäcksgatan 7', postalCode: '753 20', city: 'Uppsala',
    resurs: { kind: 'inspection-then-accepted', afterMs: 10000 }, description: 'Inspection, accepted after 10 seconds',
  },
  {
    country: 'NO', nationalId: '14057821508', firstName: 'Per', lastName: 'Solberg',
    email: 'per.solberg@example.com', phone: '+47 96789012',
    address: 'Torggata 4', postalCode: '3015', city: 'Drammen',
    resurs: { kind: 'other-accounts' }, description: 'Other accounts need a closer look (contact Resurs)',
  },
  {
    country: 'NO', nationalId: '09039131878', firstName: 'Silje', lastName: 'Dahl',
    email: 'silje.dahl@example.com', phone: '+47 97890123',
    address: 'Nygata 8', postalCode: '4006', city: 'Stavanger',
    resurs: { kind: 'identification-refused' }, description: 'Identification not accepted',
  },
  {
    country: 'NO', nationalId: '21066414644', firstName: 'Marte', lastName: 'Haugen',
    email: 'marte.haugen@example.com', phone: '+47 98901234',
    address: 'Kirkegata 12', postalCode: '1607', city: 'Fredrikstad',
    resurs: { kind: 'payment-missing' }, description: 'Resurs answers without the payment',
  },
  {
    country: 'NO', nationalId: '30078642722', firstName: 'Knut', lastName: 'Bakke',
    email: 'knut.bakke@example.com', phone: '+47 99012345',
    address: 'Havnegata 6', postalCode: '8006', city: 'Bodø',
    resurs: { kind: 'accepted-final' }, description: 'Accepted and debited at once: final, cannot be cancelled',
  },
  {
    country: 'SE', nationalId: '197904122384', firstName: 'Karin', lastName: 'Lindqvist',
    email: 'karin.lindqvist@example.com', phone: '+46 70 567 89 01',
    address: 'Storgatan 14', postalCode: '903 26', city: 'Umeå',
    resurs: { kind: 'other-accounts' }, description: 'Other accounts need a closer look (contact Resurs)',
  },
  {
    country: 'SE', nationalId: '198609234573', firstName: 'Oskar', lastName: 'Bergström',
    email: 'oskar.bergstrom@example.com', phone: '+46 70 678 90 12',
    address: 'Ågatan 21', postalCode: '582 22', city: 'Linköping',
    resurs: { kind: 'identification-refused' }, description: 'Identification not accepted',
  },
  {
    country: 'SE', nationalId: '199201173623', firstName: 'Sara', lastName: 'Holm',
    email: 'sara.holm@example.com', phone: '+46 70 789 01 23',
    address: 'Kungsgatan 30', postalCode: '722 11', city: 'Västerås',
    resurs: { kind: 'payment-missing' }, description: 'Resurs answers without the payment',
  },
  {
    country: 'SE', nationalId: '196807051898', firstName: 'Mikael', lastName: 'Ekström',
    email: 'mikael.ekstrom@example.com', phone: '+46 70 890 12 34',
    address: 'Vasagatan 9', postalCode: '652 24', city: 'Karlstad',
    resurs: { kind: 'accepted-final' }, description: 'Accepted and debited at once: final, cannot be cancelled',
  },
];

export const TEST_COMPANIES: readonly TestCompany[] = [
  {
    country: 'NO', organisationNumber: '892831270', companyName: 'Nordlys Kontor AS',
    signatoryNationalId: '18087248794', email: 'post@nordlys-kontor.example.com', phone: '+47 22334455',
    address: 'Karl Johans gate 7', postalCode: '0154', city: 'Oslo',
    grenke: { kind: 'approved' }, description: 'Approved, ready to sign',
    registry: [
      { nationalId: '18087248794', position: 'chair', signing: { by: 'signature', alone: true } },
      { nationalId: '27028809552', position: 'board-member' },
    ],
  },
  {
    country: 'NO', organisationNumber: '996030962', companyName: 'Fjordbyen Handel AS',
    signatoryNationalId: '27028809552', email: 'post@fjordbyen.example.com', phone: '+47 55667788',
    address: 'Strandkaien 2', postalCode: '5013', city: 'Bergen',
    grenke: { kind: 'declined' }, description: 'Declined',
    registry: [{ nationalId: '27028809552', position: 'managing-director', signing: { by: 'signature', alone: true } }],
  },
  {
    country: 'SE', organisationNumber: '6997368573', companyName: 'Solgläntan Konsult AB',
    signatoryNationalId: '198305147715', email: 'info@solglantan.example.com', phone: '+46 8 123 456 78',
    address: 'Sveavägen 20', postalCode: '111 57', city: 'Stockholm',
    grenke: { kind: 'approved' }, description: 'Approved, ready to sign',
    registry: [
      { nationalId: '198305147715', position: 'chair', signing: { by: 'signature', alone: true } },
      { nationalId: '198209123705', position: 'board-member' },
    ],
  },
  {
    country: 'SE', organisationNumber: '9468958195', companyName: 'Björkvik Bygg AB',
    signatoryNationalId: '197211072793', email: 'info@bjorkvik.example.com', phone: '+46 31 123 45 67',
    address: 'Södra Hamngatan 3', postalCode: '411 14', city: 'Göteborg',
    grenke: { kind: 'declined' }, description: 'Declined',
    registry: [{ nationalId: '197211072793', position: 'managing-director', signing: { by: 'signature', alone: true } }],
  },
  {
    country: 'NO', organisationNumber: '926815342', companyName: 'Havbris Drift AS',
    signatoryNationalId: '23068201608', email: 'post@havbris.example.com', phone: '+47 77889900',
    address: 'Sjøgata 14', postalCode: '9008', city: 'Tromsø',
    grenke: { kind: 'approved' },
    description: 'Approved; registry: Lars Johansen signs alone, Nils Berg holds prokura, Ingrid Lund (daglig leder) may not sign',
    registry: [
      { nationalId: '23068201608', position: 'chair', signing: { by: 'signature', alone: true } },
      { nationalId: '02084929428', position: 'managing-director' },
      { nationalId: '01024924986', signing: { by: 'procuration', alone: true } },
    ],
  },
  {
    country: 'NO', organisationNumber: '931702653', companyName: 'Tindeløft Bygg AS',
    signatoryNationalId: '27028809552', email: 'post@tindeloft.example.com', phone: '+47 73112233',
    address: 'Fjordgata 40', postalCode: '7010', city: 'Trondheim',
    grenke: { kind: 'approved' },
    description: 'Approved; registry: Ola Hansen and Ingrid Lund sign only jointly',
    registry: [
      { nationalId: '27028809552', position: 'chair', signing: { by: 'signature', alone: false } },
      { nationalId: '02084929428', position: 'board-member', signing: { by: 'signature', alone: false } },
    ],
  },
  {
    country: 'SE', organisationNumber: '5592714686', companyName: 'Ekbacken Design AB',
    signatoryNationalId: '199105149612', email: 'info@ekbacken.example.com', phone: '+46 18 123 45 67',
    address: 'Kungsgatan 41', postalCode: '753 21', city: 'Uppsala',
    grenke: { kind: 'approved' },
    description: 'Approved; registry: Johan Nilsson and Maria Karlsson sign only jointly, Erik Johansson may not sign',
    registry: [
      { nationalId: '199105149612', position: 'chair', signing: { by: 'signature', alone: false } },
      { nationalId: '198209123705', position: 'board-member', signing: { by: 'signature', alone: false } },
      { nationalId: '197211072793', position: 'board-member' },
    ],
  },
  {
    country: 'NO', organisationNumber: '914573025', companyName: 'Skjærgård Eiendom AS',
    signatoryNationalId: '23068201608', email: 'post@skjaergard.example.com', phone: '+47 51223344',
    address: 'Strandkaien 12', postalCode: '4005', city: 'Stavanger',
    grenke: { kind: 'approved' },
    description: "Approved; registry: Kari Nordmann's signature has ended, Lars Johansen signs alone",
    registry: [
      { nationalId: '18087248794', position: 'board-member', signing: { by: 'signature', alone: true }, ended: true },
      { nationalId: '23068201608', position: 'chair', signing: { by: 'signature', alone: true } },
    ],
  },
  {
    country: 'SE', organisationNumber: '5569246803', companyName: 'Lindhaga Handel AB',
    signatoryNationalId: '198209123705', email: 'info@lindhaga.example.com', phone: '+46 8 234 567 89',
    address: 'Hantverkargatan 8', postalCode: '112 21', city: 'Stockholm',
    grenke: { kind: 'approved' },
    description: 'Approved; registry incomplete: Maria Karlsson is listed alone, but the lender must confirm who may sign',
    registryCoverage: 'incomplete',
    registry: [
      { nationalId: '198209123705', position: 'chair', signing: { by: 'signature', alone: true } },
      { nationalId: '197211072793', position: 'board-member' },
    ],
  },
  {
    country: 'SE', organisationNumber: '5590135793', companyName: 'Norrsken Redovisning AB',
    signatoryNationalId: '199105149612', email: 'info@norrsken.example.com', phone: '+46 90 123 45 67',
    address: 'Storgatan 30', postalCode: '903 26', city: 'Umeå',
    grenke: { kind: 'approved' },
    description: 'Approved; registry: Johan Nilsson holds prokura alone, Anna Andersson (VD) may not sign',
    registry: [
      { nationalId: '199105149612', signing: { by: 'procuration', alone: true } },
      { nationalId: '198305147715', position: 'managing-director' },
    ],
  },
];

export function findTestPerson(nationalId: string): TestPerson | undefined {
  return TEST_PEOPLE.find((person) => person.nationalId === nationalId);
}

export function findTestCompany(organisationNumber: string): TestCompany | undefined {
  return TEST_COMPANIES.find((company) => company.organisationNumber === organisationNumber);
}

/** Who the simulated registry lists for a company (its signatory alone when nothing else is said). */
export function registryRolesOf(company: TestCompany): readonly TestCompanyRole[] {
  return company.registry ?? [{ nationalId: company.signatoryNationalId, signing: { by: 'signature', alone: true } }];
}

/** The test people the registry lets sign for the company alone: those who may apply for it. */
export function soleSignatoriesOf(company: TestCompany): TestPerson[] {
  return registryRolesOf(company).flatMap((role) => {
    const person = role.signing?.alone && !role.ended ? findTestPerson(role.nationalId) : undefined;
    return person ? [person] : [];
  });
}

type MerchantCustomer = CreateApplicationRequestInput['customer'];

/** The customer a merchant sends for a test person (merchant API, `customer`). */
export function customerOfPerson(person: TestPerson): MerchantCustomer {
  const { nationalId, firstName, lastName, email, phone, address, postalCode, city } = person;
  return { type: 'PRIVATE', nationalId, firstName, lastName, email, phone, address, postalCode, city };
}

/** The customer a merchant sends for a test company, signed for by its signatory. */
export function customerOfCompany(company: TestCompany): MerchantCustomer {
  const { companyName, organisationNumber, email, phone, address, postalCode, city } = company;
  return { type: 'LEGAL', nationalId: company.signatoryNationalId, companyName, organisationNumber, email, phone, address, postalCode, city };
}
