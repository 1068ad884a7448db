/** Support's export of an application's evidence (ADR 32): one file, as a download, for a stated reason. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type EvidenceExport, evidenceExportSchema, reasonBodySchema, z } from '@portal/domain';
import { exportEvidence } from '../../services/back-office/export-evidence';
import { errorResponses } from './errors';
import { actorOf, backOfficeRoute } from './route-options';

export default async function evidenceRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const route = backOfficeRoute('exportEvidence');
  api.route({
    method: route.method,
    url: route.url,
    config: route.config,
    schema: {
      operationId: route.operationId,
      tags: route.tags,
      summary:
        "The application's evidence as one file: what the customer was shown and sent and each act (consents, submit, signature), hash-chained; `npm run evidence:verify FILE` checks it (the reason is audited)",
      params: z.object({ reference: z.string().check(z.minLength(1), z.maxLength(100)) }),
      body: reasonBodySchema,
      response: { 200: evidenceExportSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const file = await exportEvidence(app, actorOf(request), request.params.reference, request.body.reason);
      // The text as written (the schema documents it): a JSON string is sent as is, not serialised
      // again, so the bytes handed over are the file's, one entry per line.
      const body = file.text as unknown as EvidenceExport;
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  });
}
