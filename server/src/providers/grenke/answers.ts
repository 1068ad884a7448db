/**
 * What the adapter reads from GRENKE's answers, and no more: an answer without it is GRENKE's
 * fault (an `unreadable` failure naming the field, providers/http.ts). Shapes from a reseller's
 * notes and client ([S] iTakecare/leazr.co@f0d85f9, cited as INTEGRATION.md and index.ts).
 */
import { z } from 'zod';
import { GRENKE_STATES } from './types';

/** `Items[]` of `POST /basic/v1/calculate` (INTEGRATION.md:101-109; index.ts:533). */
export const calculationAnswer = z.object({
  Items: z.array(z.object({ Period: z.number(), MonthlyTotalInstalment: z.number() })),
});

/** A financing request, created or read back (index.ts:1638-1642, :2069-2070). */
export const requestAnswer = z.object({
  FinancingId: z.string().min(1),
  RequestId: z.string().nullish(),
  State: z.enum(GRENKE_STATES),
});

/** One entry of `GET /basic/v1/legalforms` or `/objecttypes` (GrenkeFieldMappings.tsx:53-54). */
const entry = z.object({ Id: z.number().int(), Name: z.string() });
export type ReferenceEntry = z.infer<typeof entry>;

/** `GET /basic/v1/legalforms` is a bare array (index.ts:699-704). */
export const legalFormsAnswer = z.array(entry);
/** `GET /basic/v1/objecttypes` is `{Items: [...]}` (index.ts:699-704). */
export const objectTypesAnswer = z.object({ Items: z.array(entry) });

const isPdf = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46; // %PDF

/**
 * The contract as GRENKE serves it: the PDF's bytes, or a base64 string of them (JSON-quoted,
 * possibly a data URI) "per Grenke's JSON content type" (index.ts:2389-2434). Either is read to
 * the PDF; anything else is not a contract.
 */
function pdfOf(bytes: Uint8Array): Uint8Array {
  if (isPdf(bytes)) return bytes;
  let text = new TextDecoder().decode(bytes).trim();
  if (text.startsWith('"')) {
    try {
      const unquoted: unknown = JSON.parse(text);
      if (typeof unquoted === 'string') text = unquoted;
    } catch {
      return bytes;
    }
  }
  const marker = text.indexOf('base64,');
  if (marker >= 0) text = text.slice(marker + 'base64,'.length);
  text = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return bytes;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export const contractAnswer = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .transform(pdfOf)
  .pipe(z.custom<Uint8Array>((value) => value instanceof Uint8Array && isPdf(value), 'not a PDF'));

/**
 * GRENKE's error body: `{Message, StatusCode, Details, CorrelationId}` (STATE.md@b9d5884:236-241,
 * a live answer), `Errors` on a validation failure (index.ts:1451-1463).
 */
export const errorAnswer = z.object({
  Message: z.string().optional(),
  StatusCode: z.number().optional(),
  Details: z.string().nullish(),
  CorrelationId: z.string().optional(),
});
