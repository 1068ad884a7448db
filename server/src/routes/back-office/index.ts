/**
 * The back office (ADR 11): operators' sign-in, and the API the console calls, under
 * /api/back-office. Every API route is guarded from one table (BACK_OFFICE_API in domain/): it
 * answers only to a live operator session whose roles reach the route's role; customers'
 * sessions and merchants' keys are not looked at here and get 401.
 */
import fastifyCookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { BACK_OFFICE_LIMITS, BACK_OFFICE_OPENAPI, hasRole, type OperatorRole } from '@portal/domain';
import type { OperatorSession } from '../../db/repositories/operator-sessions';
import { sha256Hex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { sessionSecret } from '../../services/session-secret';
import afterDecisionRoutes from './after-decision';
import applicationRoutes from './applications';
import evidenceRoutes from './evidence';
import administrationRoutes from './administration';
import mailRoutes from './mails';
import operationsRoutes from './operations';
import operatorAuthRoutes, { OPERATOR_COOKIE } from './operator-auth';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorSession | null;
  }
  interface FastifyContextConfig {
    /** The least operator role a back-office route needs. */
    operatorRole?: OperatorRole;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default async function backOffice(app: FastifyInstance) {
  await app.register(fastifyCookie, { secret: await sessionSecret(app) });
  await app.register(operatorAuthRoutes);

  await app.register(async (scope) => {
    await scope.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Loan and leasing subscription portal: back-office API',
          version: '1.0.0',
          description:
            "The API of the lender's operator console. Operators sign in through the OIDC broker at " +
            '`/api/back-office/auth/login`; the session cookie then authenticates every call, and each operation ' +
            'names the least role it needs (`support`, or `admin`, which includes support). State-changing calls ' +
            'carry `X-Requested-With: XMLHttpRequest`. Every call is recorded in the audit log.',
        },
        servers: [{ url: app.config.publicUrl }],
        components: { securitySchemes: { operatorSession: { type: 'apiKey', in: 'cookie', name: OPERATOR_COOKIE } } },
        security: [{ operatorSession: [] }],
      },
      transform: jsonSchemaTransform,
    });
    scope.setSerializerCompiler(serializerCompiler);
    scope.decorateRequest('operator', null);

    scope.addHook('onRequest', async (request) => {
      const needed = request.routeOptions.config.operatorRole;
      // A route of this scope without a role would be open: refuse rather than serve it.
      if (!needed) throw ApiError.notFound('REQUEST_ERROR');
      const token = request.cookies[OPERATOR_COOKIE];
      if (!token) throw ApiError.unauthorized();
      const session = await scope.repos.operatorSessions.touch(sha256Hex(token), BACK_OFFICE_LIMITS.sessionIdleMinutes);
      if (!session) throw ApiError.unauthorized();
      if (!hasRole(session.roles, needed)) throw ApiError.forbidden();
      if (!SAFE_METHODS.has(request.method) && request.headers['x-requested-with'] !== 'XMLHttpRequest') throw ApiError.forbidden();
      request.operator = session;
    });

    scope.get(BACK_OFFICE_OPENAPI.pattern, { schema: { hide: true }, config: { operatorRole: 'support' } }, async () => scope.swagger());
    await scope.register(applicationRoutes);
    await scope.register(evidenceRoutes);
    await scope.register(administrationRoutes);
    await scope.register(operationsRoutes);
    await scope.register(mailRoutes);
    await scope.register(afterDecisionRoutes);
  });
}
