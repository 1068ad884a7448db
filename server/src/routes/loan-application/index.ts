import type { FastifyInstance } from 'fastify';
import { registerSessions } from '../../plugins/sessions';
import { sessionSecret } from '../../services/session-secret';
import { ApiError } from '../../lib/errors';
import applicationsRoutes from './applications';
import authRoutes from './auth';
import bankIdRoutes from './bankid';
import flowRoutes from './flows';
import signB2bRoutes from './sign-b2b';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The client API of spec section 7. Cookie sessions live only in this scope. A state-changing
 * call must carry `X-Requested-With: XMLHttpRequest`, which a cross-site form cannot send.
 */
export default async function loanApplicationApi(app: FastifyInstance) {
  await registerSessions(app, await sessionSecret(app));

  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method) && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw ApiError.forbidden();
    }
  });

  await app.register(authRoutes);
  await app.register(bankIdRoutes);
  await app.register(applicationsRoutes);
  await app.register(flowRoutes);
  await app.register(signB2bRoutes);
}
