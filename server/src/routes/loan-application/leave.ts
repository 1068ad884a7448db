/** The way back to the shop from one's own application. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '@portal/domain';
import { leaveApplication } from '../../services/leave-application';
import { activeReference, requireIdentity } from './session';

export default async function leaveRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The customer leaves for the merchant from a step of the flow: answers where to go. */
  api.post(API.leave.pattern, async (request) => {
    const { redirectUrl } = await leaveApplication(app, requireIdentity(request), activeReference(request));
    return { redirectUrl };
  });
}
