/**
 * Liveness (the process answers) and readiness (services/readiness.ts), for the load balancer
 * and the orchestrator; the first paths of both (/healthz, /readyz) answer the same.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HEALTH } from '@portal/domain';
import { checkReadiness } from '../services/readiness';

export default async function health(app: FastifyInstance) {
  const live = async () => ({ status: 'ok' });
  app.get(HEALTH.live.pattern, live);
  app.get(HEALTH.legacyLive.pattern, live);

  // Polled every few seconds: a change is logged, not every answer.
  let wasReady = true;
  const ready = async (_request: unknown, reply: FastifyReply) => {
    const { ready: isReady, checks } = await checkReadiness(app);
    if (isReady !== wasReady) {
      if (isReady) app.log.info({ checks }, 'readiness: ready again');
      else app.log.warn({ checks }, 'readiness: not ready');
      wasReady = isReady;
    }
    if (!isReady) return reply.status(503).send({ status: 503, errorCode: 'WEB_SERVICE_DOWN', message: 'Not ready', checks });
    return { status: 'ready', database: app.db.kind, checks };
  };
  app.get(HEALTH.ready.pattern, ready);
  app.get(HEALTH.legacyReady.pattern, ready);
}
