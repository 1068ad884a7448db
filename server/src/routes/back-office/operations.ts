/**
 * Operations for support and admins: how each provider is doing, as this instance sees it (ADR 17),
 * and the providers' preflight on demand.
 */
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preflightReportSchema, providerStatusesSchema } from '@portal/domain';
import { STATUS_WINDOW_MS } from '../../providers/health';
import { checkProvidersAsOperator } from '../../services/back-office/check-providers';
import { errorResponses } from './errors';
import { actorOf, backOfficeRoute } from './route-options';

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
    handler: async () => {
      const rotation = await app.keyRotation.status();
      const keyRotation = rotation && {
        keyId: rotation.keyId,
        rehash: rotation.rehash,
        running: rotation.holder !== null,
        rowsDone: rotation.rowsDone,
        rowsTotal: rotation.rowsTotal,
        startedAt: rotation.startedAt.toISOString(),
        finishedAt: rotation.finishedAt?.toISOString() ?? null,
      };
      return { instance, windowSeconds: STATUS_WINDOW_MS / 1000, providers: app.providerHealth.statuses(), keyRotation };
    },
  });

  const check = backOfficeRoute('checkProviders');
  api.route({
    method: check.method,
    url: check.url,
    config: check.config,
    schema: {
      operationId: check.operationId,
      tags: check.tags,
      summary: 'The providers\' preflight now: harmless calls with the configured credentials, and what answered, what did not and why',
      response: { 200: preflightReportSchema, ...errorResponses },
    },
    handler: async (request) => checkProvidersAsOperator(app, actorOf(request)),
  });
}
