/** Ways back to the shop: leaving one's own application, and the shop of someone else's. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, pagePath, PAGES, requiredText, z } from '@portal/domain';
import { leaveApplication } from '../../services/leave-application';
import { shopHome } from '../../services/merchant-return';
import { activeReference, requireIdentity } from './session';

export default async function leaveRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The customer leaves for the merchant from a step of the flow: answers where to go. */
  api.post(API.leave.pattern, async (request) => {
    const { redirectUrl } = await leaveApplication(app, requireIdentity(request), activeReference(request));
    return { redirectUrl };
  });

  /**
   * The shop's home page, for someone the application is not for: a plain redirect that
   * changes nothing and carries no outcome.
   */
  api.get(API.shop.pattern, { schema: { params: z.object({ reference: requiredText(100) }) } }, async (request, reply) => {
    const application = await app.repos.applications.findByReference(request.params.reference);
    return reply.redirect(application ? shopHome(application) : pagePath(PAGES.index.url()), 302);
  });
}
