/**
 * The SQL of sealing personal data that is still in plain text, or sealed with a key that is no
 * longer the current one (ADR 12, ADR 37): run by db/key-rotation.ts, one batch per transaction,
 * in primary-key order. Keys are compared as their own type (a uuid as a uuid): `id::text` would
 * read the whole table for every row.
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
  table: 'customers' | 'subscriptions' | 'consents' | 'merchants' | 'mail_outbox' | 'review_requests';
  /** The primary key `id`: a uuid, or text (merchants). */
  key: 'uuid' | 'text';
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
     * The next rows after `afterId` (null: from the first) with a value not sealed by the current
     * key (or, with `everyRow`, every row that holds a national ID: its hash is made again for a
     * new lookup key), locked until the transaction ends so a concurrent write is not undone.
     */
    async rowsToSeal(spec: SealedTable, currentPrefix: string, everyRow: boolean, afterId: string | null, limit: number): Promise<SealedRow[]> {
      const columns = spec.columns.map(ident);
      const stale = columns.map((c) => `(${c} IS NOT NULL AND ${c} NOT LIKE $1)`);
      if (spec.hashed) {
        const { column, hash } = spec.hashed;
        stale.push(`(${ident(column)} IS NOT NULL AND ${ident(hash)} IS NULL)`);
        if (everyRow) stale.push(`${ident(column)} IS NOT NULL`);
      }
      const after = afterId === null ? '' : `id > $3::${spec.key} AND`;
      // Ordered by the table's own id (its primary key), not the text the row is answered with:
      // `ORDER BY id` would take the output column and sort the whole table for every batch.
      const rows = await db.query<Record<string, string | null> & { id: string }>(
        `SELECT id::text AS id, ${columns.join(', ')} FROM ${ident(spec.table)}
          WHERE ${after} (${stale.join(' OR ')}) ORDER BY ${ident(spec.table)}.id LIMIT $2 FOR UPDATE`,
        afterId === null ? [`${escapeLike(currentPrefix)}%`, limit] : [`${escapeLike(currentPrefix)}%`, limit, afterId],
      );
      return rows.map(({ id, ...values }) => ({ id, values }));
    },

    /** Sets the given columns of many rows in one statement; `values` holds one array per column, in row order. */
    async updateRows(spec: SealedTable, ids: readonly string[], values: Record<string, readonly (string | null)[]>): Promise<number> {
      if (ids.length === 0) return 0;
      const columns = Object.keys(values).map(ident);
      const sets = columns.map((c) => `${c} = v.${c}`);
      const arrays = columns.map((c, index) => `$${index + 2}::text[]`);
      const rows = await db.query<{ n: number }>(
        `WITH changed AS (
           UPDATE ${ident(spec.table)} AS t SET ${sets.join(', ')}
             FROM unnest($1::${spec.key}[], ${arrays.join(', ')}) AS v(id, ${columns.join(', ')})
            WHERE t.id = v.id RETURNING 1)
         SELECT count(*)::int AS n FROM changed`,
        // Null elements are sent as SQL NULLs (both drivers); SqlParam names only text arrays.
        [ids, ...columns.map((c) => (values[c] ?? []) as readonly string[])],
      );
      return rows[0]?.n ?? 0;
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
          ORDER BY c.id LIMIT $1 FOR UPDATE OF c`,
        [limit],
      );
    },

    /** Sessions after `afterIdHash` (null: from the first) whose data is not sealed by the current key: `data` as stored. */
    async sessionsToSeal(currentPrefix: string, afterIdHash: string | null, limit: number): Promise<{ idHash: string; data: Record<string, unknown> }[]> {
      const rows = await db.query<{ id_hash: string; data: Record<string, unknown> }>(
        `SELECT id_hash, data FROM sessions
          WHERE id_hash > $1 AND (data ->> 'sealed' IS NULL OR data ->> 'sealed' NOT LIKE $2)
          ORDER BY id_hash LIMIT $3 FOR UPDATE`,
        [afterIdHash ?? '', `${escapeLike(currentPrefix)}%`, limit],
      );
      return rows.map((row) => ({ idHash: row.id_hash, data: row.data }));
    },

    /** Replaces the data of many sessions with `{ sealed }`, in one statement. */
    async replaceSessionsData(idHashes: readonly string[], sealed: readonly string[]): Promise<void> {
      if (idHashes.length === 0) return;
      await db.query(
        `UPDATE sessions AS s SET data = jsonb_build_object('sealed', v.sealed)
           FROM unnest($1::text[], $2::text[]) AS v(id_hash, sealed) WHERE s.id_hash = v.id_hash`,
        [idHashes, sealed],
      );
    },
  };
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
