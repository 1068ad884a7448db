/**
 * The GRENKE simulator's state: requests and mock decisions in the sandbox store, never in
 * memory, so any server instance answers the same and a restart loses nothing. States move on
 * by time, computed when asked (no timers): a request made now is RequestToGrenke, then
 * ApplicationReceived and, for an approved company, ReadyToSign a moment later.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type createRequest, STATES, type State } from '@portal/contracts/grenke/schemas';
import { type CountryCode, type Currency, findTestCompany } from '@portal/domain';
import { sha256Hex } from '../lib/tokens';
import type { SandboxRecords } from '../records';

export type GrenkeState = State;
/** [S] GRENKE's 17 states (the contract's list). Contracted, Declined and Cancelled never change again. */
export const GRENKE_STATES = STATES;
const FINAL: ReadonlySet<GrenkeState> = new Set<GrenkeState>(['Contracted', 'Declined', 'Cancelled']);
export const isFinalState = (state: GrenkeState): boolean => FINAL.has(state);

/** When an approved request reaches each state, counted from its creation. */
export const APPROVAL_TIMELINE_MS = { ApplicationReceived: 1000, ReadyToSign: 2000 } as const;

/** Lease periods GRENKE offers here, in months ([?]: a typical range, see README). */
export const PERIOD_RANGE = { min: 12, max: 72 } as const;
export const STANDARD_PERIODS = [12, 24, 36, 48, 60, 72] as const;
/** Nominal yearly rate and monthly service fee behind the sandbox's instalments ([?]). */
const YEARLY_RATE = 0.089;
const MONTHLY_SERVICE_FEE = 49;

/**
 * The sandbox account's condition list ([?]): the product types it may use, each with its payment
 * frequencies. GRENKE sets one up per account; a product type it has none for is answered as an
 * account set-up problem (HTTP 500), a frequency it does not have as a refusal naming the ones it has
 * ([S] STATE.md:237-249).
 */
export const CONDITION_LIST: Readonly<Partial<Record<z.infer<typeof createRequest>['ProductType'], readonly ('Monthly' | 'Quarterly')[]>>> = {
  ClassicLease: ['Monthly', 'Quarterly'],
};

/**
 * The sandbox account's legal forms ([?]: GRENKE's real lists are the branch's and not published).
 * Both countries' forms in one list: the simulator has no certificates to tell the branches apart.
 */
export const LEGAL_FORMS = [
  { Id: 101, Name: 'Aksjeselskap (AS)' },
  { Id: 102, Name: 'Allmennaksjeselskap (ASA)' },
  { Id: 103, Name: 'Enkeltpersonforetak (ENK)' },
  { Id: 104, Name: 'Ansvarlig selskap (ANS)' },
  { Id: 201, Name: 'Aktiebolag (AB)' },
  { Id: 202, Name: 'Handelsbolag (HB)' },
  { Id: 203, Name: 'Kommanditbolag (KB)' },
  { Id: 204, Name: 'Enskild firma (EF)' },
] as const;

/** The sandbox account's object types ([?]: named so that the sandbox's products find theirs). */
export const OBJECT_TYPES = [
  { Id: 1, Name: 'Notebook' },
  { Id: 2, Name: 'Laptop' },
  { Id: 3, Name: 'Monitor' },
  { Id: 4, Name: 'Screen' },
  { Id: 5, Name: 'Docking station' },
  { Id: 6, Name: 'Printer' },
  { Id: 7, Name: 'Point-of-sale terminal' },
  { Id: 8, Name: 'Phone' },
  { Id: 9, Name: 'Office kit' },
  { Id: 10, Name: 'Office furniture' },
] as const;

type CreateBody = z.infer<typeof createRequest>;
export type GrenkeLessee = CreateBody['Lessee'];
export type GrenkeFinancingObject = CreateBody['FinancingObjects'][number];

export interface GrenkeRequestRecord {
  FinancingId: string;
  /** GRENKE's human number; the answer at creation leaves it empty, as GRENKE often does ([S]). */
  RequestId: string;
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
  /** The portal's application reference, told by the portal in sandbox mode (POST /control/link). */
  portalReference?: string | undefined;
  /** Set when the contract was generated (POST …/contractdocument). */
  contractGeneratedAt?: string | undefined;
  /**
   * Set when the signed contract came as a document and GRENKE contracted the request: at once, or
   * once its delivery was confirmed. Contracted from then on, whatever else happens.
   */
  contractedAt?: string | undefined;
  /**
   * Set when the signed contract came as a document and the request needs its delivery confirmed
   * (deliveryConfirmationRequired): AwaitingDeliveryConfirmation from then on, until the delivery
   * confirmation comes (then contractedAt) or a later mock decision moves it.
   */
  awaitingDeliverySince?: string | undefined;
}

/**
 * [?] Whether GRENKE waits for a delivery confirmation after the signed contract, when nothing was
 * set for the request (POST /control/delivery-confirmation). GRENKE's own flow asks for one by
 * default ([S] index.ts:2601-2604: the reseller's `UseDeliveryConfirmation` is true unless told
 * otherwise); the sandbox does not yet, so that a journey that ends with the signature still
 * ends contracted until the portal confirms deliveries in its journeys (ADR 29, update of 28
 * November).
 */
export const DELIVERY_CONFIRMATION_BY_DEFAULT = false;

/** A mock decision (sandbox control): `target` from `effectiveAt`, `heldState` until then. */
export interface GrenkeDecisionRecord {
  key: string;
  target: GrenkeState;
  heldState: GrenkeState;
  decidedAt: string;
  effectiveAt: string;
}

export const GRENKE_NAMESPACES = {
  requests: 'grenke-requests',
  decisions: 'grenke-decisions',
  links: 'grenke-links',
  documents: 'grenke-documents',
  delivery: 'grenke-delivery',
} as const;

export function grenkeStores(records: SandboxRecords) {
  return {
    requests: records.store<GrenkeRequestRecord>(GRENKE_NAMESPACES.requests),
    decisions: records.store<GrenkeDecisionRecord>(GRENKE_NAMESPACES.decisions),
    /** The portal's application reference → the request made for it. */
    links: records.store<{ financingId: string }>(GRENKE_NAMESPACES.links),
    /** The documents attached to a request, by FinancingId. */
    documents: records.store<{ documents: { name: string; category: number; receivedAt: string; pdfBase64: string }[] }>(GRENKE_NAMESPACES.documents),
    /** Whether a request needs its delivery confirmed, by its decision key (sandbox control). */
    delivery: records.store<{ required: boolean }>(GRENKE_NAMESPACES.delivery),
  };
}

export const newFinancingId = () => randomUUID();

/** GRENKE's human number ("180-33037" [S]), derived from the id. */
export function requestNumberOf(financingId: string): string {
  return `180-${(Number.parseInt(sha256Hex(`grenke-request:${financingId}`).slice(0, 8), 16) % 90_000) + 10_000}`;
}

/** The key a request's mock decision is kept under: the portal's reference once known, else the id. */
export const decisionKeyOf = (request: Pick<GrenkeRequestRecord, 'FinancingId' | 'portalReference'>) => request.portalReference ?? request.FinancingId;

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
  // A decision taken after the signed contract came (a cancellation, a state for a test) wins over the wait.
  if (request.awaitingDeliverySince && !(decision && Date.parse(decision.decidedAt) > Date.parse(request.awaitingDeliverySince))) return 'AwaitingDeliveryConfirmation';
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
export function countryOf(lessee: GrenkeLessee, currency: string): CountryCode {
  const main = lessee.Addresses.find((a) => a.Type === 'Main');
  const country = main?.Country.toUpperCase();
  if (country === 'NO' || country === 'SE') return country;
  return currency === 'NOK' ? 'NO' : 'SE';
}
