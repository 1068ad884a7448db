/** Support's queue after the decision (issue 32): review requests and withdrawals waiting for the lender's staff. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterDecisionQueueSchema, reasonBodySchema, reviewAnswerBodySchema, reviewContentSchema, withdrawalHandledBodySchema, z } from '@portal/domain';
import {
  afterDecisionQueue,
  answerReviewAsOperator,
  handleWithdrawalAsOperator,
  reviewContent,
} from '../../services/back-office/after-decision-queue';
import { errorResponses } from './errors';
import { actorOf, backOfficeRoute } from './route-options';

const referenceParams = z.object({ reference: z.string().check(z.minLength(1), z.maxLength(100)) });

export default async function afterDecisionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const queue = backOfficeRoute('afterDecisionQueue');
  api.route({
    method: queue.method,
    url: queue.url,
    config: queue.config,
    schema: {
      operationId: queue.operationId,
      tags: queue.tags,
      summary:
        'Review requests waiting for the lender\u2019s answer (the soonest due first, overdue flagged) and withdrawals not yet handled at the lender (the oldest first); never the customer\u2019s own words',
      response: { 200: afterDecisionQueueSchema, ...errorResponses },
    },
    handler: async () => afterDecisionQueue(app),
  });

  const content = backOfficeRoute('reviewContent');
  api.route({
    method: content.method,
    url: content.url,
    config: content.config,
    schema: {
      operationId: content.operationId,
      tags: content.tags,
      summary: "The customer's own view and document of the application's review request, opened (the reason is audited first)",
      params: referenceParams,
      body: reasonBodySchema,
      response: { 200: reviewContentSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const opened = await reviewContent(app, actorOf(request), request.params.reference, request.body.reason);
      return reply.header('Cache-Control', 'no-store').send(opened);
    },
  });

  const answer = backOfficeRoute('answerReview');
  api.route({
    method: answer.method,
    url: answer.url,
    config: answer.config,
    schema: {
      operationId: answer.operationId,
      tags: answer.tags,
      summary:
        "Record the lender's answer to the application's review request: upheld or changed, the main factors and the explanation; the customer's page shows it and a mail says it, a changed decision approves the application again (409 when it was answered already; the reason is audited)",
      params: referenceParams,
      body: reviewAnswerBodySchema,
      response: { 200: afterDecisionQueueSchema, ...errorResponses },
    },
    handler: async (request) => {
      await answerReviewAsOperator(app, actorOf(request), request.params.reference, request.body);
      return afterDecisionQueue(app);
    },
  });

  const handled = backOfficeRoute('handleWithdrawal');
  api.route({
    method: handled.method,
    url: handled.url,
    config: handled.config,
    schema: {
      operationId: handled.operationId,
      tags: handled.tags,
      summary: "Mark the application's withdrawal handled at the lender, with an optional note (409 when it was marked already; the reason is audited)",
      params: referenceParams,
      body: withdrawalHandledBodySchema,
      response: { 200: afterDecisionQueueSchema, ...errorResponses },
    },
    handler: async (request) => {
      const note = request.body.note?.trim() ? request.body.note.trim() : null;
      await handleWithdrawalAsOperator(app, actorOf(request), request.params.reference, note, request.body.reason);
      return afterDecisionQueue(app);
    },
  });
}
