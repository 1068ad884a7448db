/**
 * The SQL of sealing personal data that is still in plain text, or sealed with a key that is no
 * longer the current one (ADR 12): run at start by db/personal-data.ts, in batches, in key order.
 */
import type { PersonalData } from '../../lib/personal-data';
import type { Queryable } from '../db';

/** The sealer of a connection; a connection without keys cannot touch personal data. */
export function personalDataOf(db: Queryable): PersonalData {
  if (!db.personalData) throw new Error('personal data keys are not set on this connection (see db/personal-data.ts)');
  return db.personalData;
}

/** A table whose text columns hold sealed values, and where its national ID's lookup hash goes. */
export interface SealedTable {
  table: 'customers' | 'subscriptions' | 'consents' | 'merchants' | 'mail_outbox';
  columns: readonly string[];
  /** One purpose for every column (values that move between them), instead of `<table>.<column>`. */
  purpose?: string;
  /** The column sealing a national ID and the one holding its lookup hash. */
  hashed?: { column: string; hash: string };
}

export interface SealedRow {
  id: string;
  values: Record<string, string | null>;
}

/** Names are this module's own constants, never input: safe to put into SQL. */
const ident = (name: string): string => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a column name: ${name}`);
  return name;
};

export function personalDataRepository(db: Queryable) {
  return {
    /**
     * Rows after `afterId` with a value not sealed by the current key (or, with `everyRow`, all
     * rows that hold a national ID: their hashes are remade for a new lookup key).
     */
    async rowsToSeal(spec: SealedTable, currentPrefix: string, everyRow: boolean, afterId: string, limit: number): Promise<SealedRow[]> {
      const columns = spec.columns.map(ident);
      const stale = columns.map((c) => `(${c} IS NOT NULL AND ${c} NOT LIKE $2)`);
      if (spec.hashed) {
        const { column, hash } = spec.hashed;
        stale.push(`(${ident(column)} IS NOT NULL AND ${ident(hash)} IS NULL)`);
        if (everyRow) stale.push(`${ident(column)} IS NOT NULL`);
      }
      const rows = await db.query<Record<string, string | null> & { id: string }>(
        `SELECT id::text AS id, ${columns.join(', ')} FROM ${ident(spec.table)}
          WHERE id::text > $1 AND (${stale.join(' OR ')}) ORDER BY id::text LIMIT $3`,
        [afterId, `${escapeLike(currentPrefix)}%`, limit],
      );
      return rows.map(({ id, ...values }) => ({ id, values }));
    },

    async updateRow(spec: SealedTable, id: string, values: Record<string, string | null>): Promise<void> {
      const entries = Object.entries(values);
      const sets = entries.map(([column], index) => `${ident(column)} = $${index + 2}`);
      await db.query(`UPDATE ${ident(spec.table)} SET ${sets.join(', ')} WHERE id::text = $1`, [id, ...entries.map(([, v]) => v)]);
    },

    /**
     * Consents given before the evidence record existed: who consented is the application's
     * customer (the submit checked it), whose sealed national ID is answered to be sealed again.
     */
    async consentsWithoutSubject(limit: number): Promise<{ id: string; customerNationalId: string }[]> {
      return db.query<{ id: string; customerNationalId: string }>(
        `SELECT c.id::text AS id, cu.national_id AS "customerNationalId"
           FROM consents c JOIN customers cu ON cu.id = c.customer_id
          WHERE c.subject_national_id IS NULL AND cu.national_id IS NOT NULL
          ORDER BY c.id LIMIT $1`,
        [limit],
      );
    },

    /** Sessions whose data is not sealed by the current key: `data` as stored. */
    async sessionsToSeal(currentPrefix: string, afterIdHash: string, limit: number): Promise<{ idHash: string; data: Record<string, unknown> }[]> {
      const rows = await db.query<{ id_hash: string; data: Record<string, unknown> }>(
        `SELECT id_hash, data FROM sessions
          WHERE id_hash > $1 AND (data ->> 'sealed' IS NULL OR data ->> 'sealed' NOT LIKE $2)
          ORDER BY id_hash LIMIT $3`,
        [afterIdHash, `${escapeLike(currentPrefix)}%`, limit],
      );
      return rows.map((row) => ({ idHash: row.id_hash, data: row.data }));
    },

    async replaceSessionData(idHash: string, data: Record<string, unknown>): Promise<void> {
      await db.query('UPDATE sessions SET data = $2::jsonb WHERE id_hash = $1', [idHash, JSON.stringify(data)]);
    },
  };
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
