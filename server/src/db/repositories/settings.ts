/** Settings the instances on one database share (e.g. the generated session secret). */
import type { Queryable } from '../db';

export function settingsRepository(db: Queryable) {
  return {
    /** The stored value, storing `value` first if there is none (the first instance wins). */
    async getOrInsert(key: string, value: string): Promise<string> {
      await db.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [key, value]);
      const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = $1`, [key]);
      if (!row) throw new Error(`setting ${key} missing after insert`);
      return row.value;
    },

    async find(key: string): Promise<string | null> {
      const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = $1`, [key]);
      return row?.value ?? null;
    },

    async put(key: string, value: string): Promise<void> {
      await db.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [key, value]);
    },
  };
}
