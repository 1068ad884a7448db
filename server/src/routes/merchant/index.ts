import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  checkInput,
  confirmDeliveryRequestSchema,
  fieldMessagesOf,
  createApplicationRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  type MoneyOperationKind,
  moneyOperationRequestSchema,
  moneyOperationResponseSchema,
  createApplicationResponseSchema,
  MERCHANT_API,
  merchantApplicationViewSchema,
  merchantPaymentReferenceSchema,
  z,
} from '@portal/domain';
import type { Merchant } from '../../db/repositories/merchants';
import { sha256Hex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { addressKey } from '../../plugins/rate-limits';
import { createApplication, loadMerchantView } from '../../services/applications';
import { API_KEY_VISIBLE_CHARS } from '../../services/back-office/merchants/secrets';
import { cancelByMerchant } from '../../services/cancel-application';
import { requestMoneyOperation } from '../../services/money-operations';
import { merchantOpenApi, withMoneyExamples, withRateLimitHeaders } from './openapi';

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant | null;
  }
}

const errorSchema = apiErrorBodySchema;

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema, 503: errorSchema };

/** The Idempotency-Key of a money operation, as the merchant sent it (checked by the use case). */
const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z.optional(z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[\x21-\x7e]+$/))),
});

/** What every money operation's documentation says of its answers, idempotency and outages. */
const MONEY_CONTRACT =
  'Idempotent by the `Idempotency-Key` header (required): the same key with the same request answers the same operation again, ' +
  'with another request 409. The operation is checked against the application\'s money (operations still pending count), kept, and ' +
  'sent to the lender at once: `200` when the lender has answered (`state` `done`, or `failed` with the catalogue\'s code), `202` ' +
  'with `state` `pending` when it could not be reached: the portal keeps trying with backoff and never sends it twice; a ' +
  '`payment.*` webhook (`payment.operation_failed` on failure) says when it is answered. Amounts include VAT.';

const API_KEY_USE_RESOLUTION_MS = 60_000;

function requireMerchant(request: FastifyRequest): Merchant {
  if (!request.merchant) throw ApiError.unauthorized();
  return request.merchant;
}

/**
 * The merchant API (PRODUCT section 4): server to server, `Authorization: Bearer <API key>`.
 * A wrong or missing key is refused before anything is looked up, so it never tells whether a
 * reference exists.
 */
export default async function merchantApi(app: FastifyInstance) {
  await app.register(swagger, {
    // Info, licence, contact, tags and the webhook contract (routes/merchant/openapi.ts).
    openapi: merchantOpenApi(app.config.publicUrl),
    transform: jsonSchemaTransform,
    // The rate limit's headers on every answer (routes' schemas describe bodies only).
    transformObject: (document) =>
      'openapiObject' in document ? withMoneyExamples(withRateLimitHeaders(document.openapiObject), (pattern) => pattern.replace(/:(\w+)/g, '{$1}')) : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: MERCHANT_API.docs.pattern,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });

  app.get(MERCHANT_API.openApi.pattern, { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    scope.setSerializerCompiler(serializerCompiler);
    scope.decorateRequest('merchant', null);

    scope.addHook('onRequest', async (request, reply) => {
      // The key is verified first, whoever sends it (ADR 15): a key that verifies is served even
      // from an address, or with a prefix, that others filled with wrong keys, so no one on a
      // shop's shared egress can shut the shop out. The check is one index probe by the key's hash.
      const key = /^Bearer\s+(\S{8,200})$/i.exec(request.headers.authorization ?? '')?.[1];
      const found = key ? await scope.repos.merchants.findByApiKeyHash(sha256Hex(key)) : null;
      if (!found) {
        // Only failures count, per address and per the key's visible prefix (a guess at one
        // merchant's key from many addresses); over either the answer is 429 instead of 401, the
        // same for every wrong, revoked or missing key, and once this instance knows the limit is
        // reached, nothing more is written for it.
        await scope.limits.check(reply, [
          { limit: 'merchantAuthFailuresPerIp', key: addressKey(request.ip) },
          { limit: 'merchantAuthFailuresPerKeyPrefix', key: key?.slice(0, API_KEY_VISIBLE_CHARS) },
        ]);
        throw ApiError.unauthorized();
      }
      // Every call of a key counts against its limit; the answer says where it stands.
      await scope.limits.check(reply, [{ limit: 'merchantApiPerKey', key: found.apiKeyId }], { headers: true });
      request.merchant = found;
      // The key's last use, for the back office's key list: at most one write a minute per key,
      // and never in the request's way.
      if (!found.apiKeyLastUsedAt || Date.now() - found.apiKeyLastUsedAt.getTime() > API_KEY_USE_RESOLUTION_MS) {
        scope.repos.merchants.recordApiKeyUse(found.apiKeyId).catch((error: unknown) => request.log.warn({ err: error }, 'could not record an API key use'));
      }
    });

    api.post(
      MERCHANT_API.applications.pattern,
      {
        schema: {
          operationId: 'createApplication',
          tags: ['Applications'],
          summary: 'Create an application (idempotent per merchantPaymentReference)',
          body: createApplicationRequestSchema,
          response: { 200: createApplicationResponseSchema, 201: createApplicationResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const merchant = requireMerchant(request);
        const result = await createApplication(scope.db, scope.config.publicUrl, merchant, request.body, (routed) => scope.lenders.offered(routed));
        if (result.created) {
          request.log.info({ reference: result.response.reference }, 'application created');
          scope.metrics.applicationEntered('CREATED');
        }
        return reply.status(result.created ? 201 : 200).send(result.response);
      },
    );

    api.get(
      MERCHANT_API.application.pattern,
      {
        schema: {
          operationId: 'getApplication',
          tags: ['Applications'],
          summary: 'Status, outcome and timeline of an application',
          params: z.object({ merchantPaymentReference: merchantPaymentReferenceSchema }),
          response: { 200: merchantApplicationViewSchema, ...errors },
        },
      },
      async (request) => {
        const merchant = requireMerchant(request);
        const application = await scope.repos.applications.findByMerchantReference(
          merchant.id,
          request.params.merchantPaymentReference,
        );
        if (!application) throw ApiError.notFound();
        return loadMerchantView(scope.db, scope.config.publicUrl, application);
      },
    );

    api.post(
      MERCHANT_API.cancel.pattern,
      {
        schema: {
          operationId: 'cancelApplication',
          tags: ['Applications'],
          summary: 'Cancel an application that is not final, or what is not captured of a granted one (idempotent)',
          description:
            'For an order the shop has cancelled. The application is withdrawn at the lender if it is already there, ' +
            'becomes CANCELLED with outcome `apply_cancelled` (`client_sign_success_cancelled` once the customer has signed), ' +
            'and an `application.cancelled` webhook follows; the customer\'s open screen says the shop cancelled it. ' +
            'Cancelling a cancelled application answers it again (200). A declined or failed application ' +
            'cannot be cancelled (409 PAYMENT_STATUS_FINAL); a lender that cannot be reached answers 503 and nothing changes. ' +
            'A granted consumer credit (COMPLETED) stays granted: what is not captured is cancelled at the lender, all of it, an ' +
            '`amount` or `lines` of it, as a money operation (its answer is the application, the operation last in `operations`; ' +
            `a \`payment.cancelled\` webhook follows). ${MONEY_CONTRACT}`,
          params: z.object({ merchantPaymentReference: merchantPaymentReferenceSchema }),
          headers: idempotencyHeaders,
          // Read by the handler: a cancel before the decision has no body at all.
          response: { 200: merchantApplicationViewSchema, 202: merchantApplicationViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const merchant = requireMerchant(request);
        const found = await scope.repos.applications.findByMerchantReference(merchant.id, request.params.merchantPaymentReference);
        // After the lender granted it, a cancel is of what is not captured: a money operation.
        if (found?.status === 'COMPLETED' && found.provider === 'RESURS') {
          const body = checkInput(moneyOperationRequestSchema, request.body ?? {});
          if (!body.success) throw ApiError.badRequest(fieldMessagesOf(body.error));
          const answer = await requestMoneyOperation(scope, merchant, request.params.merchantPaymentReference, 'cancel', body.data, request.headers[IDEMPOTENCY_KEY_HEADER]);
          const after = await scope.repos.applications.findById(found.id);
          return reply.status(answer.status).send(await loadMerchantView(scope.db, scope.config.publicUrl, after ?? found));
        }
        const application = await cancelByMerchant(scope, merchant, request.params.merchantPaymentReference);
        return loadMerchantView(scope.db, scope.config.publicUrl, application);
      },
    );

    const moneyRoute = (kind: Exclude<MoneyOperationKind, 'confirm-delivery' | 'cancel'>, summary: string, description: string) =>
      api.post(
        kind === 'capture' ? MERCHANT_API.capture.pattern : MERCHANT_API.refund.pattern,
        {
          schema: {
            operationId: `${kind}Payment`,
            tags: ['After the sale'],
            summary,
            description: `${description} ${MONEY_CONTRACT}`,
            params: z.object({ merchantPaymentReference: merchantPaymentReferenceSchema }),
            headers: idempotencyHeaders,
            body: moneyOperationRequestSchema,
            response: { 200: moneyOperationResponseSchema, 202: moneyOperationResponseSchema, ...errors },
          },
        },
        async (request, reply) => {
          const merchant = requireMerchant(request);
          const answer = await requestMoneyOperation(scope, merchant, request.params.merchantPaymentReference, kind, request.body, request.headers[IDEMPOTENCY_KEY_HEADER]);
          return reply.status(answer.status).send(answer.body);
        },
      );
    moneyRoute(
      'capture',
      'Capture a granted consumer credit, all of it or part (as goods ship)',
      'The lender pays the merchant what is captured. Give `lines` (items by `sku` and quantity: a partial delivery), an `amount`, or ' +
        'neither for everything still open. More than is open answers 400; nothing open (all captured or cancelled) 409 PAYMENT_STATUS_FINAL; ' +
        'an application the lender has not granted (or declined) 409 APPLICATION_NOT_APPROVED.',
    );
    moneyRoute(
      'refund',
      'Refund what was captured, all of it or part (as goods come back)',
      'The lender pays the customer back. Give `lines`, an `amount`, or neither for everything captured and not refunded. More than ' +
        'that answers 400; nothing captured 409 PAYMENT_STATUS_FINAL.',
    );

    api.post(
      MERCHANT_API.confirmDelivery.pattern,
      {
        schema: {
          operationId: 'confirmDelivery',
          tags: ['After the sale'],
          summary: 'Confirm a lease\'s delivery: the lease starts',
          description:
            'For a business lease the customer has signed: the leased goods were delivered (`deliveredOn`, today when left out), with the ' +
            'serial numbers of the items where the lessor asks for them. A second confirmation answers 409 PAYMENT_STATUS_FINAL; a lease ' +
            `not yet signed 409 APPLICATION_NOT_APPROVED; a consumer credit 400. A \`lease.delivery_confirmed\` webhook follows. ${MONEY_CONTRACT}`,
          params: z.object({ merchantPaymentReference: merchantPaymentReferenceSchema }),
          headers: idempotencyHeaders,
          body: confirmDeliveryRequestSchema,
          response: { 200: moneyOperationResponseSchema, 202: moneyOperationResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const merchant = requireMerchant(request);
        const answer = await requestMoneyOperation(scope, merchant, request.params.merchantPaymentReference, 'confirm-delivery', request.body, request.headers[IDEMPOTENCY_KEY_HEADER]);
        return reply.status(answer.status).send(answer.body);
      },
    );
  });
}
