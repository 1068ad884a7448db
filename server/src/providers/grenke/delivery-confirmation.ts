/**
 * GRENKE's delivery confirmation, as the portal gives it (ADR 29, update of 27 November).
 *
 * GRENKE waits for the delivery to be confirmed in its state AwaitingDeliveryConfirmation ("Need
 * delivery PV", a delivery report) before the lease is contracted. No call of GRENKE's for it is
 * known: its own delivery confirmation is signed by the lessee inside GRENKE's e-signature, which
 * the portal does not use ([S] iTakecare/leazr.co@f0d85f9 docs/grenke-api/INTEGRATION.md:65-81,
 * :168; supabase/functions/grenke-api/index.ts:2601-2645; contracts/src/grenke/schemas.ts
 * AWAITING_DELIVERY_CONFIRMATION). The closest documented mechanism is a document of the
 * request, the way the signed contract goes: this file checks what the merchant confirms and
 * writes the delivery report as a PDF, in the lessee's country language with English beside it.
 *
 * The document also carries its facts in its metadata (its Keywords), for a machine to read:
 * GRENKE's staff read the page; the sandbox simulator, which cannot, reads those
 * (sandbox/src/grenke/delivery.ts reads the same format).
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { COUNTRIES, type CountryCode, type Language } from '@portal/domain';
import type { GrenkeDeliveryConfirmation } from './types';

/**
 * Why the portal will not send a delivery confirmation, each the `code` of a 422 refusal. [?] the
 * portal's rules: GRENKE's account says what its delivery report must hold (ADR 29, Open); until
 * it does, every unit delivered needs its serial number (a lessor identifies the goods it owns
 * by it; GRENKE's objects carry a `SerialNumber`, [S] INTEGRATION.md:143) and the delivery date
 * is the effective one, never in the future ([S] AUTOMATION.md:140-143).
 */
export const DELIVERY_REFUSALS = {
  /** `deliveredOn` is not a date (YYYY-MM-DD), or is after today. */
  dateInvalid: 'DELIVERY_DATE_INVALID',
  /** No objects: nothing was leased, so nothing can have been delivered. */
  noObjects: 'NO_OBJECTS',
  /** An object has fewer serial numbers than units, or an empty one. */
  serialNumberMissing: 'SERIAL_NUMBER_MISSING',
  /** A serial number for a reference that is none of the lease's objects. */
  serialNumberUnknownObject: 'SERIAL_NUMBER_UNKNOWN_OBJECT',
  /** More serial numbers for an object than units were leased. */
  serialNumbersExceedQuantity: 'SERIAL_NUMBERS_EXCEED_QUANTITY',
  /** The same serial number twice. */
  serialNumberDuplicate: 'SERIAL_NUMBER_DUPLICATE',
} as const;
export type DeliveryRefusal = (typeof DELIVERY_REFUSALS)[keyof typeof DELIVERY_REFUSALS];

/** What is wrong with a confirmation: the code, and the object's reference where it is one object's. */
export interface DeliveryProblem {
  code: DeliveryRefusal;
  reference?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date written YYYY-MM-DD that exists (not 2026-02-30). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * What keeps a confirmation from being sent, in the input's order; [] when it may go. The merchant
 * API can ask this before it accepts the operation, and name the field. `now` is when it is asked:
 * a delivery dated up to a day ahead of it is taken (the merchant's day may have begun before UTC's).
 */
export function deliveryProblems(input: GrenkeDeliveryConfirmation, now = new Date()): DeliveryProblem[] {
  const problems: DeliveryProblem[] = [];
  if (!isCalendarDate(input.deliveredOn) || Date.parse(`${input.deliveredOn}T00:00:00Z`) > now.getTime() + DAY_MS) {
    problems.push({ code: DELIVERY_REFUSALS.dateInvalid });
  }
  if (input.objects.length === 0) return [...problems, { code: DELIVERY_REFUSALS.noObjects }];
  const units = new Map<string, number>();
  for (const o of input.objects) units.set(o.reference, (units.get(o.reference) ?? 0) + o.quantity);
  const given = new Map<string, number>();
  const seen = new Set<string>();
  for (const { reference, serialNumber } of input.serialNumbers) {
    const serial = serialNumber.trim();
    if (!units.has(reference)) {
      problems.push({ code: DELIVERY_REFUSALS.serialNumberUnknownObject, reference });
      continue;
    }
    if (serial === '') {
      problems.push({ code: DELIVERY_REFUSALS.serialNumberMissing, reference });
      continue;
    }
    if (seen.has(serial)) problems.push({ code: DELIVERY_REFUSALS.serialNumberDuplicate, reference });
    seen.add(serial);
    given.set(reference, (given.get(reference) ?? 0) + 1);
  }
  for (const [reference, quantity] of units) {
    const count = given.get(reference) ?? 0;
    if (count < quantity && !problems.some((p) => p.reference === reference && p.code === DELIVERY_REFUSALS.serialNumberMissing)) {
      problems.push({ code: DELIVERY_REFUSALS.serialNumberMissing, reference });
    }
    if (count > quantity) problems.push({ code: DELIVERY_REFUSALS.serialNumbersExceedQuantity, reference });
  }
  return problems;
}

/** Each object of the lease with the serial numbers of its units: a reference's numbers go to its objects in order. */
export function serialNumbersByObject(input: GrenkeDeliveryConfirmation): string[][] {
  const pending = new Map<string, string[]>();
  for (const { reference, serialNumber } of input.serialNumbers) {
    pending.set(reference, [...(pending.get(reference) ?? []), serialNumber.trim()]);
  }
  return input.objects.map((o) => {
    const numbers = pending.get(o.reference) ?? [];
    pending.set(o.reference, numbers.slice(o.quantity));
    return numbers.slice(0, o.quantity);
  });
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/** The first token of the document's Keywords: what the document is, for a machine. */
export const DELIVERY_CONFIRMATION_KEYWORD = 'grenke-delivery-confirmation';

/**
 * The document's facts as its Keywords: space-separated `name=value` tokens, each value
 * URI-encoded (a serial number may hold spaces or commas). `object-N` (N from 1, the request's
 * order of objects) lists that object's serial numbers, comma-separated.
 */
export function deliveryKeywords(financingId: string, input: GrenkeDeliveryConfirmation): string[] {
  const encode = encodeURIComponent;
  return [
    DELIVERY_CONFIRMATION_KEYWORD,
    `financing-id=${encode(financingId)}`,
    `delivered-on=${input.deliveredOn}`,
    `operation=${encode(input.operationId)}`,
    ...serialNumbersByObject(input).map((numbers, index) => `object-${index + 1}=${numbers.map(encode).join(',')}`),
  ];
}

/** The name the document is attached under: the same for a retry, so a second copy reads as one. */
export const deliveryDocumentName = (financingId: string) => `delivery-confirmation-${financingId}.pdf`;

const TEXTS = {
  en: {
    title: 'Delivery confirmation',
    statement: 'The supplier confirms that the objects below, financed under this lease request, were delivered to the lessee on the date given.',
    financingId: 'GRENKE financing id',
    requestNumber: 'GRENKE request number',
    deliveredOn: 'Delivered on',
    objects: 'Delivered objects',
    quantity: 'Quantity',
    serialNumbers: 'Serial numbers',
    confirmedBy: 'Confirmed by',
    supplier: 'The supplier, through the loan and leasing portal',
    operation: "The portal's reference of this confirmation",
  },
  nb: {
    title: 'Leveringsbekreftelse',
    statement: 'Leverandøren bekrefter at objektene nedenfor, som finansieres under denne leasingforespørselen, ble levert til leietakeren på den oppgitte datoen.',
    financingId: 'GRENKEs finansierings-ID',
    requestNumber: 'GRENKEs forespørselsnummer',
    deliveredOn: 'Levert',
    objects: 'Leverte objekter',
    quantity: 'Antall',
    serialNumbers: 'Serienumre',
    confirmedBy: 'Bekreftet av',
    supplier: 'Leverandøren, gjennom låne- og leasingportalen',
    operation: 'Portalens referanse for denne bekreftelsen',
  },
  sv: {
    title: 'Leveransbekräftelse',
    statement: 'Leverantören bekräftar att objekten nedan, som finansieras enligt denna leasingansökan, levererades till leasetagaren på angivet datum.',
    financingId: 'GRENKEs finansierings-id',
    requestNumber: 'GRENKEs ärendenummer',
    deliveredOn: 'Levererad',
    objects: 'Levererade objekt',
    quantity: 'Antal',
    serialNumbers: 'Serienummer',
    confirmedBy: 'Bekräftad av',
    supplier: 'Leverantören, via låne- och leasingportalen',
    operation: 'Portalens referens för denna bekräftelse',
  },
} satisfies Record<Language, Record<string, string>>;
type Texts = (typeof TEXTS)['en'];

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;

/** A page writer that wraps lines and turns the page. Text a standard font cannot draw becomes '?'. */
class Writer {
  private page: PDFPage;
  private y: number = PAGE.height - PAGE.margin;
  private readonly drawable: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.drawable = new Set(font.getCharacterSet());
  }

  private clean(text: string): string {
    return Array.from(text.replace(/\s+/g, ' '), (c) => (this.drawable.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
  }

  private lines(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  text(text: string, options: { size?: number; bold?: boolean; muted?: boolean; indent?: number } = {}): this {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const x = PAGE.margin + (options.indent ?? 0);
    for (const line of this.lines(text, font, size, PAGE.width - PAGE.margin - x)) {
      if (this.y - size < PAGE.margin) {
        this.page = this.doc.addPage([PAGE.width, PAGE.height]);
        this.y = PAGE.height - PAGE.margin;
      }
      this.y -= size * 1.35;
      this.page.drawText(line, { x, y: this.y, size, font, color: options.muted ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) });
    }
    return this;
  }

  gap(points: number): this {
    this.y -= points;
    return this;
  }
}

/**
 * The delivery report GRENKE is handed: who, what and when, with the serial number of every unit.
 * No person's name or contact details: the request is GRENKE's own, found by its id.
 */
export async function deliveryConfirmationPdf(
  country: CountryCode,
  financingId: string,
  requestNumber: string | null,
  input: GrenkeDeliveryConfirmation,
): Promise<Uint8Array> {
  const language = COUNTRIES[country].language;
  const local: Texts = TEXTS[language];
  const both = (key: keyof Texts) => (language === 'en' ? TEXTS.en[key] : `${local[key]} / ${TEXTS.en[key]}`);
  const doc = await PDFDocument.create();
  doc.setTitle(`${local.title} ${financingId}`);
  doc.setSubject(TEXTS.en.title);
  doc.setLanguage(`${language}-${country}`);
  doc.setKeywords(deliveryKeywords(financingId, input));
  doc.setProducer('Loan and leasing portal');
  doc.setCreator('Loan and leasing portal');
  const writer = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  writer.text(both('title'), { size: 18, bold: true }).gap(6);
  writer.text(local.statement);
  if (language !== 'en') writer.text(TEXTS.en.statement, { muted: true });
  writer.gap(10);
  const pair = (key: keyof Texts, value: string) => writer.text(both(key), { size: 9, muted: true }).text(value, { bold: true }).gap(4);
  pair('financingId', financingId);
  if (requestNumber) pair('requestNumber', requestNumber);
  pair('deliveredOn', input.deliveredOn);
  writer.gap(6).text(both('objects'), { size: 12, bold: true }).gap(4);
  const numbers = serialNumbersByObject(input);
  input.objects.forEach((o, index) => {
    writer.text(`${index + 1}. ${o.description} (${o.reference})`, { bold: true });
    writer.text(`${both('quantity')}: ${o.quantity}`, { indent: 14 });
    writer.text(`${both('serialNumbers')}: ${(numbers[index] ?? []).join(', ')}`, { indent: 14 }).gap(4);
  });
  writer.gap(8);
  pair('confirmedBy', language === 'en' ? TEXTS.en.supplier : `${local.supplier} / ${TEXTS.en.supplier}`);
  pair('operation', input.operationId);
  return doc.save();
}
