/** Admin routes: merchants, their keys, secrets, origins and provider settings; the audit log; sessions. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyViewSchema,
  auditPageSchema,
  auditQuerySchema,
  BACK_OFFICE_LIMITS,
  createdMerchantSchema,
  createMerchantSchema,
  issueApiKeySchema,
  issuedApiKeySchema,
  merchantIdSchema,
  merchantViewSchema,
  operatorSessionViewSchema,
  optionalReasonBodySchema,
  providerSettingsSchema,
  rotatedSecretSchema,
  rotateSecretSchema,
  updateMerchantSchema,
  z,
} from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { issueApiKey, listApiKeys, revokeApiKey } from '../../services/back-office/merchants/api-keys';
import { existingMerchant } from '../../services/back-office/merchants/checks';
import { createMerchant } from '../../services/back-office/merchants/create-merchant';
import { setProviderSettings } from '../../services/back-office/merchants/provider-settings';
import { rotateWebhookSecret } from '../../services/back-office/merchants/rotate-webhook-secret';
import { setMerchantActive, updateMerchant } from '../../services/back-office/merchants/update-merchant';
import { merchantView } from '../../services/back-office/merchants/view';
import { revokeOperatorSession } from '../../services/back-office/operator-sign-in';
import { errorResponses } from './errors';
import { actorOf, backOfficeRoute, requireOperator } from './route-options';

const merchantParams = z.object({ merchantId: merchantIdSchema });

/** The OpenAPI fields of an operation from the route table. */
const doc = (route: ReturnType<typeof backOfficeRoute>, summary: string) => ({ operationId: route.operationId, tags: route.tags, summary });

export default async function administrationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const at = <K extends Parameters<typeof backOfficeRoute>[0]>(operation: K) => {
    const route = backOfficeRoute(operation);
    return { route, base: { method: route.method, url: route.url, config: route.config } };
  };

  {
    const { route, base } = at('merchants');
    api.route({
      ...base,
      schema: { ...doc(route, 'Every merchant (support sees them to search by merchant)'), response: { 200: z.array(merchantViewSchema), ...errorResponses } },
      handler: async () => (await app.repos.merchants.list()).map((merchant) => merchantView(merchant)),
    });
  }
  {
    const { route, base } = at('createMerchant');
    api.route({
      ...base,
      schema: { ...doc(route, 'Onboard a merchant; its webhook secret is answered this once'), body: createMerchantSchema, response: { 201: createdMerchantSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(await createMerchant(app.db, actorOf(request), request.body)),
    });
  }
  {
    const { route, base } = at('merchant');
    api.route({
      ...base,
      schema: { ...doc(route, 'One merchant'), params: merchantParams, response: { 200: merchantViewSchema, ...errorResponses } },
      handler: async (request) => merchantView(await existingMerchant(app.db, request.params.merchantId)),
    });
  }
  {
    const { route, base } = at('updateMerchant');
    api.route({
      ...base,
      schema: {
        ...doc(route, 'Change name, allowed origins or default webhook URL'),
        params: merchantParams,
        body: updateMerchantSchema,
        response: { 200: merchantViewSchema, ...errorResponses },
      },
      handler: async (request) => updateMerchant(app.db, actorOf(request), request.params.merchantId, request.body),
    });
  }
  for (const [operation, active] of [['deactivateMerchant', false], ['activateMerchant', true]] as const) {
    const { route, base } = at(operation);
    api.route({
      ...base,
      schema: {
        ...doc(route, active ? 'Activate a merchant again' : 'Deactivate a merchant: its keys stop working at once'),
        params: merchantParams,
        body: z.optional(optionalReasonBodySchema),
        response: { 200: merchantViewSchema, ...errorResponses },
      },
      handler: async (request) => setMerchantActive(app.db, actorOf(request), request.params.merchantId, active, request.body?.reason),
    });
  }
  {
    const { route, base } = at('providerSettings');
    api.route({
      ...base,
      schema: {
        ...doc(route, 'Set the Resurs store ID and Resurs credentials per country (secrets are never answered)'),
        params: merchantParams,
        body: providerSettingsSchema,
        response: { 200: merchantViewSchema, ...errorResponses },
      },
      handler: async (request) => setProviderSettings(app.db, actorOf(request), request.params.merchantId, request.body),
    });
  }
  {
    const { route, base } = at('apiKeys');
    api.route({
      ...base,
      schema: { ...doc(route, 'The merchant\u2019s API keys by prefix and last use'), params: merchantParams, response: { 200: z.array(apiKeyViewSchema), ...errorResponses } },
      handler: async (request) => listApiKeys(app.db, request.params.merchantId),
    });
  }
  {
    const { route, base } = at('issueApiKey');
    api.route({
      ...base,
      schema: {
        ...doc(route, 'Issue an API key: the key is in this answer only'),
        params: merchantParams,
        body: issueApiKeySchema,
        response: { 201: issuedApiKeySchema, ...errorResponses },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .header('Cache-Control', 'no-store')
          .send(await issueApiKey(app.db, actorOf(request), request.params.merchantId, request.body.label, request.body.reason)),
    });
  }
  {
    const { route, base } = at('revokeApiKey');
    api.route({
      ...base,
      schema: {
        ...doc(route, 'Revoke an API key: it stops working at once'),
        params: z.object({ merchantId: merchantIdSchema, keyId: z.uuid() }),
        body: z.optional(optionalReasonBodySchema),
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await revokeApiKey(app.db, actorOf(request), request.params.merchantId, request.params.keyId, request.body?.reason);
        return reply.status(204).send(null);
      },
    });
  }
  {
    const { route, base } = at('rotateWebhookSecret');
    api.route({
      ...base,
      schema: {
        ...doc(route, 'A new webhook secret; the old one also signs deliveries for the grace period'),
        params: merchantParams,
        body: rotateSecretSchema,
        response: { 200: rotatedSecretSchema, ...errorResponses },
      },
      handler: async (request, reply) =>
        reply
          .header('Cache-Control', 'no-store')
          .send(await rotateWebhookSecret(app.db, actorOf(request), request.params.merchantId, request.body.graceHours, request.body.reason)),
    });
  }
  {
    const { route, base } = at('auditLog');
    api.route({
      ...base,
      schema: { ...doc(route, 'The audit log, newest first'), querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errorResponses } },
      handler: async (request) => {
        const limit = BACK_OFFICE_LIMITS.auditPageSize;
        const rows = await app.repos.auditLog.list({ ...request.query, limit: limit + 1 });
        const page = rows.slice(0, limit);
        return {
          items: page.map((row) => ({ ...row, at: row.at.toISOString() })),
          nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
        };
      },
    });
  }
  {
    const { route, base } = at('sessions');
    api.route({
      ...base,
      schema: { ...doc(route, 'Operator sessions that are alive'), response: { 200: z.array(operatorSessionViewSchema), ...errorResponses } },
      handler: async (request) => {
        const mine = requireOperator(request).id;
        return (await app.repos.operatorSessions.listAlive(BACK_OFFICE_LIMITS.sessionIdleMinutes)).map((session) => ({
          id: session.id,
          operatorSubject: session.operatorSubject,
          operatorName: session.operatorName,
          roles: session.roles,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          current: session.id === mine,
        }));
      },
    });
  }
  {
    const { route, base } = at('revokeSession');
    api.route({
      ...base,
      schema: {
        ...doc(route, 'End an operator session at once'),
        params: z.object({ sessionId: z.uuid() }),
        body: z.optional(optionalReasonBodySchema),
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        if (!(await revokeOperatorSession(app.db, actorOf(request), request.params.sessionId, request.body?.reason))) throw ApiError.notFound('REQUEST_ERROR');
        return reply.status(204).send(null);
      },
    });
  }
}
