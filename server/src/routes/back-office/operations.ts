/** Operations for support and admins: how each provider is doing, as this instance sees it (ADR 17). */
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { providerStatusesSchema } from '@portal/domain';
import { STATUS_WINDOW_MS } from '../../providers/health';
import { errorResponses } from './errors';
import { backOfficeRoute } from './route-options';

export default async function operationsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const route = backOfficeRoute('providers');
  // Circuits and figures are each instance's own: the page says which instance answered.
  const instance = `${hostname()}:${process.pid}`;
  api.route({
    method: route.method,
    url: route.url,
    config: route.config,
    schema: {
      operationId: route.operationId,
      tags: route.tags,
      summary: "Each provider's circuit, error rate and latency over the last minutes, on the instance that answers",
      response: { 200: providerStatusesSchema, ...errorResponses },
    },
    handler: async () => ({ instance, windowSeconds: STATUS_WINDOW_MS / 1000, providers: app.providerHealth.statuses() }),
  });
}
