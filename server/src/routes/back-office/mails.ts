/** Support's view of an application's mails, and sending a failed one again (issue 31). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backOfficeMailsSchema, reasonBodySchema, z } from '@portal/domain';
import { applicationMails } from '../../services/back-office/application-mails';
import { retryMail } from '../../services/back-office/retry-mail';
import { errorResponses } from './errors';
import { actorOf, backOfficeRoute } from './route-options';

const reference = z.string().check(z.minLength(1), z.maxLength(100));

export default async function mailRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const list = backOfficeRoute('mails');
  api.route({
    method: list.method,
    url: list.url,
    config: list.config,
    schema: {
      operationId: list.operationId,
      tags: list.tags,
      summary: "The application's mails, oldest first: kind, language, state, attempts, last failure code, Message-ID, digest and attachments (never the recipient or the words)",
      params: z.object({ reference }),
      response: { 200: backOfficeMailsSchema, ...errorResponses },
    },
    handler: async (request) => applicationMails(app, request.params.reference),
  });

  const retry = backOfficeRoute('retryMail');
  api.route({
    method: retry.method,
    url: retry.url,
    config: retry.config,
    schema: {
      operationId: retry.operationId,
      tags: retry.tags,
      summary: 'Send a failed mail again, the same message under the same Message-ID (409 unless it failed and is not erased); the reason is audited',
      params: z.object({ reference, mailId: z.uuid() }),
      body: reasonBodySchema,
      response: { 202: backOfficeMailsSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      await retryMail(app, actorOf(request), request.params.reference, request.params.mailId, request.body.reason);
      return reply.status(202).send(await applicationMails(app, request.params.reference));
    },
  });
}
