/**
 * The production adapter of Resurs Bank's Merchant API 2.0 (PROVIDERS.md). It speaks the REST
 * contract over HTTP to `baseUrl`: the real API, or the sandbox simulator at
 * /sandbox/resurs-v2, which implements the same contract. Every call has a timeout, is recorded
 * against the application, and comes back as a result, never as a thrown vendor error.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { COUNTRIES, type CountryCode, type DocumentLink, normaliseNationalId, vatOfGross, vatPercentOf } from '@portal/domain';
import { createHttpClient, type HttpRequest } from '../http';
import {
  type CallContext,
  type CallGuard,
  fail,
  type InteractionRecorder,
  type LoanPricing,
  type MoneyLine,
  type MoneyOperation,
  ok,
  type PaymentMoney,
  type ProviderResult,
} from '../types';
import { accessTokens, type TokenCache, withBearer } from '../oauth-tokens';
import {
  findMoneyAction,
  GENERAL_TERMS_LINK_TYPE,
  moneyOperationAnswer,
  paymentAnswer,
  paymentMoneyAnswer,
  paymentMethodsAnswer,
  priceSignageAnswer,
  type ResursPaymentMethod,
  type ResursStore,
  SECCI_LINK_TYPES,
  searchAnswer,
  storesAnswer,
  taskStatusAnswer,
  toPayment,
  toPaymentMoney,
  toTaskStatus,
  quantityUnitOf,
  type ResursV2PaymentMoneyAnswer,
  whyNotCancellable,
} from './answers';
import { ADDRESS_LIMITS, fitBytes, ORDER_LINE_LIMITS, POSTAL_CODE, resursOrderReference, USER_AGENT_LIMIT } from './limits';
import { paymentExpected, withMeaning, withMoneyMeaning } from './refusals';
import {
  RESURS_V2_ACCOUNT_KEY_METADATA_KEY,
  RESURS_V2_PERIOD_METADATA_KEY,
  type ResursV2Client,
  type ResursV2CreatePayment,
  type ResursV2MoneyKind,
  type ResursV2Payment,
  type ResursV2PaymentMoney,
} from './types';

export type ResursV2ClientOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The store used in its own country; the other country's store is found through GET /v2/stores. */
  storeId: string;
  timeoutMs: number;
  recorder: InteractionRecorder;
  /** The process's one token cache (oauth-tokens.ts); a cache of its own when left out. */
  tokens?: TokenCache | undefined;
  guard?: CallGuard | undefined;
};

/** Stores and payment methods change rarely; Resurs' own library caches them for an hour. */
const STORES_TTL_MS = 60 * 60 * 1000;
const PAYMENT_METHODS_TTL_MS = 10 * 60 * 1000;

/**
 * `GET /v2/stores` is paged: Resurs' guide and Postman collection ask for `size=2000` (its own
 * library for 999999), so one page holds every store a client has; further pages are read where
 * the answer says there are more, up to this many.
 */
const STORES_PAGE_SIZE = 2000;
const STORES_MAX_PAGES = 10;

const QUANTITY_UNIT: Readonly<Record<CountryCode, string>> = { NO: 'stk', SE: 'st' };

/**
 * Labels of the legal documents, in the language the documents are written in (the store's):
 * the adapter does not know the reader's language, and a link that names its target in the
 * target's language is honest about what opens.
 */
const DOCUMENT_LABELS: Readonly<Record<CountryCode, { secci: string; generalTerms: string }>> = {
  NO: { secci: 'Standardisert europeisk opplysningsskjema om forbrukerkreditt (SEF)', generalTerms: 'Generelle vilkår' },
  SE: { secci: 'Standardiserad europeisk konsumentkreditinformation (SEKKI)', generalTerms: 'Allmänna villkor' },
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const segment = encodeURIComponent;

/** A value loaded once and kept for `ttlMs`; concurrent callers share one load; failures are not kept. */
function cachedLoad<T>(ttlMs: number, load: (context?: CallContext) => Promise<ProviderResult<T>>) {
  let kept: { value: T; until: number } | null = null;
  let pending: Promise<ProviderResult<T>> | null = null;
  return (context?: CallContext): Promise<ProviderResult<T>> => {
    if (kept && Date.now() < kept.until) return Promise.resolve(ok(kept.value));
    pending ??= load(context)
      .then((result) => {
        if (result.ok) kept = { value: result.value, until: Date.now() + ttlMs };
        return result;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

function isPartPaymentFor(method: ResursPaymentMethod, amount: number): boolean {
  return (
    method.type === 'RESURS_PART_PAYMENT' &&
    method.enabledForNaturalCustomer &&
    method.disabled !== true &&
    amount >= method.minPurchaseLimit &&
    amount <= method.maxPurchaseLimit
  );
}

/**
 * One of Resurs' order lines (shipped ecom `Lib/Model/Payment/Order/ActionLog/OrderLine.php`), for
 * a payment and for a capture, refund or cancel alike: amounts include VAT (a rate in percent, as
 * Resurs takes it), description and reference cut to Resurs' limits (limits.ts).
 */
function orderLine(line: { description: string; reference: string; quantity: number; unitAmountIncludingVat: number }, vatPercent: number, quantityUnit: string) {
  const total = round2(line.quantity * line.unitAmountIncludingVat);
  return {
    description: fitBytes(line.description, ORDER_LINE_LIMITS.description, '…'),
    reference: fitBytes(line.reference, ORDER_LINE_LIMITS.reference, '…'),
    quantity: line.quantity,
    quantityUnit,
    vatRate: vatPercent,
    unitAmountIncludingVat: round2(line.unitAmountIncludingVat),
    totalAmountIncludingVat: total,
    totalVatAmount: vatOfGross(total, vatPercent),
    type: 'NORMAL',
  };
}

function orderLines(input: ResursV2CreatePayment) {
  // The portal's items carry prices including the country's VAT.
  const vatPercent = vatPercentOf(input.countryCode);
  const unit = QUANTITY_UNIT[input.countryCode];
  const line = (description: string, reference: string, quantity: number, unitAmountIncludingVat: number) =>
    orderLine({ description, reference, quantity, unitAmountIncludingVat }, vatPercent, unit);
  const itemsTotal = input.items.reduce((sum, item) => sum + item.quantity * item.unitAmountIncludingVat, 0);
  if (input.items.length > 0 && Math.abs(itemsTotal - input.amount) < 0.005) {
    return input.items.map((item) => line(item.description, item.reference, item.quantity, item.unitAmountIncludingVat));
  }
  // What Resurs finances is the loan amount: when the items do not add up to it, one line does.
  const description = input.items.map((item) => item.description).join(', ') || input.orderReference;
  return [line(description, input.orderReference, 1, input.amount)];
}

/**
 * The delivery address within Resurs' limits (limits.ts): names and rows cut to fit; a postal
 * code Resurs would refuse leaves the address out (it is optional; the customer identifies on
 * Resurs' task page, where Resurs has the registered address).
 */
function deliveryAddress(input: ResursV2CreatePayment) {
  const { customer } = input;
  const [street, city, postalCode] = [customer.address, customer.city, customer.postalCode].map((value) => value?.trim());
  if (!street || !city || !postalCode || !POSTAL_CODE.test(postalCode)) return undefined;
  const name = (value: string) => fitBytes(value.trim(), ADDRESS_LIMITS.name);
  return {
    fullName: name(`${customer.firstName} ${customer.lastName}`),
    firstName: name(customer.firstName),
    lastName: name(customer.lastName),
    addressRow1: fitBytes(street, ADDRESS_LIMITS.addressRow),
    postalArea: fitBytes(city, ADDRESS_LIMITS.postalArea),
    postalCode,
    countryCode: input.countryCode,
  };
}

/** The device, as far as Resurs takes it: a valid IP address, a user agent cut to its limit. */
function deviceInfo(input: ResursV2CreatePayment) {
  const ip = input.customerIp && isIP(input.customerIp) !== 0 ? input.customerIp : undefined;
  const userAgent = input.userAgent ? fitBytes(input.userAgent, USER_AGENT_LIMIT) : undefined;
  return ip || userAgent ? { ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}) } : undefined;
}

function createPaymentBody(input: ResursV2CreatePayment, storeId: string, paymentMethodId: string) {
  const { customer } = input;
  const phone = customer.mobilePhone?.replace(/[\s()-]/g, '');
  const address = deliveryAddress(input);
  const device = deviceInfo(input);
  return {
    storeId,
    paymentMethodId,
    order: { orderReference: resursOrderReference(input.orderReference), orderLines: orderLines(input) },
    customer: {
      customerType: 'NATURAL',
      governmentId: normaliseNationalId(input.countryCode, customer.governmentId) ?? customer.governmentId.trim(),
      ...(customer.email ? { email: customer.email } : {}),
      ...(phone ? { mobilePhone: phone } : {}),
      ...(address ? { deliveryAddress: address } : {}),
      ...(device ? { deviceInfo: device } : {}),
    },
    application: { requestedCreditLimit: input.amount },
    metadata: {
      custom: [
        { key: RESURS_V2_PERIOD_METADATA_KEY, value: String(input.period) },
        ...(input.accountKey ? [{ key: RESURS_V2_ACCOUNT_KEY_METADATA_KEY, value: input.accountKey }] : []),
      ],
    },
    options: {
      initiatedOnCustomersDevice: true,
      // The portal waits for manual inspection and frozen payments itself (it polls).
      handleManualInspection: true,
      handleFrozenPayments: true,
      automaticCapture: false,
      redirectionUrls: { customer: { successUrl: input.successUrl, failUrl: input.failUrl } },
      callbacks: { authorization: { url: input.authorizationCallbackUrl } },
    },
  };
}

const isCountry = (value: string | null | undefined): value is CountryCode => value === 'NO' || value === 'SE';

/**
 * The unit the portal counts a capture's, refund's or cancel's lines in: its country's (as when
 * the payment was created), else the one the order's lines have at Resurs.
 */
function quantityUnitFor(payment: ResursV2PaymentMoneyAnswer): string {
  return isCountry(payment.countryCode) ? QUANTITY_UNIT[payment.countryCode] : (quantityUnitOf(payment) ?? QUANTITY_UNIT.SE);
}

/**
 * The body of a capture, refund or cancel (contracts: shipped ecom `Module/Payment/Api/Capture.php`,
 * `Refund.php`, `Cancel.php`): the lines when the operation has some (none: all the call can take),
 * and the portal's id of the operation where Resurs keeps a caller's reference on the action, so
 * that a retry finds it in the action log: `transactionId` on a capture or refund ("your reference
 * to the event", also in the merchant's accounting file), `creator` on a cancel, which takes no
 * transactionId.
 */
function moneyBody(kind: ResursV2MoneyKind, operation: MoneyOperation, quantityUnit: string) {
  const lines = operation.scope.kind === 'lines' ? operation.scope.lines.map((line: MoneyLine) => orderLine(line, line.vatPercent, quantityUnit)) : undefined;
  return {
    ...(lines ? { orderLines: lines } : {}),
    ...(kind === 'cancel' ? { creator: operation.operationId } : { transactionId: operation.operationId }),
  };
}

const isOperation = (value: CallContext | MoneyOperation | undefined): value is MoneyOperation => value !== undefined && 'operationId' in value;

export function createResursV2Client(options: ResursV2ClientOptions): ResursV2Client {
  const http = createHttpClient({ provider: 'resurs-v2', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, recorder: options.recorder, guard: options.guard });
  // PROVIDERS.md: `POST /oauth2/token`, scope merchant-api, lifetime 3599 s.
  const bearer = withBearer(http, accessTokens(http, { clientId: options.clientId, clientSecret: options.clientSecret, path: '/oauth2/token', scope: 'merchant-api', authentication: 'form' }, options.tokens));

  /**
   * An API call with the bearer token, its answer read with `schema` by the http client: an answer
   * without that shape is an `unreadable` failure naming the field (recorded and logged there).
   */
  async function call<T>(request: HttpRequest, schema: z.ZodType<T>): Promise<ProviderResult<T>> {
    const answer = await bearer<T>({ ...request, answer: schema });
    return answer.ok ? ok(answer.value.body) : answer;
  }

  /** call(), with the meaning of Resurs' refusals added (refusals.ts). */
  async function callMeaning<T>(request: HttpRequest, schema: z.ZodType<T>): Promise<ProviderResult<T>> {
    return withMeaning(await call(request, schema));
  }

  /** Every store of the client, page by page (STORES_PAGE_SIZE). */
  async function allStores(context?: CallContext): Promise<ProviderResult<ResursStore[]>> {
    const found: ResursStore[] = [];
    for (let page = 0; page < STORES_MAX_PAGES; page += 1) {
      const answer = await call({ operation: 'getStores', path: '/v2/stores', query: { size: STORES_PAGE_SIZE, page }, context }, storesAnswer);
      if (!answer.ok) return answer;
      found.push(...answer.value.content);
      const { page: paging } = answer.value;
      if (!paging || paging.number + 1 >= paging.totalPages || answer.value.content.length === 0) break;
    }
    return ok(found);
  }

  const stores = cachedLoad(STORES_TTL_MS, allStores);

  const methodLoaders = new Map<string, ReturnType<typeof cachedLoad<ResursPaymentMethod[]>>>();
  const paymentMethods = (storeId: string, context?: CallContext) => {
    let load = methodLoaders.get(storeId);
    if (!load) {
      load = cachedLoad(PAYMENT_METHODS_TTL_MS, async (ctx) => {
        return call({ operation: 'getPaymentMethods', path: `/v2/stores/${segment(storeId)}/payment_methods`, context: ctx }, paymentMethodsAnswer);
      });
      methodLoaders.set(storeId, load);
    }
    return load(context);
  };

  /** A Resurs store sells in one country: the configured one where it fits, else the client's store there. */
  async function storeFor(countryCode: CountryCode, context?: CallContext): Promise<ProviderResult<ResursStore>> {
    const all = await stores(context);
    if (!all.ok) return all;
    const store = all.value.find((s) => s.id === options.storeId && s.countryCode === countryCode) ?? all.value.find((s) => s.countryCode === countryCode);
    return store ? ok(store) : fail({ kind: 'refused', status: 404, code: 'NO_STORE_FOR_COUNTRY' });
  }

  async function partPaymentMethod(storeId: string, amount: number, context?: CallContext): Promise<ProviderResult<ResursPaymentMethod>> {
    const methods = await paymentMethods(storeId, context);
    if (!methods.ok) return methods;
    const method = methods.value.find((m) => isPartPaymentFor(m, amount));
    return method ? ok(method) : fail({ kind: 'refused', status: 422, code: 'NO_PART_PAYMENT_METHOD' });
  }

  async function getPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV2Payment>> {
    const answer = paymentExpected(await callMeaning({ operation: 'getPayment', path: `/v2/payments/${segment(paymentId)}`, context }, paymentAnswer));
    return answer.ok ? ok(toPayment(answer.value)) : answer;
  }

  /**
   * `POST /v2/payments/search` by order reference, as Resurs' library calls it (shipped ecom
   * `Module/Payment/Api/Search.php`); the full payment is then read. The portal's reference is
   * mapped as when the payment was created, so the search finds what the create made.
   */
  async function findInStore(storeId: string, reference: string, context?: CallContext): Promise<ProviderResult<ResursV2Payment | null>> {
    const answer = await call(
      { operation: 'searchPayments', method: 'POST', path: '/v2/payments/search', json: { storeId, orderReference: resursOrderReference(reference) }, context },
      searchAnswer,
    );
    if (!answer.ok) return answer;
    const [match] = answer.value.content;
    return match ? getPayment(match.id, context) : ok(null);
  }

  /** The payment read for its money (`GET /v2/payments/{id}`), with the answer as read for what the body needs. */
  async function readMoney(paymentId: string, context?: CallContext): Promise<ProviderResult<{ answer: ResursV2PaymentMoneyAnswer; reading: ResursV2PaymentMoney }>> {
    const answer = paymentExpected(await callMeaning({ operation: 'getPayment', path: `/v2/payments/${segment(paymentId)}`, context }, paymentMoneyAnswer));
    return answer.ok ? ok({ answer: answer.value, reading: toPaymentMoney(answer.value) }) : answer;
  }

  /**
   * A capture, refund or cancel, sent once. The payment is read first: an operation of the same id
   * already in its action log (a retry after a crash, or after a timeout that Resurs did not see as
   * one) is answered from it and not sent again; Resurs publishes nothing that would make a second
   * send with the same transactionId harmless. After a refusal, or an answer that cannot be read,
   * the payment is read again: it says whether the operation went through after all and, if not,
   * what the refusal means (refusals.ts).
   */
  async function moneyOperation(kind: ResursV2MoneyKind, paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>> {
    // Resurs' actions carry 1 to 1000 lines: no lines is not an operation (and all of it is `{ kind: 'all' }`).
    if (operation.scope.kind === 'lines' && operation.scope.lines.length === 0) return fail({ kind: 'refused', status: 400, code: 'NO_ORDER_LINES' });
    const before = await readMoney(paymentId, context);
    if (!before.ok) return before;
    if (findMoneyAction(before.value.reading, kind, operation.operationId)) return ok(before.value.reading.money);

    const sent = await call(
      { operation: `${kind}Payment`, method: 'POST', path: `/v2/payments/${segment(paymentId)}/${kind}`, json: moneyBody(kind, operation, quantityUnitFor(before.value.answer)), context },
      moneyOperationAnswer,
    );
    if (sent.ok) return ok(toPaymentMoney(sent.value).money);
    const { failure } = sent;
    // Down, busy, or not this client's payment: nothing more to learn from the payment now.
    if (failure.kind === 'unavailable' || failure.kind === 'rate-limited' || (failure.kind === 'refused' && [401, 403, 404].includes(failure.status))) return sent;
    const after = await readMoney(paymentId, context);
    if (!after.ok) return sent;
    if (findMoneyAction(after.value.reading, kind, operation.operationId)) return ok(after.value.reading.money);
    return failure.kind === 'refused' ? fail(withMoneyMeaning(kind, failure, after.value.reading)) : sent;
  }

  /** The whole payment cancelled, as before money operations existed: done when nothing is left to cancel. */
  async function cancelWhole(paymentId: string, context?: CallContext): Promise<ProviderResult<void>> {
    const path = `/v2/payments/${segment(paymentId)}`;
    // [S] Resurs answers the cancelled payment; only that the cancel went through counts here.
    const answer = await callMeaning({ operation: 'cancelPayment', method: 'POST', path: `${path}/cancel`, json: {}, context }, z.unknown());
    if (answer.ok) return ok(undefined);
    const { failure } = answer;
    if (failure.kind !== 'refused' || failure.status === 404) return answer;
    // Refused: the payment itself says whether anything was left to cancel.
    const now = await call({ operation: 'getPayment', path, context }, paymentAnswer);
    if (!now.ok) return answer;
    const why = whyNotCancellable(now.value);
    if (why === 'nothing-to-cancel') return ok(undefined);
    if (why === 'final') return fail({ ...failure, catalogue: 'PAYMENT_STATUS_FINAL' });
    return answer;
  }

  function cancelPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<void>>;
  function cancelPayment(paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>>;
  function cancelPayment(paymentId: string, second?: CallContext | MoneyOperation, third?: CallContext): Promise<ProviderResult<void> | ProviderResult<PaymentMoney>> {
    return isOperation(second) ? moneyOperation('cancel', paymentId, second, third) : cancelWhole(paymentId, second);
  }

  return {
    async probe() {
      // The stores, past the cache (a token first when none is held): what every application needs first.
      const answer = await call({ operation: 'getStores', path: '/v2/stores', query: { size: 1, page: 0 } }, storesAnswer);
      return answer.ok ? ok(undefined) : answer;
    },

    async getPricing({ countryCode, amount, period }, context) {
      const store = await storeFor(countryCode, context);
      if (!store.ok) return store;
      const method = await partPaymentMethod(store.value.id, amount, context);
      if (!method.ok) return method;
      const signage = await call(
        {
          operation: 'getPriceSignage',
          path: `/v2/stores/${segment(store.value.id)}/payment_methods/${segment(method.value.id)}/price_signage`,
          query: { amount },
          context,
        },
        priceSignageAnswer,
      );
      if (!signage.ok) return signage;
      const cost = signage.value.costList.find((c) => (c.durationMonths ?? c.months) === period);
      if (!cost) return fail({ kind: 'refused', status: 422, code: 'PERIOD_NOT_OFFERED' });

      const labels = DOCUMENT_LABELS[countryCode];
      // [?] The amount is appended as a whole number, as in Resurs' own examples of such addresses.
      const linksOfType = (types: readonly string[], label: string): DocumentLink[] =>
        (method.value.legalLinks ?? [])
          .filter((link) => types.includes(link.type))
          .map((link) => ({ url: link.appendAmount ? `${link.url}${Math.round(amount)}` : link.url, label }));
      const fromSignage = (links: { uri: string }[] | undefined, label: string): DocumentLink[] =>
        (links ?? []).map((link) => ({ url: link.uri, label }));
      const secciLinks = linksOfType(SECCI_LINK_TYPES, labels.secci);
      const generalTermsLinks = linksOfType([GENERAL_TERMS_LINK_TYPE], labels.generalTerms);

      const pricing: LoanPricing = {
        currency: COUNTRIES[countryCode].currency,
        loanAmount: amount,
        loanPeriod: period,
        // [?] totalCost is the total amount payable (Resurs' widget labels it "total").
        cost: round2(cost.totalCost - amount),
        interestRate: cost.interest,
        effectiveInterestRate: cost.effectiveInterest,
        totalMonthlyPayment: cost.monthlyCost,
        secciLinks: secciLinks.length > 0 ? secciLinks : fromSignage(signage.value.secciLinks ?? signage.value.sekkiLinks, labels.secci),
        generalTermsLinks: generalTermsLinks.length > 0 ? generalTermsLinks : fromSignage(signage.value.generalTermsLinks, labels.generalTerms),
      };
      return ok(pricing);
    },

    async createPayment(input, context) {
      const store = await storeFor(input.countryCode, context);
      if (!store.ok) return store;
      // Idempotent by order reference: a retry after a timeout finds the payment the first try made.
      const existing = await findInStore(store.value.id, input.orderReference, context);
      if (!existing.ok) return existing;
      if (existing.value) return ok(existing.value);

      const method = await partPaymentMethod(store.value.id, input.amount, context);
      if (!method.ok) return method;
      const created = paymentExpected(
        await callMeaning(
          { operation: 'createPayment', method: 'POST', path: '/v2/payments', json: createPaymentBody(input, store.value.id, method.value.id), context },
          paymentAnswer,
        ),
      );
      if (!created.ok) {
        // Someone else created it between our search and our create: answer theirs.
        if (created.failure.kind === 'refused' && created.failure.status === 409) {
          const again = await findInStore(store.value.id, input.orderReference, context);
          if (again.ok && again.value) return ok(again.value);
        }
        return created;
      }
      return ok(toPayment(created.value));
    },

    getPayment,

    async findPaymentByOrderReference(orderReference, context) {
      const all = await stores(context);
      if (!all.ok) return all;
      for (const store of all.value) {
        const found = await findInStore(store.id, orderReference, context);
        if (!found.ok || found.value) return found;
      }
      return ok(null);
    },

    async getTaskStatus(paymentId, context) {
      const answer = await callMeaning({ operation: 'getTaskStatus', path: `/v2/payments/${segment(paymentId)}/tasks/status`, context }, taskStatusAnswer);
      return answer.ok ? ok(toTaskStatus(answer.value)) : answer;
    },

    cancelPayment,

    capturePayment: (paymentId, operation, context) => moneyOperation('capture', paymentId, operation, context),

    refundPayment: (paymentId, operation, context) => moneyOperation('refund', paymentId, operation, context),

    async getPaymentMoney(paymentId, context) {
      const read = await readMoney(paymentId, context);
      return read.ok ? ok(read.value.reading) : read;
    },
  };
}
