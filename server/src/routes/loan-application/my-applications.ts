/**
 * The customer's own page (issue 32, ADR 38): every application of the identified person, a
 * review by a person of a decline, the withdrawal from a concluded agreement, and the documents
 * they were given. Any identified session may call these; each answers only the person's own
 * applications (another person's reference answers as an unknown one).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  COUNTRIES,
  myApplicationParamsSchema,
  myDocumentParamsSchema,
  REVIEW_REQUEST_BODY_LIMIT_BYTES,
  reviewRequestBodySchema,
  withdrawalBodySchema,
} from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { ownApplication } from '../../services/after-decision/common';
import { myApplications } from '../../services/after-decision/my-applications';
import { requestReview } from '../../services/after-decision/reviews';
import { withdraw } from '../../services/after-decision/withdrawals';
import { sendSecci } from './precontractual';
import { ownPageLimits, requireIdentity, uiLanguage } from './session';

export default async function myApplicationsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A request or a withdrawal sends mails: counted per session as a signing start is.
  const limits = app.limits.guard(ownPageLimits);

  api.get(API.myApplications.pattern, async (request) => myApplications(app, requireIdentity(request)));

  api.post(
    API.myReview.pattern,
    { bodyLimit: REVIEW_REQUEST_BODY_LIMIT_BYTES, preHandler: limits, schema: { params: myApplicationParamsSchema, body: reviewRequestBodySchema } },
    async (request) => {
      const application = await ownApplication(app, requireIdentity(request), request.params.reference);
      const language = uiLanguage(request) ?? COUNTRIES[application.countryCode].language;
      return requestReview(app, application, request.body, { language, sessionId: request.session.sessionId });
    },
  );

  api.post(
    API.myWithdrawal.pattern,
    { preHandler: limits, schema: { params: myApplicationParamsSchema, body: withdrawalBodySchema } },
    async (request) => {
      const application = await ownApplication(app, requireIdentity(request), request.params.reference);
      const language = uiLanguage(request) ?? COUNTRIES[application.countryCode].language;
      return withdraw(app, application, { language, sessionId: request.session.sessionId });
    },
  );

  // Only the SECCI as mailed for now: the lender keeps a consumer's signed agreement.
  api.get(API.myDocument.pattern, { schema: { params: myDocumentParamsSchema } }, async (request, reply) => {
    const application = await ownApplication(app, requireIdentity(request), request.params.reference);
    if (request.params.kind !== 'secci') throw new ApiError(404, 'APPLICATION_NOT_FOUND');
    return sendSecci(app, reply, application.id);
  });
}
