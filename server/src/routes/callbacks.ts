/**
 * Provider callbacks (server to server). Resurs' authorization callback carries no signature, so
 * it is only a hint: the payment is read again from Resurs (in a stored job) before anything
 * changes. Called twice, or before the customer is back, it does no harm.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLBACKS, requiredText, z } from '@portal/domain';
import { RESURS_V2_CALLBACK_QUEUE } from '../services/queues';

export default async function callbackRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    CALLBACKS.resursV2Authorization.pattern,
    { schema: { body: z.object({ paymentId: requiredText(200), status: requiredText(50), created: z.optional(z.string()) }) } },
    async (request, reply) => {
      const callback = app.lenders.RESURS_V2.interpretCallback(request.body);
      const provider = callback && (await app.repos.providerApplications.findByExternalId('RESURS_V2', callback.externalId));
      // Unknown payments are acknowledged too: Resurs must not retry them forever.
      if (provider) {
        await app.jobs.send(RESURS_V2_CALLBACK_QUEUE, { applicationId: provider.applicationId });
        request.log.info({ applicationId: provider.applicationId, status: request.body.status }, 'resurs callback');
      }
      return reply.status(204).send();
    },
  );
}
