/**
 * Provider callbacks (server to server). Resurs' authorization callback carries no signature, so
 * it is only a hint: the payment is read again from Resurs (in a stored job) before anything
 * changes. Called twice, or before the customer is back, it does no harm.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLBACKS, requiredText, z } from '@portal/domain';
import { RESURS_V2_CALLBACK_QUEUE } from '../services/lifecycle';
import { findByExternalId } from '../services/submission';

export default async function callbackRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    CALLBACKS.resursV2Authorization.pattern,
    { schema: { body: z.object({ paymentId: requiredText(200), status: requiredText(50), created: z.optional(z.string()) }) } },
    async (request, reply) => {
      const provider = await findByExternalId(app.db, 'RESURS_V2', request.body.paymentId);
      // Unknown payments are acknowledged too: Resurs must not retry them forever.
      if (provider) {
        await app.jobs.send(RESURS_V2_CALLBACK_QUEUE, { applicationId: provider.applicationId });
        request.log.info({ applicationId: provider.applicationId, status: request.body.status }, 'resurs callback');
      }
      return reply.status(204).send();
    },
  );
}
