/**
 * Simulator of Resurs Bank's Merchant API 2.0, mounted at /sandbox/resurs-v2: OAuth2 client
 * credentials, stores, payment methods, price signage, payments, the customer's task page (a
 * BankID look-alike) and authorization callbacks. All state is in the sandbox store, so a flow
 * survives restarts and works across instances. README.md lists the contract and every choice.
 */
import { randomUUID } from 'node:crypto';
import formBody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CountryCode, isLanguage, isValidNationalId, type Language, languageFromAcceptLanguage } from '@portal/domain';
import { randomToken, safeEqual, sha256Hex } from '../lib/tokens';
import type { SandboxContext } from '../context';
import { callbackNotifier } from './callbacks';
import {
  costsFor,
  countryOfMethod,
  currencyOf,
  DOCUMENT_KINDS,
  documentUrl,
  findPaymentMethod,
  findStore,
  languageOf,
  methodsOfStore,
  paymentMethodJson,
  priceSignageJson,
  STORES,
} from './catalogue';
import {
  behaviourFor,
  customerName,
  maskedGovernmentId,
  PAYMENTS_NAMESPACE,
  PERIOD_METADATA_KEY,
  type PaymentState,
  possibleActionsOf,
  stateOf,
  type StoredPayment,
  type StoredToken,
  TOKEN_LIFETIME_SECONDS,
  TOKENS_NAMESPACE,
} from './model';
import { donePage, generalTermsPage, notFoundPage, PREFIX, secciPage, taskPage } from './pages';
import { RESURS_V2_CSS } from './styles';

/** [V] `merchant-api`; the integration environment's guides also show `mock-merchant-api`. */
const ACCEPTED_SCOPES = new Set(['merchant-api', 'mock-merchant-api']);

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const amount = z
  .number()
  .min(-9_999_999_999.99)
  .max(9_999_999_999.99)
  .refine(twoDecimals, 'at most two decimals');
const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);
const redirection = z.object({ successUrl: httpUrl, failUrl: httpUrl });

const createPaymentSchema = z.object({
  storeId: z.string().min(1).max(64),
  paymentMethodId: z.string().min(1).max(64),
  order: z.object({
    orderReference: z.string().regex(/^[\w-]{1,36}$/, '1 to 36 letters, digits, - or _'),
    orderLines: z
      .array(
        z.object({
          description: z.string().max(50).optional(),
          reference: z.string().max(50).optional(),
          quantity: z.number().positive().max(9_999_999_999.99).refine(twoDecimals, 'at most two decimals'),
          quantityUnit: z.string().min(1).max(50),
          vatRate: z.number().min(0).max(99.99),
          unitAmountIncludingVat: amount.optional(),
          totalAmountIncludingVat: amount,
          totalVatAmount: amount.optional(),
          type: z
            .enum(['NORMAL', 'PHYSICAL_GOODS', 'DIGITAL_GOODS', 'DISCOUNT', 'SHIPPING', 'FEE', 'GIFT_CARD', 'OTHER_PAYMENT'])
            .optional(),
        }),
      )
      .min(1)
      .max(1000),
  }),
  customer: z
    .object({
      customerType: z.enum(['NATURAL', 'LEGAL']),
      governmentId: z.string().min(1).max(20).optional(),
      email: z.email().max(254).optional(),
      mobilePhone: z.string().regex(/^\+?\d{6,15}$/, 'digits only, optionally after +').optional(),
      contactPerson: z.string().max(100).optional(),
      deliveryAddress: z
        .object({
          fullName: z.string().min(1).max(250),
          firstName: z.string().max(100).optional(),
          lastName: z.string().max(100).optional(),
          addressRow1: z.string().min(1).max(200),
          addressRow2: z.string().max(200).optional(),
          postalArea: z.string().min(1).max(100),
          postalCode: z.string().min(1).max(10),
          countryCode: z.string().regex(/^[A-Z]{2}$/),
        })
        .optional(),
      deviceInfo: z.object({ ip: z.string().max(45).optional(), userAgent: z.string().max(500).optional() }).optional(),
    })
    .optional(),
  application: z.object({ requestedCreditLimit: z.number().positive().optional() }).optional(),
  metadata: z
    .object({
      creator: z.string().max(50).optional(),
      custom: z.array(z.object({ key: z.string().min(1).max(50), value: z.string().max(200) })).max(20).optional(),
    })
    .optional(),
  options: z
    .object({
      initiatedOnCustomersDevice: z.boolean().optional(),
      handleManualInspection: z.boolean().optional(),
      handleFrozenPayments: z.boolean().optional(),
      automaticCapture: z.boolean().optional(),
      timeToLiveInMinutes: z.number().int().min(1).max(43_200).optional(),
      redirectionUrls: z
        .object({ customer: redirection.optional(), merchant: redirection.optional(), coApplicant: redirection.optional() })
        .optional(),
      callbacks: z
        .object({
          authorization: z.object({ url: httpUrl, description: z.string().max(100).optional() }).optional(),
          management: z.object({ url: httpUrl, description: z.string().max(100).optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
});
type CreatePaymentBody = z.infer<typeof createPaymentSchema>;

const searchSchema = z.object({ storeId: z.string().min(1).max(64), orderReference: z.string().min(1).max(36) });

/** [S] The cancel body as Resurs' library sends it: nothing (everything), or the lines to cancel. */
const cancelSchema = z.object({ orderLines: z.array(z.unknown()).optional(), creator: z.string().max(50).optional() });

/**
 * [?] Refusals of particular test people when the payment is created (README.md, "Test people
 * with a refusal"): Resurs publishes no codes for them, these are ours.
 */
const CREATE_REFUSALS = {
  'other-accounts': { status: 422, code: 'CUSTOMER_OTHER_ACCOUNTS_UNCERTAIN', message: "The customer's other accounts must be looked at first: the customer should contact Resurs Bank" },
  'identification-refused': { status: 422, code: 'IDENTIFICATION_FAILED', message: 'The customer could not be identified' },
} as const;

type FieldError = { field: string; message: string };

/** [?] Resurs' error body as its PHP library reads it: traceId, code, message, timestamp. */
function sendError(reply: FastifyReply, status: number, code: string, message: string, errors?: FieldError[]) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ traceId: randomUUID(), code, message, timestamp: new Date().toISOString(), ...(errors ? { errors } : {}) });
}

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

function requestedLanguage(request: FastifyRequest): Language | null {
  const { lang } = request.query as { lang?: unknown };
  return isLanguage(lang) ? lang : null;
}

function paymentJson(payment: StoredPayment, state: PaymentState, customerUrl: string) {
  const method = findPaymentMethod(payment.paymentMethodId);
  const accepted = state.status === 'ACCEPTED';
  const { id, created, storeId, countryCode } = payment;
  // The government id stays in the simulator: it is never answered; what is not known is left out.
  const { governmentId: _kept, ...answered } = payment.customer;
  return {
    id,
    created,
    storeId,
    countryCode,
    paymentMethod: method ? { id: method.id, name: method.name, type: method.type } : { id: payment.paymentMethodId },
    customer: Object.fromEntries(Object.entries(answered).filter(([, value]) => value !== null)),
    status: state.status,
    order: {
      orderReference: payment.orderReference,
      orderLines: payment.orderLines,
      totalOrderAmount: payment.totalAmount,
      authorizedAmount: accepted && !state.captured ? payment.totalAmount : 0,
      capturedAmount: state.captured ? payment.totalAmount : 0,
      canceledAmount: state.rejectedReason === 'CANCELED' ? payment.totalAmount : 0,
      refundedAmount: 0,
      actionLog: [],
      possibleActions: possibleActionsOf(state).map((action) => ({ action })),
    },
    application: {
      requestedCreditLimit: payment.requestedCreditLimit ?? payment.totalAmount,
      approvedCreditLimit: accepted ? payment.totalAmount : undefined,
      reference: payment.applicationReference,
    },
    metadata: payment.metadata ?? undefined,
    taskRedirectionUrls: state.taskOpen ? { customerUrl } : undefined,
    rejectedReason: state.rejectedReason ? { category: state.rejectedReason } : undefined,
  };
}

/** Rules the schema cannot express; each failure names its field. */
function businessErrors(body: CreatePaymentBody): FieldError[] {
  const errors: FieldError[] = [];
  const store = findStore(body.storeId);
  if (!store) return [{ field: 'storeId', message: 'unknown store' }];
  const method = methodsOfStore(store.id).find((m) => m.id === body.paymentMethodId);
  if (!method) return [{ field: 'paymentMethodId', message: 'not a payment method of this store' }];
  const customerType = body.customer?.customerType ?? 'NATURAL';
  if (customerType === 'NATURAL' ? !method.enabledForNaturalCustomer : !method.enabledForLegalCustomer) {
    errors.push({ field: 'customer.customerType', message: 'the payment method is not offered to this customer type' });
  }
  const governmentId = body.customer?.governmentId;
  if (governmentId && customerType === 'NATURAL' && !isValidNationalId(store.countryCode, governmentId)) {
    errors.push({ field: 'customer.governmentId', message: 'not a valid national identity number' });
  }
  body.order.orderLines.forEach((line, index) => {
    if (line.unitAmountIncludingVat !== undefined && Math.abs(line.unitAmountIncludingVat * line.quantity - line.totalAmountIncludingVat) > 0.01) {
      errors.push({ field: `order.orderLines.${index}.totalAmountIncludingVat`, message: 'does not equal quantity × unitAmountIncludingVat' });
    }
  });
  const total = body.order.orderLines.reduce((sum, line) => sum + line.totalAmountIncludingVat, 0);
  if (total < method.minPurchaseLimit || total > method.maxPurchaseLimit) {
    errors.push({ field: 'order.orderLines', message: `the order total must be between ${method.minPurchaseLimit} and ${method.maxPurchaseLimit}` });
  }
  if (body.options?.automaticCapture && body.options.handleFrozenPayments) {
    errors.push({ field: 'options.automaticCapture', message: 'cannot be true when handleFrozenPayments is true' });
  }
  return errors;
}

function newPayment(body: CreatePaymentBody, clientId: string): StoredPayment {
  const store = findStore(body.storeId);
  const method = findPaymentMethod(body.paymentMethodId);
  if (!store || !method) throw new Error('checked before');
  const customer = body.customer;
  const periodValue = body.metadata?.custom?.find((entry) => entry.key === PERIOD_METADATA_KEY)?.value;
  const period = periodValue !== undefined && /^\d{1,3}$/.test(periodValue) ? Number(periodValue) : null;
  const total = Math.round(body.order.orderLines.reduce((sum, line) => sum + line.totalAmountIncludingVat, 0) * 100) / 100;
  return {
    id: randomUUID(),
    created: new Date().toISOString(),
    clientId,
    storeId: store.id,
    countryCode: store.countryCode,
    paymentMethodId: method.id,
    orderReference: body.order.orderReference,
    orderLines: body.order.orderLines,
    totalAmount: total,
    customer: {
      customerType: customer?.customerType ?? 'NATURAL',
      governmentId: customer?.governmentId ?? null,
      email: customer?.email ?? null,
      mobilePhone: customer?.mobilePhone ?? null,
      contactPerson: customer?.contactPerson ?? null,
      deliveryAddress: customer?.deliveryAddress ?? null,
      deviceInfo: customer?.deviceInfo ?? null,
    },
    requestedCreditLimit: body.application?.requestedCreditLimit ?? null,
    applicationReference: 10_000_000 + Math.floor(Math.random() * 89_999_999),
    metadata: body.metadata ?? null,
    period: period !== null && method.terms?.periods.includes(period) ? period : null,
    options: {
      initiatedOnCustomersDevice: body.options?.initiatedOnCustomersDevice ?? false,
      handleManualInspection: body.options?.handleManualInspection ?? false,
      handleFrozenPayments: body.options?.handleFrozenPayments ?? false,
      automaticCapture: body.options?.automaticCapture ?? false,
      timeToLiveInMinutes: body.options?.timeToLiveInMinutes ?? null,
      successUrl: body.options?.redirectionUrls?.customer?.successUrl ?? null,
      failUrl: body.options?.redirectionUrls?.customer?.failUrl ?? null,
      authorizationCallbackUrl: body.options?.callbacks?.authorization?.url ?? null,
      managementCallbackUrl: body.options?.callbacks?.management?.url ?? null,
    },
    task: { state: 'OPEN' },
    callbacksSent: [],
  };
}

export default async function resursV2Simulator(app: FastifyInstance, context: SandboxContext) {
  const payments = context.records.store<StoredPayment>(PAYMENTS_NAMESPACE);
  const tokens = context.records.store<StoredToken>(TOKENS_NAMESPACE);
  const base = `${context.publicUrl}${PREFIX}`;
  const customerUrlOf = (paymentId: string) => `${base}/task/${paymentId}`;
  const notifier = callbackNotifier(app, payments);

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    await app.register(formBody, { bodyLimit: 4096 });
  }

  // Answers in Resurs' error shape rather than the portal's: this stands for another company.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'resurs-v2 sandbox: request failed');
      return sendError(reply, 500, 'INTERNAL_ERROR', 'Internal error');
    }
    return sendError(reply, 400, 'BAD_REQUEST', 'The request could not be read');
  });

  app.get('/resurs.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(RESURS_V2_CSS),
  );

  app.post('/oauth2/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    reply.header('Cache-Control', 'no-store');
    if (field('grant_type') !== 'client_credentials') {
      return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
    }
    // Every account is compared, so the answer takes as long whichever one (if any) matches.
    const matches = context.clients.resursV2.accounts.map((account) => safeEqual(field('client_id'), account.clientId) && safeEqual(field('client_secret'), account.clientSecret));
    const account = context.clients.resursV2.accounts[matches.indexOf(true)];
    if (!account) {
      return reply.status(401).send({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const scope = field('scope');
    if (!scope.split(/\s+/).some((s) => ACCEPTED_SCOPES.has(s))) {
      return reply.status(400).send({ error: 'invalid_scope', error_description: 'scope must be merchant-api' });
    }
    const accessToken = randomToken(32);
    await tokens.put(sha256Hex(accessToken), { clientId: account.clientId, country: account.country, scope, issuedAt: new Date().toISOString() }, TOKEN_LIFETIME_SECONDS);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS, scope };
  });

  // The Merchant API proper: every call needs a token this simulator issued and that has not expired.
  await app.register(async (api) => {
    /**
     * Each account is issued for one country: it sees that country's stores, and the payments it
     * made itself (another shop's account in the same store does not see them).
     */
    const callers = new WeakMap<FastifyRequest, { clientId: string; country: CountryCode }>();
    const callerOf = (request: FastifyRequest) => callers.get(request) ?? { clientId: '', country: undefined };
    const countryOf = (request: FastifyRequest): CountryCode | undefined => callerOf(request).country;
    const ownStore = (request: FastifyRequest, storeId: string) => {
      const store = findStore(storeId);
      return store && store.countryCode === countryOf(request) ? store : undefined;
    };
    const madeBy = (request: FastifyRequest, payment: StoredPayment) =>
      Boolean(ownStore(request, payment.storeId)) && (payment.clientId === undefined || payment.clientId === callerOf(request).clientId);
    const ownPayment = async (request: FastifyRequest, paymentId: string) => {
      const payment = await payments.get(paymentId);
      return payment && madeBy(request, payment) ? payment : null;
    };

    api.addHook('onRequest', async (request, reply) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const token = match?.[1] ? await tokens.get(sha256Hex(match[1])) : null;
      // A token issued before accounts had a country cannot say which stores are its client's.
      if (!token?.country) {
        reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        return sendError(reply, 401, 'UNAUTHORIZED', 'A valid access token is required');
      }
      callers.set(request, { clientId: token.clientId, country: token.country });
    });

    api.get('/v2/stores', async (request) => {
      const own = STORES.filter((store) => store.countryCode === countryOf(request));
      return { content: own, page: { number: 0, size: own.length, totalElements: own.length, totalPages: 1 } };
    });

    api.get<{ Params: { storeId: string } }>('/v2/stores/:storeId/payment_methods', async (request, reply) => {
      const store = ownStore(request, request.params.storeId);
      if (!store) return sendError(reply, 404, 'NOT_FOUND', 'Store not found');
      return { paymentMethods: methodsOfStore(store.id).map((method) => paymentMethodJson(method, base)) };
    });

    api.get<{ Params: { storeId: string; methodId: string }; Querystring: { amount?: string } }>(
      '/v2/stores/:storeId/payment_methods/:methodId/price_signage',
      async (request, reply) => {
        const method = ownStore(request, request.params.storeId) ? methodsOfStore(request.params.storeId).find((m) => m.id === request.params.methodId) : undefined;
        if (!method) return sendError(reply, 404, 'NOT_FOUND', 'Payment method not found');
        const value = Number(request.query.amount);
        if (!request.query.amount || !Number.isFinite(value) || value <= 0) {
          return sendError(reply, 400, 'BAD_REQUEST', 'amount must be a positive number', [{ field: 'amount', message: 'required' }]);
        }
        if (value < method.minPurchaseLimit || value > method.maxPurchaseLimit) {
          return sendError(reply, 400, 'AMOUNT_OUT_OF_RANGE', `amount must be between ${method.minPurchaseLimit} and ${method.maxPurchaseLimit}`);
        }
        return priceSignageJson(method, value, base);
      },
    );

    api.post('/v2/payments', async (request, reply) => {
      const parsed = createPaymentSchema.safeParse(request.body);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
        return sendError(reply, 400, 'VALIDATION_ERROR', 'The request is not valid', errors);
      }
      const body = parsed.data;
      const errors = businessErrors(body);
      if (errors.length > 0) return sendError(reply, 400, 'VALIDATION_ERROR', 'The request is not valid', errors);
      if (!ownStore(request, body.storeId)) return sendError(reply, 403, 'FORBIDDEN', 'The store is not one of this client');
      const existing = (await payments.findBy('orderReference', body.order.orderReference)).some((r) => r.data.storeId === body.storeId);
      if (existing) return sendError(reply, 409, 'DUPLICATE_ORDER_REFERENCE', 'A payment with this order reference exists');
      const store = findStore(body.storeId);
      const behaviour = store ? behaviourFor(store.countryCode, body.customer?.governmentId ?? null) : null;
      if (behaviour?.kind === 'other-accounts' || behaviour?.kind === 'identification-refused') {
        const refusal = CREATE_REFUSALS[behaviour.kind];
        return sendError(reply, refusal.status, refusal.code, refusal.message);
      }
      // [?] Resurs answers 201 without a body: the payment the answer should carry is missing, and none is kept.
      if (behaviour?.kind === 'payment-missing') return reply.status(201).send();

      const payment = newPayment(body, callerOf(request).clientId);
      await payments.put(payment.id, payment);
      request.log.info({ paymentId: payment.id, orderReference: payment.orderReference }, 'resurs-v2 sandbox: payment created');
      return reply.status(201).send(paymentJson(payment, stateOf(payment), customerUrlOf(payment.id)));
    });

    api.post('/v2/payments/search', async (request, reply) => {
      const parsed = searchSchema.safeParse(request.body);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
        return sendError(reply, 400, 'VALIDATION_ERROR', 'The request is not valid', errors);
      }
      if (!ownStore(request, parsed.data.storeId)) return sendError(reply, 403, 'FORBIDDEN', 'The store is not one of this client');
      const found = (await payments.findBy('orderReference', parsed.data.orderReference))
        .map((record) => record.data)
        .filter((payment) => payment.storeId === parsed.data.storeId && madeBy(request, payment));
      found.forEach((payment) => notifier.notifyIfDue(payment));
      return {
        content: found.map((payment) => paymentJson(payment, stateOf(payment), customerUrlOf(payment.id))),
        page: { number: 0, size: found.length, totalElements: found.length, totalPages: 1 },
      };
    });

    api.get<{ Params: { paymentId: string } }>('/v2/payments/:paymentId', async (request, reply) => {
      const payment = await ownPayment(request, request.params.paymentId);
      if (!payment) return sendError(reply, 404, 'NOT_FOUND', 'Payment not found');
      notifier.notifyIfDue(payment);
      return paymentJson(payment, stateOf(payment), customerUrlOf(payment.id));
    });

    // [V] Cancels the payment: nothing will be paid out. [?] Only the whole payment; the open task
    // closes too. Possible until it is captured or rejected (possibleActions says CANCEL).
    api.post<{ Params: { paymentId: string } }>('/v2/payments/:paymentId/cancel', async (request, reply) => {
      const parsed = cancelSchema.safeParse(request.body ?? {});
      if (!parsed.success) return sendError(reply, 400, 'VALIDATION_ERROR', 'The request is not valid');
      if (parsed.data.orderLines && parsed.data.orderLines.length > 0) {
        return sendError(reply, 400, 'VALIDATION_ERROR', 'The request is not valid', [{ field: 'orderLines', message: 'partial cancellation is not simulated' }]);
      }
      if (!(await ownPayment(request, request.params.paymentId))) return sendError(reply, 404, 'NOT_FOUND', 'Payment not found');
      let allowed = true;
      const payment = await payments.update(request.params.paymentId, (current) => {
        if (!current) throw new Error('payment disappeared');
        allowed = possibleActionsOf(stateOf(current)).includes('CANCEL');
        return allowed ? { ...current, cancelledAt: new Date().toISOString() } : current;
      });
      if (!allowed) return sendError(reply, 409, 'ACTION_NOT_ALLOWED', 'The payment cannot be cancelled in its current state');
      request.log.info({ paymentId: payment.id, orderReference: payment.orderReference }, 'resurs-v2 sandbox: payment cancelled');
      return paymentJson(payment, stateOf(payment), customerUrlOf(payment.id));
    });

    api.get<{ Params: { paymentId: string } }>('/v2/payments/:paymentId/tasks/status', async (request, reply) => {
      const payment = await ownPayment(request, request.params.paymentId);
      if (!payment) return sendError(reply, 404, 'NOT_FOUND', 'Payment not found');
      const state = stateOf(payment);
      notifier.notifyIfDue(payment);
      return {
        completed: !state.taskOpen,
        customer: state.taskOpen ? { customerUrl: customerUrlOf(payment.id), hasActiveTask: true } : undefined,
      };
    });
  });

  // The customer's side: the task page and the documents, reached by the browser.
  const languageFor = (request: FastifyRequest, payment: StoredPayment | null) =>
    requestedLanguage(request) ?? (payment ? languageOf(payment.countryCode) : languageFromAcceptLanguage(request.headers['accept-language']));

  /** Where the customer goes once the task is over, and what the page says if there is nowhere. */
  const afterTask = (payment: StoredPayment) => {
    const state = stateOf(payment);
    // Cancelled by the merchant: the application is off, whatever the customer did.
    if (payment.cancelledAt) return { kind: 'aborted' as const, url: payment.options.failUrl, state };
    if (payment.task.state === 'SIGNED') return { kind: 'signed' as const, url: payment.options.successUrl, state };
    if (payment.task.state === 'ABORTED') return { kind: 'aborted' as const, url: payment.options.failUrl, state };
    return { kind: 'expired' as const, url: payment.options.failUrl, state };
  };

  app.get<{ Params: { paymentId: string } }>('/task/:paymentId', async (request, reply) => {
    const payment = await payments.get(request.params.paymentId);
    const lang = languageFor(request, payment);
    if (!payment) return sendHtml(reply, notFoundPage(lang, `${PREFIX}/task/${request.params.paymentId}`), 404);
    const state = stateOf(payment);
    notifier.notifyIfDue(payment);
    if (!state.taskOpen) {
      const after = afterTask(payment);
      return sendHtml(reply, donePage(lang, payment.id, payment.countryCode, after.kind, after.url));
    }
    const method = findPaymentMethod(payment.paymentMethodId);
    const store = findStore(payment.storeId);
    const cost = method && payment.period !== null ? costsFor(method, payment.totalAmount).find((c) => c.durationMonths === payment.period) : undefined;
    return sendHtml(
      reply,
      taskPage(lang, {
        paymentId: payment.id,
        country: payment.countryCode,
        currency: currencyOf(payment.countryCode),
        storeName: store?.name ?? '',
        amount: payment.totalAmount,
        period: payment.period,
        monthlyCost: cost?.monthlyCost ?? null,
        name: customerName(payment),
        maskedId: maskedGovernmentId(payment.customer.governmentId),
        secciUrl: method?.terms ? `${documentUrl(base, 'secci', method)}${payment.totalAmount}` : null,
        generalTermsUrl: method ? documentUrl(base, 'general-terms', method) : null,
      }),
    );
  });

  const completeTask = (action: 'approve' | 'cancel') => async (request: FastifyRequest<{ Params: { paymentId: string } }>, reply: FastifyReply) => {
    const { paymentId } = request.params;
    const before = await payments.get(paymentId);
    if (!before) return sendHtml(reply, notFoundPage(languageFor(request, null), `${PREFIX}/task/${paymentId}`), 404);
    let changed = false;
    const payment = await payments.update(paymentId, (current) => {
      const record = current ?? before;
      if (!stateOf(record).taskOpen) return record;
      changed = true;
      const completedAt = new Date().toISOString();
      return {
        ...record,
        task:
          action === 'approve'
            ? { state: 'SIGNED', completedAt, decision: behaviourFor(record.countryCode, record.customer.governmentId) }
            : { state: 'ABORTED', completedAt },
      };
    });
    if (changed) {
      request.log.info(
        { paymentId, orderReference: payment.orderReference, status: stateOf(payment).status },
        action === 'approve' ? 'resurs-v2 sandbox: customer signed' : 'resurs-v2 sandbox: customer cancelled',
      );
      // The redirect does not wait for the callback.
      void notifier.notify(paymentId);
    }
    const after = afterTask(payment);
    if (!after.url) return sendHtml(reply, donePage(languageFor(request, payment), payment.id, payment.countryCode, after.kind, null));
    return reply.redirect(after.url, 303);
  };
  app.post('/task/:paymentId/approve', completeTask('approve'));
  app.post('/task/:paymentId/cancel', completeTask('cancel'));

  app.get<{ Params: { kind: string; methodId: string }; Querystring: { amount?: string } }>(
    '/documents/:kind/:methodId',
    async (request, reply) => {
      const method = findPaymentMethod(request.params.methodId);
      const kind = DOCUMENT_KINDS.find((k) => k === request.params.kind);
      const path = `${PREFIX}/documents/${request.params.kind}/${request.params.methodId}`;
      if (!method || !kind) return sendHtml(reply, notFoundPage(languageFor(request, null), path), 404);
      const country = countryOfMethod(method);
      const lang = requestedLanguage(request) ?? languageOf(country);
      if (kind === 'general-terms') return sendHtml(reply, generalTermsPage(lang, country, path));
      const value = Number(request.query.amount);
      const amountGiven = request.query.amount !== undefined && Number.isFinite(value) && value > 0 && value <= 10_000_000;
      return sendHtml(
        reply,
        secciPage(lang, {
          country,
          currency: currencyOf(country),
          amount: amountGiven ? value : null,
          costs: amountGiven ? costsFor(method, value) : [],
          path: amountGiven ? `${path}?amount=${value}` : path,
        }),
      );
    },
  );
}
