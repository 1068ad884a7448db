/**
 * The evidence chain's rules, with no database: how an entry is hashed and chained, how an
 * application's evidence is written as one file, and how such a file is verified (ADR 32). The
 * server appends with these rules and `npm run evidence:verify` checks with the same ones; the
 * header of every file says them in words, so that a third party can check a file without us:
 *
 * - An entry is `{ seq, at, kind, sessionRef, data, prevHash, hash }`.
 * - `hash` is the SHA-256 (lowercase hex) of the UTF-8 bytes of the entry without `hash`, written
 *   in the JSON Canonicalization Scheme (RFC 8785: no whitespace, object members sorted by their
 *   names' UTF-16 code units, strings and numbers as ECMAScript's JSON.stringify writes them).
 * - `prevHash` of entry 1 is the SHA-256 of the UTF-8 bytes of `portal-evidence:` followed by the
 *   application's reference; of entry n, the hash of entry n-1. `seq` runs 1, 2, 3… without gaps.
 * - The header's `digest` is the SHA-256 of the JCS form of the header without `digest`.
 * Our own tool also holds the file to its exact layout as exported, so that any changed byte fails.
 */
import {
  EVIDENCE_FORMAT,
  EVIDENCE_FORMAT_VERSION,
  evidenceEntrySchema,
  type EvidenceFileEntry,
  evidenceFileSchema,
  type EvidenceHeader,
} from '@portal/domain';
import { canonicalJson, sha256Hex } from '../lib/crypto';

/** What the portal records (a verifier takes any kind, so that older tools read newer files). */
export const EVIDENCE_KINDS = [
  /** A screen or document the customer was shown: its figures, its documents' names, versions and digests. */
  'shown',
  /** A consent: its words (and their digest), version and language, ticked or not, its documents. */
  'consent',
  /** The customer submitted the application (the act that sends it to the lender). */
  'submit',
  /** Every signature is in: the signed document's digest where the portal has it. */
  'signature',
  /** The signed document's digest, when it came after the signature's entry. */
  'signed-document',
  /** A mail was handed to the mail server: its message id and digest, template, language, attachments. */
  'mail.sent',
  /** The customer asked for a review by a person of a decline: the reference, what was asked, digests of their words and document. */
  'review.requested',
  /** The lender's answer to a review: upheld or changed, the main factors, the digest of its explanation. */
  'review.answered',
  /** The customer withdrew from the agreement: the reference, when the portal received it, the deadline. */
  'withdrawal.received',
  /** The lender's staff recorded the withdrawal as handled (back office). */
  'withdrawal.handled',
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export type EvidenceEntry = EvidenceFileEntry;
export type EvidenceBody = Omit<EvidenceEntry, 'hash'>;

/** A session as the evidence names it: a hash of its id, never the id (as the consents do). */
export const sessionRefOf = (sessionId: string): string => sha256Hex(sessionId).slice(0, 32);

/** Where an application's chain starts: entry 1's `prevHash`. */
export const genesisHash = (reference: string): string => sha256Hex(`${EVIDENCE_FORMAT}:${reference}`);

/** The exact text hashed for an entry. */
export function canonicalBody(body: EvidenceBody): string {
  return canonicalJson({ seq: body.seq, at: body.at, kind: body.kind, sessionRef: body.sessionRef, data: body.data, prevHash: body.prevHash });
}

export const entryHash = (body: EvidenceBody): string => sha256Hex(canonicalBody(body));

/** The rules in words, in every file's header. */
export const HASHING: Readonly<Record<string, string>> = {
  algorithm: 'SHA-256, lowercase hex',
  canonicalization: 'RFC 8785 JSON Canonicalization Scheme (JCS)',
  entryHash: 'hash = SHA-256 of the UTF-8 bytes of the JCS form of the entry without its "hash" member',
  chain: 'prevHash of entry 1 = SHA-256 of the UTF-8 bytes of "portal-evidence:" followed by header.application; prevHash of entry n = hash of entry n-1',
  order: 'seq runs 1, 2, 3, ... without gaps; header.entries and header.headHash are the count and the last hash at the export',
  header: 'header.digest = SHA-256 of the UTF-8 bytes of the JCS form of the header without its "digest" member',
  verify: 'npm run evidence:verify FILE',
};

export interface EvidenceFileInfo {
  application: string;
  merchantId?: string;
  merchantPaymentReference?: string;
  lender?: string;
  exportedAt: string;
}

/**
 * The file: a header, then one entry per line, so that a damaged line can be named even when the
 * damage leaves the file unreadable as JSON. Entries keep their members in the documented order.
 */
export function evidenceFileText(info: EvidenceFileInfo, entries: readonly EvidenceEntry[]): string {
  const unsigned: Omit<EvidenceHeader, 'digest'> = {
    format: EVIDENCE_FORMAT,
    formatVersion: EVIDENCE_FORMAT_VERSION,
    ...info,
    entries: entries.length,
    headHash: entries.at(-1)?.hash ?? genesisHash(info.application),
    hashing: { ...HASHING },
  };
  return renderEvidenceFile({ ...unsigned, digest: headerDigest(unsigned) }, entries);
}

/** The header's own digest: its JCS form without `digest`. */
export const headerDigest = (header: Omit<EvidenceHeader, 'digest'> & { digest?: string }): string => {
  const { digest: _digest, ...rest } = header;
  return sha256Hex(canonicalJson(rest));
};

/** The file's exact text: the header's members and each entry's in the documented order. */
function renderEvidenceFile(given: EvidenceHeader, entries: readonly EvidenceEntry[]): string {
  const header: EvidenceHeader = {
    format: given.format,
    formatVersion: given.formatVersion,
    application: given.application,
    ...(given.merchantId === undefined ? {} : { merchantId: given.merchantId }),
    ...(given.merchantPaymentReference === undefined ? {} : { merchantPaymentReference: given.merchantPaymentReference }),
    ...(given.lender === undefined ? {} : { lender: given.lender }),
    exportedAt: given.exportedAt,
    entries: given.entries,
    headHash: given.headHash,
    hashing: given.hashing,
    digest: given.digest,
  };
  const lines = entries.map((entry, index) => {
    const ordered = { seq: entry.seq, at: entry.at, kind: entry.kind, sessionRef: entry.sessionRef, data: entry.data, prevHash: entry.prevHash, hash: entry.hash };
    return `    ${JSON.stringify(ordered)}${index < entries.length - 1 ? ',' : ''}`;
  });
  const headerText = JSON.stringify(header, null, 2).replace(/\n/g, '\n  ');
  return `{\n  "header": ${headerText},\n  "entries": [\n${lines.map((line) => `${line}\n`).join('')}  ]\n}\n`;
}

export type Verification =
  | { outcome: 'verified'; application: string; entries: number; headHash: string }
  /** `problems[0]` is where it breaks; the others follow from it or are further damage. */
  | { outcome: 'broken'; application: string; entries: number; problems: string[] }
  | { outcome: 'not-evidence'; reason: string };

/** Names the entry line a damaged file cannot be read past, when the damage is in an entry. */
function damagedEntryLine(text: string): string | null {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === '"entries": [');
  if (start < 0) return null;
  for (let i = start + 1, position = 1; i < lines.length; i += 1, position += 1) {
    const line = (lines[i] ?? '').trim();
    if (line === ']' || line.startsWith(']')) return null;
    try {
      JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line);
    } catch {
      return `entry ${position} (line ${i + 1}): not readable as JSON: the entry was changed`;
    }
  }
  return null;
}

const describeIssue = (issue: { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] }): string =>
  issue.code === 'unrecognized_keys' && issue.keys ? `unexpected member ${issue.keys.join(', ')}` : `${issue.path.map(String).join('.') || 'entry'}: ${issue.message}`;

/**
 * Checks a file: every entry's hash recomputed from its content, every link to the entry before,
 * the order, and the count and last hash the header recorded at the export.
 */
export function verifyEvidenceText(text: string): Verification {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const damaged = damagedEntryLine(text);
    if (damaged) {
      const application = /"application":\s*"([^"]*)"/.exec(text)?.[1] ?? '?';
      return { outcome: 'broken', application, entries: 0, problems: [damaged] };
    }
    return { outcome: 'not-evidence', reason: `not readable as JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const file = evidenceFileSchema.safeParse(json);
  if (!file.success) {
    const issue = file.error.issues[0];
    return { outcome: 'not-evidence', reason: `not a ${EVIDENCE_FORMAT} file version ${EVIDENCE_FORMAT_VERSION}${issue ? ` (${describeIssue(issue)})` : ''}` };
  }
  const { header, entries } = file.data;
  const problems: string[] = [];
  const parsedEntries: EvidenceEntry[] = [];
  let previous: string = genesisHash(header.application);
  let last: string = previous;
  entries.forEach((raw, index) => {
    const position = index + 1;
    const parsed = evidenceEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const seq = typeof raw === 'object' && raw !== null && 'seq' in raw ? ` (seq ${String((raw as { seq: unknown }).seq)})` : '';
      problems.push(`entry ${position}${seq}: malformed: ${parsed.error.issues.map(describeIssue).join('; ')}`);
      // The next entry's link cannot be checked against an unreadable one.
      previous = '';
      return;
    }
    const entry = parsed.data;
    parsedEntries.push(entry);
    const name = `entry ${position} (seq ${entry.seq})`;
    const recomputed = entryHash(entry);
    if (recomputed !== entry.hash) problems.push(`${name}: hash mismatch: its content is not what was recorded (recomputed ${recomputed}, recorded ${entry.hash})`);
    if (entry.seq !== position) problems.push(`${name}: out of order: seq ${entry.seq} where ${position} belongs: an entry was removed before it, or entries were reordered`);
    if (previous !== '' && entry.prevHash !== previous) {
      problems.push(
        `${name}: chain broken: prevHash is not the hash of ${position === 1 ? "the application's start" : `entry ${position - 1}`}: an entry before it was removed, changed or reordered`,
      );
    }
    previous = entry.hash;
    last = entry.hash;
  });
  if (header.entries !== entries.length || header.headHash !== last) {
    problems.push(
      `end of file: the header recorded ${header.entries} entries ending in ${header.headHash}; the file has ${entries.length} ending in ${last}: entries were removed from the end or added`,
    );
  }
  if (headerDigest(header) !== header.digest) problems.push('header: digest mismatch: the header was changed after the export');
  // Content and chain hold: the bytes must still be the ones exported (whitespace, escapes, order of members).
  if (problems.length === 0 && parsedEntries.length === entries.length) {
    const expected = renderEvidenceFile(header, parsedEntries).split('\n');
    const given = text.split('\n');
    const line = given.findIndex((value, index) => value !== expected[index]);
    if (line >= 0 || given.length !== expected.length) {
      const at = line >= 0 ? line : Math.min(given.length, expected.length);
      problems.push(`line ${at + 1}: the file's bytes are not as exported (its layout was changed; the content reads the same)`);
    }
  }
  return problems.length === 0
    ? { outcome: 'verified', application: header.application, entries: entries.length, headHash: last }
    : { outcome: 'broken', application: header.application, entries: entries.length, problems };
}
