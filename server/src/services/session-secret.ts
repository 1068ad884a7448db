import type { FastifyInstance } from 'fastify';
import { randomToken } from '../lib/crypto';

/**
 * The secret that signs session cookies. Production sets SESSION_SECRET; elsewhere one is made
 * once and kept in the database, so every instance on that database signs alike.
 */
export async function sessionSecret(app: FastifyInstance): Promise<string> {
  if (app.config.sessionSecret) return app.config.sessionSecret;
  await app.db.query(
    `INSERT INTO settings (key, value) VALUES ('session_secret', $1) ON CONFLICT (key) DO NOTHING`,
    [randomToken(32)],
  );
  const [row] = await app.db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'session_secret'`);
  if (!row) throw new Error('session secret missing after insert');
  return row.value;
}
