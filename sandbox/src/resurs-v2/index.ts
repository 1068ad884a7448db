/**
 * Simulator of Resurs Bank's Merchant API 2.0, mounted at /sandbox/resurs-v2: OAuth2 client
 * credentials, stores, payment methods, price signage, payments, the customer's task page (a
 * BankID look-alike) and authorization callbacks. All state is in the sandbox store, so a flow
 * survives restarts and works across instances. README.md lists the contract and every choice.
 */
import { randomUUID } from 'node:crypto';
import formBody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import * as published from '@portal/contracts/resurs-v2/schemas';
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
  stateOf,
  type StoredPayment,
  type StoredToken,
  TOKEN_LIFETIME_SECONDS,
  TOKENS_NAMESPACE,
} from './model';
import { actionsOf, applyMoneyOperation, derivedUuid, type MoneyKind, moneyOf, type MoneyRefusal, possibleActionsOf } from './money';
import { donePage, generalTermsPage, notFoundPage, PREFIX, secciPage, taskPage } from './pages';
import { RESURS_V2_CSS } from './styles';

/** [V] `merchant-api`; the integration environment's guides also show `mock-merchant-api`. */
const ACCEPTED_SCOPES = new Set(['merchant-api', 'mock-merchant-api']);

type CreatePaymentBody = z.output<typeof published.createPaymentRequest>;

/** [?] The page size of GET /v2/stores when none is asked for (Spring's default). */
const DEFAULT_STORES_PAGE_SIZE = 20;

/**
 * [?] Refusals of particular test people when the payment is created (README.md, "Test people
 * with a refusal"): Resurs publishes no codes for them, these are ours.
 */
const CREATE_REFUSALS = {
  'other-accounts': { status: 422, code: 'CUSTOMER_OTHER_ACCOUNTS_UNCERTAIN', message: "The customer's other accounts must be looked at first: the customer should contact Resurs Bank" },
  'identification-refused': { status: 422, code: 'IDENTIFICATION_FAILED', message: 'The customer could not be identified' },
} as const;

type FieldError = { fieldName: string; message: string };

/**
 * [V] Resurs' error body (contracts/src/resurs-v2 `errorAnswer`): `{ code, message, timestamp,
 * traceId, validationErrors? }`, `code` the HTTP status as a string as in every published sample;
 * [?] a refusal of the test people keeps a code of its own (CREATE_REFUSALS).
 */
function sendError(reply: FastifyReply, status: number, message: string, options: { validationErrors?: FieldError[]; code?: string } = {}) {
  const { validationErrors, code = String(status) } = options;
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ code, message, timestamp: new Date().toISOString(), traceId: randomUUID(), ...(validationErrors ? { validationErrors } : {}) });
}

/** What breaks a published shape, one entry per field, as Resurs names them (`order.orderLines`). */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({ fieldName: issue.path.map(String).join('.') || 'body', message: issue.message }));
}

/** The request checked against Resurs' published shape: its data, or the answer refusing it (400, naming the fields). */
function checked<T extends z.ZodType>(schema: T, value: unknown, reply: FastifyReply): { data: z.output<T> } | { refused: FastifyReply } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data };
  return { refused: sendError(reply, 400, 'Validation error', { validationErrors: fieldErrors(parsed.error.issues) }) };
}

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

function requestedLanguage(request: FastifyRequest): Language | null {
  const { lang } = request.query as { lang?: unknown };
  return isLanguage(lang) ? lang : null;
}

/**
 * A payment in the published shape (contracts/src/resurs-v2 `paymentAnswer`, from Resurs' shipped
 * library): nothing it does not name. The order's lines are in the action log, as Resurs keeps them.
 */
function paymentJson(payment: StoredPayment, state: PaymentState, customerUrl: string) {
  const method = findPaymentMethod(payment.paymentMethodId);
  const accepted = state.status === 'ACCEPTED';
  const { id, created, storeId, countryCode } = payment;
  // The government id stays in the simulator: it is never answered; what is not known is left out.
  const { governmentId: _kept, ...answered } = payment.customer;
  const actions = actionsOf(payment, state);
  const money = moneyOf(payment, state, actions);
  const actionLog = [
    { actionId: derivedUuid(`${id}:create`), type: 'CREATE', created, orderLines: payment.orderLines, transactionId: null, creator: null },
    ...actions.map(({ actionId, type, created: at, orderLines, transactionId, creator }) => ({ actionId, type, created: at, orderLines, transactionId, creator })),
  ];
  return {
    id,
    created,
    storeId,
    countryCode,
    ...(method ? { paymentMethod: { name: method.name } } : {}),
    customer: Object.fromEntries(Object.entries(answered).filter(([, value]) => value !== null)),
    status: state.status,
    order: {
      orderReference: payment.orderReference,
      actionLog,
      possibleActions: possibleActionsOf(state, money).map((action) => ({ action })),
      totalOrderAmount: payment.totalAmount,
      canceledAmount: money.cancelled,
      authorizedAmount: money.authorized,
      capturedAmount: money.captured,
      refundedAmount: money.refunded,
    },
    application: {
      requestedCreditLimit: payment.requestedCreditLimit ?? payment.totalAmount,
      // [V] A whole number in Resurs' model.
      approvedCreditLimit: accepted ? Math.round(payment.totalAmount) : undefined,
      reference: payment.applicationReference,
    },
    metadata: payment.metadata ?? undefined,
    // [?] The simulator has no merchant's task: the merchant's address is the customer's page.
    taskRedirectionUrls: state.taskOpen ? { merchantUrl: customerUrl, customerUrl } : undefined,
    rejectedReason: state.rejectedReason ? { category: state.rejectedReason } : undefined,
  };
}

/** [?] A line's total is its quantity times its unit amount, where it gives one. */
function lineErrors(lines: readonly { quantity: number; unitAmountIncludingVat?: number | undefined; totalAmountIncludingVat: number }[], path: string): FieldError[] {
  return lines.flatMap((line, index) =>
    line.unitAmountIncludingVat !== undefined && Math.abs(line.unitAmountIncludingVat * line.quantity - line.totalAmountIncludingVat) > 0.01
      ? [{ fieldName: `${path}.${index}.totalAmountIncludingVat`, message: 'does not equal quantity × unitAmountIncludingVat' }]
      : [],
  );
}

/** [V] Each call after the sale, checked against its published request. */
const MONEY_REQUESTS = { capture: published.captureRequest, refund: published.refundRequest, cancel: published.cancelRequest } as const;
const MONEY_KINDS: readonly MoneyKind[] = ['capture', 'refund', 'cancel'];

/** Rules the schema cannot express; each failure names its field. */
function businessErrors(body: CreatePaymentBody): FieldError[] {
  const errors: FieldError[] = [];
  const store = findStore(body.storeId);
  if (!store) return [{ fieldName: 'storeId', message: 'unknown store' }];
  const method = methodsOfStore(store.id).find((m) => m.id === body.paymentMethodId);
  if (!method) return [{ fieldName: 'paymentMethodId', message: 'not a payment method of this store' }];
  const customerType = body.customer?.customerType ?? 'NATURAL';
  if (customerType === 'NATURAL' ? !method.enabledForNaturalCustomer : !method.enabledForLegalCustomer) {
    errors.push({ fieldName: 'customer.customerType', message: 'the payment method is not offered to this customer type' });
  }
  const governmentId = body.customer?.governmentId;
  if (governmentId && customerType === 'NATURAL' && !isValidNationalId(store.countryCode, governmentId)) {
    errors.push({ fieldName: 'customer.governmentId', message: 'not a valid national identity number' });
  }
  errors.push(...lineErrors(body.order.orderLines, 'order.orderLines'));
  const total = body.order.orderLines.reduce((sum, line) => sum + line.totalAmountIncludingVat, 0);
  if (total < method.minPurchaseLimit || total > method.maxPurchaseLimit) {
    errors.push({ fieldName: 'order.orderLines', message: `the order total must be between ${method.minPurchaseLimit} and ${method.maxPurchaseLimit}` });
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
    // [V] "if it's not provided by you it will be set by Resurs Bank".
    orderReference: body.order.orderReference ?? randomUUID().replace(/-/g, ''),
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
      return sendError(reply, 500, 'Internal error');
    }
    return sendError(reply, 400, 'The request could not be read');
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
    return { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS };
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
        return sendError(reply, 401, 'A valid access token is required');
      }
      callers.set(request, { clientId: token.clientId, country: token.country });
    });

    // [V] Paged: `size` and `page` (0-based) as asked, else one page of DEFAULT_STORES_PAGE_SIZE.
    api.get('/v2/stores', async (request, reply) => {
      const query = checked(published.storesQuery, request.query, reply);
      if ('refused' in query) return query.refused;
      const size = Math.max(1, Number(query.data.size ?? DEFAULT_STORES_PAGE_SIZE));
      const number = Math.max(0, Number(query.data.page ?? 0));
      const own = STORES.filter((store) => store.countryCode === countryOf(request));
      const content = own.slice(number * size, (number + 1) * size);
      return { content, page: { number, size, totalElements: own.length, totalPages: Math.ceil(own.length / size) } };
    });

    // [V] The list under `content`. [?] An `amount` is checked for its form and otherwise ignored.
    api.get<{ Params: { storeId: string } }>('/v2/stores/:storeId/payment_methods', async (request, reply) => {
      const query = checked(published.paymentMethodsQuery, request.query, reply);
      if ('refused' in query) return query.refused;
      const store = ownStore(request, request.params.storeId);
      if (!store) return sendError(reply, 404, 'Store not found');
      return { content: methodsOfStore(store.id).map((method) => paymentMethodJson(method, base)) };
    });

    api.get<{ Params: { storeId: string; methodId: string }; Querystring: { amount?: string } }>(
      '/v2/stores/:storeId/payment_methods/:methodId/price_signage',
      async (request, reply) => {
        const query = checked(published.priceSignageQuery, request.query, reply);
        if ('refused' in query) return query.refused;
        const method = ownStore(request, request.params.storeId) ? methodsOfStore(request.params.storeId).find((m) => m.id === request.params.methodId) : undefined;
        if (!method) return sendError(reply, 404, 'Payment method not found');
        const value = Number(query.data.amount);
        if (value <= 0) return sendError(reply, 400, 'Validation error', { validationErrors: [{ fieldName: 'amount', message: 'must be positive' }] });
        if (value < method.minPurchaseLimit || value > method.maxPurchaseLimit) {
          const message = `must be between ${method.minPurchaseLimit} and ${method.maxPurchaseLimit}`;
          return sendError(reply, 400, 'Validation error', { validationErrors: [{ fieldName: 'amount', message }] });
        }
        return priceSignageJson(method, value, base);
      },
    );

    // [V] Checked against Resurs' published request: a missing field, an unknown one or an unknown enum value is a 400 naming it.
    api.post('/v2/payments', async (request, reply) => {
      const parsed = checked(published.createPaymentRequest, request.body, reply);
      if ('refused' in parsed) return parsed.refused;
      const body = parsed.data;
      const errors = businessErrors(body);
      if (errors.length > 0) return sendError(reply, 400, 'Validation error', { validationErrors: errors });
      if (!ownStore(request, body.storeId)) return sendError(reply, 403, 'The store is not one of this client');
      const reference = body.order.orderReference;
      const existing = reference !== undefined && (await payments.findBy('orderReference', reference)).some((r) => r.data.storeId === body.storeId);
      if (existing) return sendError(reply, 409, 'A payment with this order reference exists');
      const store = findStore(body.storeId);
      const behaviour = store ? behaviourFor(store.countryCode, body.customer?.governmentId ?? null) : null;
      if (behaviour?.kind === 'other-accounts' || behaviour?.kind === 'identification-refused') {
        const refusal = CREATE_REFUSALS[behaviour.kind];
        return sendError(reply, refusal.status, refusal.message, { code: refusal.code });
      }
      // [?] Resurs answers 201 without a body: the payment the answer should carry is missing, and none is kept.
      if (behaviour?.kind === 'payment-missing') return reply.status(201).send();

      const payment = newPayment(body, callerOf(request).clientId);
      await payments.put(payment.id, payment);
      request.log.info({ paymentId: payment.id, orderReference: payment.orderReference }, 'resurs-v2 sandbox: payment created');
      return reply.status(201).send(paymentJson(payment, stateOf(payment), customerUrlOf(payment.id)));
    });

    // [V] `{ storeId, orderReference?, governmentId? }` → the matches under `content`. [?] A search by governmentId alone finds nothing here.
    api.post('/v2/payments/search', async (request, reply) => {
      const parsed = checked(published.searchRequest, request.body, reply);
      if ('refused' in parsed) return parsed.refused;
      const { storeId, orderReference } = parsed.data;
      if (!ownStore(request, storeId)) return sendError(reply, 403, 'The store is not one of this client');
      const found = orderReference
        ? (await payments.findBy('orderReference', orderReference)).map((record) => record.data).filter((payment) => payment.storeId === storeId && madeBy(request, payment))
        : [];
      found.forEach((payment) => notifier.notifyIfDue(payment));
      return { content: found.map((payment) => paymentJson(payment, stateOf(payment), customerUrlOf(payment.id))) };
    });

    api.get<{ Params: { paymentId: string } }>('/v2/payments/:paymentId', async (request, reply) => {
      const payment = await ownPayment(request, request.params.paymentId);
      if (!payment) return sendError(reply, 404, 'Payment not found');
      notifier.notifyIfDue(payment);
      return paymentJson(payment, stateOf(payment), customerUrlOf(payment.id));
    });

    // [V] Capture, refund and cancel: all the call can take, or the lines sent (README.md, "After
    // the sale"). [?] What is refused, and how: money.ts.
    for (const kind of MONEY_KINDS) {
      api.post<{ Params: { paymentId: string } }>(`/v2/payments/:paymentId/${kind}`, async (request, reply) => {
        const parsed = checked(MONEY_REQUESTS[kind], request.body ?? {}, reply);
        if ('refused' in parsed) return parsed.refused;
        const errors = lineErrors(parsed.data.orderLines ?? [], 'orderLines');
        if (errors.length > 0) return sendError(reply, 400, 'Validation error', { validationErrors: errors });
        if (!(await ownPayment(request, request.params.paymentId))) return sendError(reply, 404, 'Payment not found');
        // Decided under the record's lock, so two operations at once cannot both take the same money.
        const decided: { refusal?: MoneyRefusal } = {};
        const payment = await payments.update(request.params.paymentId, (current) => {
          if (!current) throw new Error('payment disappeared');
          const outcome = applyMoneyOperation(kind, current, stateOf(current), parsed.data, new Date().toISOString());
          if ('refused' in outcome) {
            decided.refusal = outcome.refused;
            return current;
          }
          return outcome.payment;
        });
        const { refusal } = decided;
        if (refusal) return sendError(reply, refusal.status, refusal.message, refusal.field ? { validationErrors: [refusal.field] } : {});
        const state = stateOf(payment);
        const money = moneyOf(payment, state, actionsOf(payment, state));
        request.log.info({ paymentId: payment.id, orderReference: payment.orderReference, kind, ...money }, `resurs-v2 sandbox: payment ${kind}`);
        return paymentJson(payment, state, customerUrlOf(payment.id));
      });
    }

    api.get<{ Params: { paymentId: string } }>('/v2/payments/:paymentId/tasks/status', async (request, reply) => {
      const payment = await ownPayment(request, request.params.paymentId);
      if (!payment) return sendError(reply, 404, 'Payment not found');
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
