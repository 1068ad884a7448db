import type { FastifyInstance } from 'fastify';
import { registerSessions } from '../../plugins/sessions';
import { sessionSecret } from '../../services/session-secret';
import { ApiError } from '../../lib/errors';
import applicationsRoutes from './applications';
import authRoutes from './auth';
import bankIdRoutes from './bankid';
import grenkeRoutes from './grenke';
import leaveRoutes from './leave';
import renewalRoutes from './renewal';
import resursV1Routes from './resurs-v1';
import resursV2Routes from './resurs-v2';
import precontractualRoutes from './precontractual';
import signB2bRoutes from './sign-b2b';
import myApplicationsRoutes from './my-applications';

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
  await app.register(resursV1Routes);
  await app.register(resursV2Routes);
  await app.register(grenkeRoutes);
  await app.register(renewalRoutes);
  await app.register(leaveRoutes);
  await app.register(signB2bRoutes);
  await app.register(precontractualRoutes);
  await app.register(myApplicationsRoutes);
}
