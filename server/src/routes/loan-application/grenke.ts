/** GRENKE leasing (business): submit, and the sandbox's mock panel. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, grenkeMockParamsSchema, grenkeMockQuerySchema } from '@portal/domain';
import { leasingStateOfWord } from '../../lenders/grenke/flow';
import { ApiError } from '../../lib/errors';
import { authorisedApplication } from '../../services/applications';
import { mockGrenkeDecision } from '../../services/grenke-mock';
import { submitApplication } from '../../services/submit-application';
import { activeReference, requireIdentity, submitLimits, submitRequestOf } from './session';

export default async function grenkeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.patch(API.grenkeSubmit.pattern, { preHandler: app.limits.guard(submitLimits) }, async (request) => {
    const { provider } = await submitApplication(app, submitRequestOf(request, 'GRENKE'));
    return { applicationResults: [{ state: leasingStateOfWord(provider.providerStatus), financingId: provider.externalId }] };
  });

  /**
   * Sandbox only (the route exists only there): the business screen's mock panel makes the
   * simulated GRENKE decide after a delay.
   */
  if (app.config.sandbox) {
    api.post(
      API.grenkeMock.pattern,
      {
        schema: {
          params: grenkeMockParamsSchema,
          querystring: grenkeMockQuerySchema,
        },
      },
      async (request) => {
        const { app: application } = await authorisedApplication(app.db, requireIdentity(request), activeReference(request), { registry: app.providers.registry, log: app.log });
        if (application.merchantPaymentReference !== request.params.merchantPaymentReference || application.provider !== 'GRENKE') throw ApiError.notFound();
        await mockGrenkeDecision(app, application, request.params.action, request.query.delay);
        return { action: request.params.action, delay: request.query.delay };
      },
    );
  }
}
