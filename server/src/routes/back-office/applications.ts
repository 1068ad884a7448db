/** Support's routes: search, one application with its timeline and money, reveal, resend, cancel, confirm a company's signatory, retry a failed money operation. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicationDetailSchema,
  applicationSearchSchema,
  operatorSchema,
  optionalReasonBodySchema,
  reasonBodySchema,
  resendAnswerSchema,
  revealedNationalIdSchema,
  searchResultSchema,
  z,
} from '@portal/domain';
import { applicationDetail, detailOf } from '../../services/back-office/application-detail';
import { cancelByOperator } from '../../services/back-office/cancel-by-operator';
import { confirmSignatory } from '../../services/back-office/confirm-signatory';
import { resendWebhook } from '../../services/back-office/resend-webhook';
import { retryMoneyOperation } from '../../services/back-office/retry-money-operation';
import { revealNationalId } from '../../services/back-office/reveal-national-id';
import { searchApplications } from '../../services/back-office/search-applications';
import { errorResponses } from './errors';
import { actorOf, backOfficeRoute, requireOperator } from './route-options';

const referenceParams = z.object({ reference: z.string().check(z.minLength(1), z.maxLength(100)) });

export default async function applicationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const me = backOfficeRoute('me');
  api.route({
    method: me.method,
    url: me.url,
    config: me.config,
    schema: { operationId: me.operationId, tags: me.tags, summary: 'The signed-in operator and their roles', response: { 200: operatorSchema, ...errorResponses } },
    handler: async (request) => {
      const operator = requireOperator(request);
      return {
        subject: operator.operatorSubject,
        name: operator.operatorName,
        email: operator.operatorEmail,
        roles: operator.roles,
        sessionExpiresAt: operator.expiresAt.toISOString(),
      };
    },
  });

  const search = backOfficeRoute('searchApplications');
  api.route({
    method: search.method,
    url: search.url,
    config: search.config,
    schema: {
      operationId: search.operationId,
      tags: search.tags,
      summary: 'Search applications (national IDs masked)',
      querystring: applicationSearchSchema,
      response: { 200: searchResultSchema, ...errorResponses },
    },
    handler: async (request) => searchApplications(app, actorOf(request), request.query),
  });

  const one = backOfficeRoute('application');
  api.route({
    method: one.method,
    url: one.url,
    config: one.config,
    schema: {
      operationId: one.operationId,
      tags: one.tags,
      summary: 'One application with its timeline (transitions, provider calls, webhook attempts), its money and money operations',
      params: referenceParams,
      response: { 200: applicationDetailSchema, ...errorResponses },
    },
    handler: async (request) => applicationDetail(app, actorOf(request), request.params.reference),
  });

  const reveal = backOfficeRoute('revealNationalId');
  api.route({
    method: reveal.method,
    url: reveal.url,
    config: reveal.config,
    schema: {
      operationId: reveal.operationId,
      tags: reveal.tags,
      summary: "Reveal the customer's national ID (the reason is audited)",
      params: referenceParams,
      body: reasonBodySchema,
      response: { 200: revealedNationalIdSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const nationalId = await revealNationalId(app, actorOf(request), request.params.reference, request.body.reason);
      return reply.header('Cache-Control', 'no-store').send({ nationalId });
    },
  });

  const cancel = backOfficeRoute('cancelApplication');
  api.route({
    method: cancel.method,
    url: cancel.url,
    config: cancel.config,
    schema: {
      operationId: cancel.operationId,
      tags: cancel.tags,
      summary: 'Cancel an application that is not final (withdrawn at the lender; the reason is audited)',
      params: referenceParams,
      body: reasonBodySchema,
      response: { 200: applicationDetailSchema, ...errorResponses },
    },
    handler: async (request) => {
      const cancelled = await cancelByOperator(app, actorOf(request), request.params.reference, request.body.reason);
      return detailOf(app, cancelled);
    },
  });

  const confirm = backOfficeRoute('confirmSignatory');
  api.route({
    method: confirm.method,
    url: confirm.url,
    config: confirm.config,
    schema: {
      operationId: confirm.operationId,
      tags: confirm.tags,
      summary: 'Confirm the person waiting to sign for a company the registry could not settle (ADR 28; the reason is audited)',
      params: referenceParams,
      body: reasonBodySchema,
      response: { 200: applicationDetailSchema, ...errorResponses },
    },
    handler: async (request) => {
      const confirmed = await confirmSignatory(app, actorOf(request), request.params.reference, request.body.reason);
      return detailOf(app, confirmed);
    },
  });

  const resend = backOfficeRoute('resendWebhook');
  api.route({
    method: resend.method,
    url: resend.url,
    config: resend.config,
    schema: {
      operationId: resend.operationId,
      tags: resend.tags,
      summary: 'Deliver one of the application\u2019s webhooks again (same event id)',
      params: z.object({ reference: referenceParams.shape.reference, eventId: z.uuid() }),
      body: z.optional(optionalReasonBodySchema),
      response: { 202: resendAnswerSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      await resendWebhook(app, actorOf(request), request.params.reference, request.params.eventId, request.body?.reason);
      return reply.status(202).send({ eventId: request.params.eventId, queued: true });
    },
  });

  const retry = backOfficeRoute('retryMoneyOperation');
  api.route({
    method: retry.method,
    url: retry.url,
    config: retry.config,
    schema: {
      operationId: retry.operationId,
      tags: retry.tags,
      summary:
        'Try a failed money operation again: pending afresh and queued, if the money still allows it (409 otherwise: `PAYMENT_STATUS_FINAL` when nothing is left for it, `REQUEST_ERROR` when less is left than it moves, or it has not failed); the reason is audited',
      params: z.object({ reference: referenceParams.shape.reference, operationId: z.uuid() }),
      body: reasonBodySchema,
      response: { 202: applicationDetailSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const application = await retryMoneyOperation(app, actorOf(request), request.params.reference, request.params.operationId, request.body.reason);
      return reply.status(202).send(await detailOf(app, application));
    },
  });
}
