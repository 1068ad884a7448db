/**
 * GET /metrics: the Prometheus exposition (plugins/metrics.ts). With METRICS_TOKEN set (required
 * in production) it answers only to `Authorization: Bearer <token>`; without, it is open, as in
 * the sandbox and in development (ADR 17).
 */
import type { FastifyInstance } from 'fastify';
import { METRICS } from '@portal/domain';
import { safeEqual } from '../lib/crypto';
import { ApiError } from '../lib/errors';

export default async function metricsRoute(app: FastifyInstance) {
  const token = app.config.metricsToken;
  app.get(METRICS.pattern, async (request, reply) => {
    if (token) {
      const [scheme, given] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !given || !safeEqual(given, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw ApiError.unauthorized();
      }
    }
    const { contentType, body } = await app.metrics.scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}
