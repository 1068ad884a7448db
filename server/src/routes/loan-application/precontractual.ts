/**
 * The pre-contractual information step (issue 31, ADR 35): the key facts and the SECCI before
 * a consumer's signature, the SECCI mailed, and the way on once it went.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, COUNTRIES } from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { authorisedApplication } from '../../services/applications';
import { continueToSignature, precontractualState, providePrecontractual } from '../../services/precontractual';
import { activeReference, requireIdentity, signingLimits, uiLanguage } from './session';

export default async function precontractualRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const consumerApplication = async (request: Parameters<typeof requireIdentity>[0]) => {
    const { app: application } = await authorisedApplication(app.db, requireIdentity(request), activeReference(request), { registry: app.providers.registry, log: app.log });
    if (application.provider !== 'RESURS' || application.customerType !== 'PRIVATE') throw new ApiError(404, 'APPLICATION_NOT_FOUND');
    return application;
  };

  api.get(API.precontractual.pattern, async (request) => precontractualState(app, await consumerApplication(request)));

  // Fetching the lender's document and sending a mail: counted as a signing start is.
  api.post(API.precontractual.pattern, { preHandler: app.limits.guard(signingLimits) }, async (request) => {
    const application = await consumerApplication(request);
    const language = uiLanguage(request) ?? COUNTRIES[application.countryCode].language;
    return providePrecontractual(app, application, { sessionId: request.session.sessionId, language });
  });

  api.post(API.precontractualContinue.pattern, async (request) => continueToSignature(app, await consumerApplication(request), uiLanguage(request)));

  api.get(API.precontractualDocument.pattern, async (request, reply) => sendSecci(app, reply, (await consumerApplication(request)).id));
}

/** The SECCI exactly as it was mailed, to the customer's browser (the key facts step, the customer's own page). */
export async function sendSecci(app: FastifyInstance, reply: FastifyReply, applicationId: string) {
  const document = await app.repos.precontractual.pdf(applicationId);
  if (!document) throw new ApiError(404, 'APPLICATION_NOT_FOUND');
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="SECCI.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(document.pdf);
}
