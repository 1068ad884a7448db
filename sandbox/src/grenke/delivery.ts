/**
 * The simulator's reading of a delivery confirmation (README "Decisions"). GRENKE publishes no
 * call for confirming a delivery; its state AwaitingDeliveryConfirmation waits for a delivery
 * report ([S] INTEGRATION.md:168), which the portal attaches as a document of the request (ADR
 * 29, update of 27 November). GRENKE's staff would read the page; the sandbox cannot, so it reads
 * the facts the portal writes into the PDF's Keywords ([?] the portal's own format: space-separated
 * `name=value` tokens, values URI-encoded, after the token `grenke-delivery-confirmation`;
 * `object-N` lists the serial numbers of the request's N-th object, comma-separated).
 */
import { PDFDocument } from 'pdf-lib';
import type { GrenkeRequestRecord } from './requests';

const KEYWORD = 'grenke-delivery-confirmation';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DeliveryConfirmation {
  financingId: string | null;
  deliveredOn: string | null;
  /** By object, from the first: the serial numbers the document gives for it. */
  serialNumbers: Map<number, string[]>;
}

/** The document's delivery confirmation, or null when it is none (another document). */
export async function readDeliveryConfirmation(document: Uint8Array): Promise<DeliveryConfirmation | null> {
  let keywords: string | undefined;
  try {
    keywords = (await PDFDocument.load(document, { updateMetadata: false })).getKeywords();
  } catch {
    return null;
  }
  const tokens = (keywords ?? '').split(' ').filter(Boolean);
  if (tokens[0] !== KEYWORD) return null;
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const found: DeliveryConfirmation = { financingId: null, deliveredOn: null, serialNumbers: new Map() };
  for (const token of tokens.slice(1)) {
    const at = token.indexOf('=');
    if (at < 0) continue;
    const name = token.slice(0, at);
    const value = token.slice(at + 1);
    if (name === 'financing-id') found.financingId = decode(value);
    else if (name === 'delivered-on') found.deliveredOn = value;
    else if (/^object-\d+$/.test(name)) {
      found.serialNumbers.set(Number(name.slice('object-'.length)), value.split(',').map(decode).filter((n) => n.trim() !== ''));
    }
  }
  return found;
}

const isPastDate = (value: string | null, now: number) => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value && at <= now + DAY_MS;
};

/**
 * What GRENKE would send back about a delivery report, as messages ([] when it takes it): it is
 * for this request, it gives the day of delivery, and [?] the serial number of every unit of
 * every object (the sandbox account asks for them all; GRENKE's real rules are its account's).
 */
export function deliveryConfirmationProblems(request: GrenkeRequestRecord, confirmation: DeliveryConfirmation, now = Date.now()): string[] {
  const problems: string[] = [];
  if (confirmation.financingId !== request.FinancingId) problems.push('The delivery confirmation is for another financing request.');
  if (!isPastDate(confirmation.deliveredOn, now)) problems.push('The delivery confirmation has no delivery date, or one in the future.');
  request.FinancingObjects.forEach((o, index) => {
    const numbers = confirmation.serialNumbers.get(index + 1) ?? [];
    if (numbers.length !== o.Quantity) {
      problems.push(`Object ${index + 1} (${o.Details ?? o.Name ?? 'no details'}): ${o.Quantity} delivered, ${numbers.length} serial numbers given; one serial number per unit is required.`);
    }
  });
  return problems;
}
