/**
 * Signing of business leasing contracts (spec sections 3, 7): the sessions of the signing order,
 * their refresh, and the signed document. The work is services/business-signing.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, signedDocumentQuerySchema } from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { authorisedApplication } from '../../services/applications';
import { businessSigning } from '../../services/business-signing';
import { configured } from '../../providers/index';
import { apiErrorFor } from '../../services/provider-errors';
import { activeReference, requireIdentity, signingLimits, uiLanguage } from './session';

export default async function signB2bRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signing = businessSigning(app);

  async function businessApplication(request: FastifyRequest) {
    const identity = requireIdentity(request);
    const { app: application } = await authorisedApplication(app.db, identity, activeReference(request), { registry: app.providers.registry, log: app.log });
    if (application.provider !== 'GRENKE') throw ApiError.badRequest();
    return { application, identity };
  }

  api.get(API.signB2bSessions.pattern, async (request) => {
    const { application, identity } = await businessApplication(request);
    return signing.sessions(application, identity, false, uiLanguage(request));
  });

  /**
   * Refreshes the sessions' statuses from the signing service; the first after GRENKE's approval
   * creates the signing order (the signing start).
   */
  api.patch(API.signB2bSessions.pattern, { preHandler: app.limits.guard(signingLimits) }, async (request) => {
    const { application, identity } = await businessApplication(request);
    return signing.sessions(application, identity, true, uiLanguage(request));
  });

  api.get(
    API.signedDocument.pattern,
    { schema: { querystring: signedDocumentQuerySchema } },
    async (request, reply) => {
      const { application } = await businessApplication(request);
      const order = await signing.storedOrder(application.id);
      // Only this application's own order and packaging task.
      if (!order || order.orderId !== request.query.signingRef || order.packagingTaskId !== request.query.packagingTaskId) throw ApiError.notFound();
      const client = configured(app.providers.signing);
      const result = client.ok ? await client.value.getSignedDocument(order.orderId, order.packagingTaskId, { applicationId: application.id }) : client;
      if (!result.ok) throw apiErrorFor(result.failure);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="contract-${application.merchantPaymentReference}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(result.value));
    },
  );
}
