/**
 * The SQL of the evidence chain (ADR 32). Rows are only added; the table's triggers refuse an
 * update, a delete outside retention's erasure, and an entry that does not follow the one before.
 */
import type { Queryable } from '../db';

export interface StoredEvidence {
  seq: number;
  /** The entry without its hash, as hashed (canonical JSON). */
  body: string;
  hash: string;
  onceKey: string | null;
}

export interface EvidenceHead {
  reference: string;
  /** The database's clock, to the millisecond, read under the lock. */
  now: Date;
  last: { seq: number; hash: string } | null;
}

export interface NewEvidenceRow {
  applicationId: string;
  seq: number;
  at: Date;
  kind: string;
  sessionRef: string | null;
  body: string;
  prevHash: string;
  hash: string;
  onceKey: string | null;
}

interface Row {
  seq: number;
  body: string;
  hash: string;
  once_key: string | null;
}

const toStored = (row: Row): StoredEvidence => ({ seq: Number(row.seq), body: row.body, hash: row.hash, onceKey: row.once_key });

export function evidenceRepository(db: Queryable) {
  return {
    /**
     * Locks the application's row for the rest of the transaction and reads its chain's head:
     * a second append waits here until the first has committed, then reads the new head. The
     * row lock is the one status changes take (`applications.lockById`), so the two never wait
     * on each other in opposite orders. Null: no such application.
     */
    async lockHead(applicationId: string): Promise<EvidenceHead | null> {
      const [application] = await db.query<{ reference: string }>('SELECT reference FROM applications WHERE id = $1 FOR UPDATE', [applicationId]);
      if (!application) return null;
      const [head] = await db.query<{ now: Date; seq: number | null; hash: string | null }>(
        `SELECT date_trunc('milliseconds', clock_timestamp()) AS now, last.seq, last.hash
           FROM (SELECT 1) AS one
           LEFT JOIN LATERAL (SELECT seq, hash FROM evidence_entries WHERE application_id = $1 ORDER BY seq DESC LIMIT 1) AS last ON true`,
        [applicationId],
      );
      if (!head) throw new Error('the database did not answer its clock');
      return { reference: application.reference, now: new Date(head.now), last: head.seq === null || head.hash === null ? null : { seq: Number(head.seq), hash: head.hash } };
    },

    async findOnce(applicationId: string, onceKey: string): Promise<StoredEvidence | null> {
      const [row] = await db.query<Row>('SELECT seq, body, hash, once_key FROM evidence_entries WHERE application_id = $1 AND once_key = $2', [applicationId, onceKey]);
      return row ? toStored(row) : null;
    },

    async insert(row: NewEvidenceRow): Promise<void> {
      await db.query(
        `INSERT INTO evidence_entries (application_id, seq, at, kind, session_ref, body, prev_hash, hash, once_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [row.applicationId, row.seq, row.at, row.kind, row.sessionRef, row.body, row.prevHash, row.hash, row.onceKey],
      );
    },

    /** The whole chain, in order. */
    async list(applicationId: string): Promise<StoredEvidence[]> {
      const rows = await db.query<Row>('SELECT seq, body, hash, once_key FROM evidence_entries WHERE application_id = $1 ORDER BY seq', [applicationId]);
      return rows.map(toStored);
    },
  };
}
export type EvidenceRepository = ReturnType<typeof evidenceRepository>;
