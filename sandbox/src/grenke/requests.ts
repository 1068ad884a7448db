/**
 * The GRENKE simulator's state: requests and mock decisions in the sandbox store, never in
 * memory, so any server instance answers the same and a restart loses nothing. States move on
 * by time, computed when asked (no timers): a request made now is RequestToGrenke, then
 * ApplicationReceived and, for an approved company, ReadyToSign a moment later.
 */
import { type CountryCode, type Currency, findTestCompany } from '@portal/domain';
import { sha256Hex } from '../lib/tokens';
import type { SandboxRecords } from '../records';

/**
 * [S] GRENKE's request states as its API names them, with whether a request in the state can
 * still change (Contracted, Declined and Cancelled cannot). The simulator's own list of its wire
 * format: the portal keeps its own reading of it (README.md beside this file).
 */
const STATES = {
  None: { final: false },
  RequestToGrenke: { final: false },
  MissingInfo: { final: false },
  ApplicationReceived: { final: false },
  GuaranteeRequired: { final: false },
  ReadyToSign: { final: false },
  Contracted: { final: true },
  Declined: { final: true },
  Cancelled: { final: true },
} as const;
export type GrenkeState = keyof typeof STATES;
export const GRENKE_STATES = Object.keys(STATES) as [GrenkeState, ...GrenkeState[]];
export const isFinalState = (state: GrenkeState): boolean => STATES[state].final;

/** When an approved request reaches each state, counted from its creation. */
export const APPROVAL_TIMELINE_MS = { ApplicationReceived: 1000, ReadyToSign: 2000 } as const;

/** Lease periods GRENKE offers here, in months ([?]: a typical range, see README). */
export const PERIOD_RANGE = { min: 12, max: 72 } as const;
export const STANDARD_PERIODS = [12, 24, 36, 48, 60, 72] as const;
/** Nominal yearly rate and monthly service fee behind the sandbox's instalments ([?]). */
const YEARLY_RATE = 0.089;
const MONTHLY_SERVICE_FEE = 49;

export interface GrenkeLessee {
  CompanyName: string;
  ExternalId: string;
  Email?: string | null | undefined;
  Telephones?: { Type?: string | undefined; Number: string }[] | undefined;
  Addresses: {
    Type: string;
    Street?: string | null | undefined;
    PostalCode?: string | null | undefined;
    City?: string | null | undefined;
    Country?: string | null | undefined;
  }[];
}

export interface GrenkeFinancingObject {
  Quantity: number;
  Name: string;
  SerialNumber?: string | null | undefined;
  NetPricePerObject: number;
}

export interface GrenkeRequestRecord {
  FinancingId: string;
  ExternalReference: string;
  createdAt: string;
  /** What the test company list says GRENKE decides (unknown companies are approved). */
  behaviour: 'approved' | 'declined';
  country: CountryCode;
  FinancingAmount: number;
  Period: number;
  Currency: Currency;
  MonthlyTotalInstalment: number;
  Lessee: GrenkeLessee;
  FinancingObjects: GrenkeFinancingObject[];
  /** Set when the signed contract came back: Contracted from then on, whatever else happens. */
  contractedAt?: string | undefined;
  /** Set when the dealer withdrew the request (POST …/cancel): Cancelled from then on. */
  cancelledAt?: string | undefined;
}

/** A mock decision (sandbox control): `target` from `effectiveAt`, `heldState` until then. */
export interface GrenkeDecisionRecord {
  externalReference: string;
  target: GrenkeState;
  heldState: GrenkeState;
  decidedAt: string;
  effectiveAt: string;
}

export const GRENKE_NAMESPACES = {
  requests: 'grenke-requests',
  decisions: 'grenke-decisions',
  signedContracts: 'grenke-signed-contracts',
} as const;

export function grenkeStores(records: SandboxRecords) {
  return {
    requests: records.store<GrenkeRequestRecord>(GRENKE_NAMESPACES.requests),
    decisions: records.store<GrenkeDecisionRecord>(GRENKE_NAMESPACES.decisions),
    signedContracts: records.store<{ pdfBase64: string; receivedAt: string }>(GRENKE_NAMESPACES.signedContracts),
  };
}

/**
 * The id follows from the external reference, so that two creations of the same reference at the
 * same moment land on one record (the store's upsert), not on two requests.
 */
export function financingIdFor(externalReference: string): string {
  const h = sha256Hex(`grenke-financing:${externalReference}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function behaviourOf(organisationNumber: string): 'approved' | 'declined' {
  const digits = organisationNumber.replace(/\D/g, '');
  return findTestCompany(digits)?.grenke.kind ?? 'approved';
}

function naturalState(request: GrenkeRequestRecord, now: number): GrenkeState {
  if (request.behaviour === 'declined') return 'Declined';
  const elapsed = now - Date.parse(request.createdAt);
  if (elapsed >= APPROVAL_TIMELINE_MS.ReadyToSign) return 'ReadyToSign';
  if (elapsed >= APPROVAL_TIMELINE_MS.ApplicationReceived) return 'ApplicationReceived';
  return 'RequestToGrenke';
}

export function stateOf(request: GrenkeRequestRecord, decision: GrenkeDecisionRecord | null, now = Date.now()): GrenkeState {
  if (request.contractedAt) return 'Contracted';
  if (request.cancelledAt) return 'Cancelled';
  if (decision) return now >= Date.parse(decision.effectiveAt) ? decision.target : decision.heldState;
  return naturalState(request, now);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A level monthly instalment (annuity) plus a service fee. */
export function instalments(amount: number, period: number): { instalment: number; serviceFee: number; total: number } {
  const r = YEARLY_RATE / 12;
  const instalment = round2((amount * r) / (1 - (1 + r) ** -period));
  return { instalment, serviceFee: MONTHLY_SERVICE_FEE, total: round2(instalment + MONTHLY_SERVICE_FEE) };
}

/** The lessee's country: its main address, else the currency. It picks the contract's language. */
export function countryOf(lessee: GrenkeLessee, currency: Currency): CountryCode {
  const main = lessee.Addresses.find((a) => a.Type === 'Main');
  const country = main?.Country?.toUpperCase();
  if (country === 'NO' || country === 'SE') return country;
  return currency === 'NOK' ? 'NO' : 'SE';
}
