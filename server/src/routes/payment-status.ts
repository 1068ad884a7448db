/**
 * GET /api/loan-application/payment/status (spec section 7): what the waiting screen polls every
 * five seconds. Answered from read models of the database (services/payment-status.ts and
 * services/session-reader.ts), never with a provider call; the background poller and provider
 * callbacks keep the database fresh. Outside the session plugin's scope on purpose: a poll does
 * not rewrite the session.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, requiredText, z } from '@portal/domain';
import { ApiError } from '../lib/errors';
import { paymentStatusOf, paymentStatusReadModel, type StatusInputs } from '../services/payment-status';
import { sessionSecret } from '../services/session-secret';
import { sessionReader, type SessionViewer } from '../services/session-reader';

export default async function paymentStatusRoutes(app: FastifyInstance) {
  const sessions = sessionReader(app, await sessionSecret(app));
  const statuses = paymentStatusReadModel(app);

  app.withTypeProvider<ZodTypeProvider>().get(
    API.paymentStatus.pattern,
    {
      schema: {
        querystring: z.object({ merchantId: requiredText(100), merchantPaymentReference: requiredText(100) }),
        // A plain JSON schema: Fastify's compiled serialiser writes the answer faster than
        // JSON.stringify (every poll pays it).
        response: {
          200: {
            type: 'object',
            properties: { paymentStatus: { type: 'string' }, redirectUrl: { type: 'string' } },
            required: ['paymentStatus', 'redirectUrl'],
          },
        },
      },
    },
    (request, reply) => {
      const answer = (identity: SessionViewer | null, inputs: StatusInputs | null) => {
        if (!identity) throw ApiError.unauthorized();
        if (!inputs) throw ApiError.notFound();
        // Only the application's own customer (or signatory) may read it; others see 403.
        // Keyed hashes on both sides, each made once (per session, per application entry).
        if (inputs.ownerNationalIdHash !== identity.nationalIdHash) throw ApiError.forbidden();
        return reply.send(paymentStatusOf(inputs)); // no-store, as every API answer (plugins/security.ts)
      };
      const { merchantId, merchantPaymentReference } = request.query;
      // Nearly every poll finds both in memory: answer in the same tick, like a static route.
      const identity = sessions.cachedIdentity(request);
      const inputs = statuses.cached(merchantId, merchantPaymentReference);
      if (identity !== undefined && inputs !== undefined) return answer(identity, inputs);
      return Promise.all([
        identity === undefined ? sessions.identity(request) : identity,
        inputs ?? statuses.read(merchantId, merchantPaymentReference),
      ]).then(([who, what]) => answer(who, what));
    },
  );
}
