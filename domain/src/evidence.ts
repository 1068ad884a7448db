/**
 * The evidence file (ADR 32): the export support downloads of one application's evidence, which
 * `npm run evidence:verify FILE` checks, and whose rules a third party reads in its header.
 */
import { z } from './schemas/zod';

/** A header, then the application's hash-chained entries in order. */
export const EVIDENCE_FORMAT = 'portal-evidence';
export const EVIDENCE_FORMAT_VERSION = 1;

const sha256HexSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** One entry as it is hashed (all but `hash`) and chained (`prevHash`: the hash of the one before). */
export const evidenceEntrySchema = z.strictObject({
  seq: z.int().check(z.minimum(1)),
  at: z.iso.datetime(),
  kind: z.string().check(z.minLength(1)),
  /** A hash of the session that did or saw it; null when no customer session was involved. */
  sessionRef: z.nullable(z.string()),
  /** What was shown, sent or done; never a national ID, phone number or e-mail address. */
  data: z.record(z.string(), z.unknown()),
  prevHash: sha256HexSchema,
  hash: sha256HexSchema,
});
export type EvidenceFileEntry = z.infer<typeof evidenceEntrySchema>;

export const evidenceHeaderSchema = z.object({
  format: z.literal(EVIDENCE_FORMAT),
  formatVersion: z.literal(EVIDENCE_FORMAT_VERSION),
  /** The application's reference: the chain starts from it. */
  application: z.string().check(z.minLength(1)),
  merchantId: z.optional(z.string()),
  merchantPaymentReference: z.optional(z.string()),
  lender: z.optional(z.string()),
  exportedAt: z.string(),
  /** How many entries the chain had at the export, and the hash of its last (of its start when empty). */
  entries: z.int().check(z.minimum(0)),
  headHash: sha256HexSchema,
  /** How to recompute the hashes, in words, for whoever checks the file without our tool. */
  hashing: z.record(z.string(), z.string()),
  /** SHA-256 of the JCS form of the header without `digest`: a changed header is detected too. */
  digest: sha256HexSchema,
});
export type EvidenceHeader = z.infer<typeof evidenceHeaderSchema>;

/** The file as read before its entries are checked one by one (so that a bad one can be named). */
export const evidenceFileSchema = z.object({ header: evidenceHeaderSchema, entries: z.array(z.unknown()) });
/** The file as the back office answers it (OpenAPI). */
export const evidenceExportSchema = z.object({ header: evidenceHeaderSchema, entries: z.array(evidenceEntrySchema) });
export type EvidenceExport = z.infer<typeof evidenceExportSchema>;
