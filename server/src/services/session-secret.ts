import type { FastifyInstance } from 'fastify';
import { randomToken } from '../lib/crypto';

/**
 * The secret that signs session cookies. Production sets SESSION_SECRET; elsewhere one is made
 * once and kept in the database, so every instance on that database signs alike.
 */
export async function sessionSecret(app: FastifyInstance): Promise<string> {
  if (app.config.sessionSecret) return app.config.sessionSecret;
  return app.repos.settings.getOrInsert('session_secret', randomToken(32));
}
