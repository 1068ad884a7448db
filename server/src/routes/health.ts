import type { FastifyInstance } from 'fastify';
import { HEALTH } from '@portal/domain';
import { ApiError } from '../lib/errors';

export default async function health(app: FastifyInstance) {
  app.get(HEALTH.live.pattern, async () => ({ status: 'ok' }));

  app.get(HEALTH.ready.pattern, async () => {
    try {
      await app.db.query('SELECT 1');
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check: database unreachable');
      throw new ApiError(503, 'UNKNOWN', undefined, 'Database unreachable');
    }
    return { status: 'ready', database: app.db.kind };
  });
}
