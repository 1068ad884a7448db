/** Renewal orders chosen on the consumer version 2 screen (spec sections 3, 4, 7). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, renewalInitBodySchema } from '@portal/domain';
import { repositories } from '../../db/repositories';
import { authorisedApplication } from '../../services/applications';
import { storeRenewalOrders } from '../../services/renewal';
import { activeReference, requireIdentity } from './session';

export default async function renewalRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API.renewalInit.pattern,
    {
      schema: {
        body: renewalInitBodySchema,
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const { app: application, customer } = await authorisedApplication(app.db, identity, activeReference(request), { registry: app.providers.registry, log: app.log });
      await app.db.transaction(async (tx) => {
        // Refused with a message per wrong field, and nothing kept, unless every item is theirs.
        await storeRenewalOrders(tx, application, customer, request.body.orders);
        await repositories(tx).events.append(application.id, { type: 'renewal.initiated', detail: { orders: request.body.orders.length } });
      });
      return { orders: request.body.orders.length };
    },
  );
}
