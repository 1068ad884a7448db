/**
 * The Resurs v1 adapter: Simplified Shop Flow (SOAP) for pricing, booking and signing, and
 * AfterShopFlow for the payment afterwards: getPayment to follow it and read its money,
 * finalizePayment, creditPayment and annulPayment to capture, refund and cancel it (whole or by
 * order line). It calls only operations Resurs publishes (contract.ts). It answers results, never
 * throws vendor errors; what Resurs' refusals mean is read in refusals.ts. In sandbox mode its base
 * URL is the simulator on this server.
 */
import { z } from 'zod';
import { COUNTRIES, type CountryCode, type DocumentLink, vatOnNet } from '@portal/domain';
import {
  type CallContext,
  type CallGuard,
  fail,
  type InteractionRecorder,
  type MoneyOperation,
  ok,
  type PaymentMoney,
  type ProviderResult,
} from '../types';
import { findMoneyDiff, moneyOf, openSpec, RESURS_V1_DIFF_TYPES, type ResursV1MoneyMove, type ResursV1PaymentDiff, type ResursV1Spec, specOfLines } from './money';
import { classifyLegalLinks, type CostColumn, loanFigures, readCostColumn } from './pricing';
import { paymentExpected, refusal } from './refusals';
import { createSoapTransport } from './soap-transport';
import { METADATA_KEYS } from './contract';
import {
  RESURS_V1_STATUSES,
  type ResursV1Booking,
  type ResursV1BookPayment,
  type ResursV1Client,
  type ResursV1PaymentMoney,
  type ResursV1Status,
  type ResursV1Terms,
} from './types';

export type ResursV1ClientOptions = {
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs: number;
  recorder: InteractionRecorder;
  guard?: CallGuard | undefined;
};

/** Resurs says payment methods may be cached for 24 hours. */
const PAYMENT_METHODS_TTL_MS = 24 * 60 * 60 * 1000;

/** Elements that may repeat come as one object when there is one, and not at all when none. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]), z.array(item));
const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const number = z.coerce.number().finite();

/**
 * A payment method as the adapter needs it. `type` is deprecated in Resurs' documentation
 * (api-types/paymentmethod.md): read when present, never required; specificType says what the
 * method is (INVOICE, CARD, REVOLVING_CREDIT, PART_PAYMENT).
 */
const paymentMethod = z.object({
  id: z.string(),
  description: z.string().optional(),
  legalInfoLinks: list(z.object({ appendPriceLast: bool, endUserDescription: z.string(), url: z.string() })),
  minLimit: number,
  maxLimit: number,
  type: z.string().nullish(),
  customerType: list(z.string()),
  specificType: z.string(),
});
type PaymentMethod = z.output<typeof paymentMethod>;

/** An element that came empty (node-soap reads it as nothing) has no children. */
const answer = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);
const paymentMethodsAnswer = answer(z.object({ return: list(paymentMethod) }));
const annuityFactorsAnswer = answer(
  z.object({ return: list(z.object({ factor: number, duration: z.coerce.number().int(), paymentPlanName: z.string().optional() })) }),
);
const costOfPurchaseAnswer = answer(z.object({ return: z.string().min(1) }));
/** The cost table's column for the period: a table without it is an answer the adapter cannot read. */
const costColumnAnswer = (period: number) =>
  costOfPurchaseAnswer.transform((value, context): CostColumn => {
    const read = readCostColumn(value.return, period);
    if (read.ok) return read.column;
    context.addIssue({ code: 'custom', path: ['return', ...read.path], message: 'not in the cost table' });
    return z.NEVER;
  });
const bookingAnswer = answer(
  z.object({
    return: z.object({
      paymentId: z.coerce.string(),
      bookPaymentStatus: z.enum(RESURS_V1_STATUSES),
      signingUrl: z.string().nullish(),
      approvedAmount: number.nullish(),
    }),
  }),
);
/** A specLine of a payment diff; `unitMeasure` may come empty (`<unitMeasure/>`, crediting.md's example). */
const specLineAnswer = z.object({
  artNo: z.coerce.string(),
  description: z.string().nullish(),
  quantity: number,
  unitMeasure: z.string().nullish(),
  unitAmountWithoutVat: number,
  vatPct: number,
  totalVatAmount: number,
  totalAmount: number,
});
/** xs:dateTime, which node-soap reads as a Date when the WSDL types it so. */
const dateTime = z.union([z.date(), z.string()]).transform((value) => (value instanceof Date ? value.toISOString() : value));
/** A payment diff: what the adapter needs of Resurs' paymentDiff (the amount, the lines, the caller's ids). */
const paymentDiffAnswer = z.object({
  type: z.enum(RESURS_V1_DIFF_TYPES),
  transactionId: z.coerce.string().nullish(),
  created: dateTime.nullish(),
  createdBy: z.coerce.string().nullish(),
  paymentSpec: z.object({ specLines: list(specLineAnswer), totalAmount: number }),
});
const paymentAnswer = answer(
  z.object({
    return: z.object({
      id: z.coerce.string(),
      limit: number.nullish(),
      totalAmount: number,
      paymentDiffs: list(paymentDiffAnswer),
      customer: z.object({ address: z.object({ country: z.string().nullish() }).nullish() }).nullish(),
      frozen: bool,
      status: list(z.string()),
    }),
  }),
);
type PaymentAnswer = z.output<typeof paymentAnswer>;
/** The responses of annulPayment, finalizePayment and creditPayment are empty: only that they came back counts. */
const emptyAnswer = z.unknown();

/** Resurs speaks ISO 639-1 with `no` for Norwegian. */
const resursLanguage = (countryCode: CountryCode) => (COUNTRIES[countryCode].language === 'nb' ? 'no' : COUNTRIES[countryCode].language);

/**
 * The payment method the portal sells: Resurs' part payment, or else a revolving credit (an
 * account paid in instalments), by specificType; the deprecated type where that is all there is.
 */
function partPayment(methods: readonly PaymentMethod[]): PaymentMethod | undefined {
  const natural = methods.filter((m) => m.customerType.length === 0 || m.customerType.includes('NATURAL'));
  return (
    natural.find((m) => m.specificType === 'PART_PAYMENT') ??
    natural.find((m) => m.specificType === 'REVOLVING_CREDIT') ??
    natural.find((m) => m.type === 'REVOLVING_CREDIT')
  );
}

const escapeHtml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A legal link as Resurs says to show one: `<a href="url">endUserDescription</a>` (api-types/weblink.md). */
const linkParagraph = (link: DocumentLink) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A spec line's unit: "stk" in Norwegian, "st" in Swedish, as Resurs' examples write it. */
const unitMeasureOf = (countryCode: string | null | undefined) => (countryCode === 'NO' ? 'stk' : 'st');

function specLines(input: ResursV1BookPayment) {
  const unitMeasure = unitMeasureOf(input.countryCode);
  return input.items.map((item, index) => {
    const net = item.quantity * item.unitAmountWithoutVat;
    const vat = vatOnNet(net, item.vatPct);
    return {
      id: String(index + 1),
      artNo: item.artNo,
      description: item.description,
      quantity: item.quantity,
      unitMeasure,
      unitAmountWithoutVat: item.unitAmountWithoutVat,
      vatPct: item.vatPct,
      totalVatAmount: vat,
      totalAmount: round2(net + vat),
    };
  });
}

/** Leaves out what is not known: an empty element would be a value to Resurs. */
function present<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined && value !== '')) as Partial<T>;
}

function toBooking(answer: z.output<typeof bookingAnswer>): ResursV1Booking {
  const result = answer.return;
  return {
    paymentId: result.paymentId,
    status: result.bookPaymentStatus,
    signingUrl: result.bookPaymentStatus === 'SIGNING' ? (result.signingUrl ?? null) : null,
    approvedAmount: result.approvedAmount ?? null,
  };
}

/**
 * AfterShopFlow describes a payment by flags, not by bookPaymentStatus: frozen → FROZEN, debited
 * (finalized, wholly or in part) → FINALIZED, still debitable → BOOKED (also when a part of it is
 * annulled), annulled and nothing else → DENIED (it will not be paid out), otherwise BOOKED.
 */
function statusOfPayment(payment: PaymentAnswer['return']): ResursV1Status {
  if (payment.frozen) return 'FROZEN';
  if (payment.status.includes('IS_DEBITED')) return 'FINALIZED';
  if (payment.status.includes('DEBITABLE')) return 'BOOKED';
  return payment.status.includes('IS_ANNULLED') ? 'DENIED' : 'BOOKED';
}

function toBookingFromPayment(answer: PaymentAnswer): ResursV1Booking {
  const payment = answer.return;
  return { paymentId: payment.id, status: statusOfPayment(payment), signingUrl: null, approvedAmount: payment.limit ?? payment.totalAmount };
}

function diffsOf(answer: PaymentAnswer): ResursV1PaymentDiff[] {
  const unitMeasure = unitMeasureOf(answer.return.customer?.address?.country);
  return answer.return.paymentDiffs.map((diff) => ({
    type: diff.type,
    transactionId: diff.transactionId ?? null,
    createdBy: diff.createdBy ?? null,
    created: diff.created ?? null,
    amount: diff.paymentSpec.totalAmount,
    lines: diff.paymentSpec.specLines.map((line) => ({
      artNo: line.artNo,
      description: line.description ?? '',
      quantity: line.quantity,
      unitMeasure: line.unitMeasure || unitMeasure,
      unitAmountWithoutVat: line.unitAmountWithoutVat,
      vatPct: line.vatPct,
      totalVatAmount: line.totalVatAmount,
      totalAmount: line.totalAmount,
    })),
  }));
}

function toPaymentMoney(answer: PaymentAnswer): ResursV1PaymentMoney {
  const diffs = diffsOf(answer);
  return { status: statusOfPayment(answer.return), money: moneyOf(diffs), diffs };
}

/** The operation each money move is, and the adapter's refusal when nothing is open for it. */
const MOVES = {
  DEBIT: { operation: 'finalizePayment', nothingOpen: 'NOTHING_TO_FINALIZE' },
  CREDIT: { operation: 'creditPayment', nothingOpen: 'NOTHING_TO_CREDIT' },
  ANNUL: { operation: 'annulPayment', nothingOpen: null },
} as const satisfies Record<ResursV1MoneyMove, { operation: string; nothingOpen: string | null }>;

/** A spec as Resurs' paymentSpec, its lines numbered from 1 (the line identity, as bookPayment numbers them). */
function paymentSpecOf(spec: ResursV1Spec): Record<string, unknown> {
  if (!('specLines' in spec)) return { totalAmount: spec.totalAmount };
  return {
    specLines: spec.specLines.map((line, index) => ({
      id: String(index + 1),
      artNo: line.artNo,
      description: line.description,
      quantity: line.quantity,
      unitMeasure: line.unitMeasure,
      unitAmountWithoutVat: line.unitAmountWithoutVat,
      vatPct: line.vatPct,
      totalVatAmount: line.totalVatAmount,
      totalAmount: line.totalAmount,
    })),
    totalAmount: spec.totalAmount,
    totalVatAmount: spec.totalVatAmount,
  };
}

const isMoneyOperation = (value: unknown): value is MoneyOperation =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'scope' in value;

export function createResursV1Client(options: ResursV1ClientOptions): ResursV1Client {
  const soap = createSoapTransport(options);
  const methodsCache = new Map<CountryCode, { method: PaymentMethod; expiresAt: number }>();

  async function methodFor(countryCode: CountryCode, context?: CallContext): Promise<ProviderResult<PaymentMethod>> {
    const cached = methodsCache.get(countryCode);
    if (cached && cached.expiresAt > Date.now()) return ok(cached.method);
    const answer = await soap.call(
      'shopFlow',
      'getPaymentMethods',
      { language: resursLanguage(countryCode), customerType: 'NATURAL' },
      paymentMethodsAnswer,
      context,
    );
    if (!answer.ok) return answer;
    const method = partPayment(answer.value.return);
    // Resurs answered, but sells no part payment to this representative: a configuration refusal.
    if (!method) return fail({ kind: 'refused', status: 200, code: 'NO_PART_PAYMENT_METHOD' });
    methodsCache.set(countryCode, { method, expiresAt: Date.now() + PAYMENT_METHODS_TTL_MS });
    return ok(method);
  }

  async function readPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<PaymentAnswer>> {
    return paymentExpected(await soap.call('afterShopFlow', 'getPayment', { paymentId }, paymentAnswer, context));
  }

  async function readMoney(paymentId: string, context?: CallContext): Promise<ProviderResult<ResursV1PaymentMoney>> {
    const answer = await readPayment(paymentId, context);
    return answer.ok ? ok(toPaymentMoney(answer.value)) : answer;
  }

  /**
   * Finalizes, credits or annuls: reads the payment first (an operation of the portal's already
   * among its diffs is not sent again; "all" is what its diffs leave open), sends the spec with
   * the operation id, and reads the money back. A failure after sending leaves the operation to
   * be found by its id on the next try.
   */
  async function move(type: ResursV1MoneyMove, paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>> {
    const before = await readPayment(paymentId, context);
    if (!before.ok) return before;
    const diffs = diffsOf(before.value);
    if (findMoneyDiff(diffs, operation.operationId, type)) return ok(moneyOf(diffs));
    const { operation: name, nothingOpen } = MOVES[type];
    let spec: ResursV1Spec;
    if (operation.scope.kind === 'all') {
      const open = openSpec(type, diffs);
      if (!open) return nothingOpen ? fail(refusal(200, nothingOpen)) : ok(moneyOf(diffs));
      spec = open;
    } else {
      spec = specOfLines(operation.scope.lines, unitMeasureOf(before.value.return.customer?.address?.country));
      // Resurs takes a positive total only (paymentSpec.totalAmount is a positiveDecimal).
      if (!(spec.totalAmount > 0)) return fail(refusal(200, 'LINES_WITHOUT_AMOUNT'));
    }
    // Element order as Resurs publishes it: paymentId, preferredTransactionId, partPaymentSpec, createdBy.
    const args =
      type === 'ANNUL'
        ? { paymentId, partPaymentSpec: paymentSpecOf(spec), createdBy: operation.operationId }
        : { paymentId, preferredTransactionId: operation.operationId, partPaymentSpec: paymentSpecOf(spec), createdBy: operation.operationId };
    const sent = await soap.call('afterShopFlow', name, args, emptyAnswer, context);
    if (!sent.ok) return sent;
    const after = await readPayment(paymentId, context);
    return after.ok ? ok(moneyOf(diffsOf(after.value))) : after;
  }

  function annulPayment(paymentId: string, context?: CallContext): Promise<ProviderResult<void>>;
  function annulPayment(paymentId: string, operation: MoneyOperation, context?: CallContext): Promise<ProviderResult<PaymentMoney>>;
  async function annulPayment(
    paymentId: string,
    operationOrContext?: MoneyOperation | CallContext,
    context?: CallContext,
  ): Promise<ProviderResult<void> | ProviderResult<PaymentMoney>> {
    if (isMoneyOperation(operationOrContext)) return move('ANNUL', paymentId, operationOrContext, context);
    // The whole payment, unspecified: also one still waiting for its signature (the portal's cancel before a decision).
    const answer = await soap.call('afterShopFlow', 'annulPayment', { paymentId }, emptyAnswer, operationOrContext);
    return answer.ok ? ok(undefined) : answer;
  }

  return {
    async probe() {
      // The payment methods of the first country, past the cache: what every application needs first.
      const answer = await soap.call('shopFlow', 'getPaymentMethods', { language: resursLanguage('NO'), customerType: 'NATURAL' }, paymentMethodsAnswer);
      return answer.ok ? ok(undefined) : answer;
    },

    async getPricing(input, context) {
      const method = await methodFor(input.countryCode, context);
      if (!method.ok) return method;
      const paymentMethodId = method.value.id;
      const factors = await soap.call('shopFlow', 'getAnnuityFactors', { paymentMethodId }, annuityFactorsAnswer, context);
      if (!factors.ok) return factors;
      const plan = factors.value.return.find((f) => f.duration === input.period);
      if (!plan) return fail({ kind: 'refused', status: 200, code: 'PAYMENT_PLAN_NOT_OFFERED' });
      // Asked once the plan is known to exist: a table that lacks it is then Resurs' answer unreadable.
      const column = await soap.call('shopFlow', 'getCostOfPurchaseHtml', { paymentMethodId, amount: input.amount }, costColumnAnswer(input.period), context);
      if (!column.ok) return column;

      const figures = loanFigures({ amount: input.amount, period: input.period, factor: plan.factor, column: column.value });
      const links = classifyLegalLinks(method.value.legalInfoLinks, input.amount);
      return ok({
        currency: COUNTRIES[input.countryCode].currency,
        loanAmount: input.amount,
        loanPeriod: input.period,
        ...figures,
        secciLinks: links.secciLinks,
        generalTermsLinks: links.generalTermsLinks,
      });
    },

    async bookPayment(input, context) {
      const method = await methodFor(input.countryCode, context);
      if (!method.ok) return method;
      const lines = specLines(input);
      const { customer } = input;
      // addressRow1 is a string Resurs requires but may be empty; postalArea and postalCode must not be.
      const address = present({
        fullName: `${customer.firstName} ${customer.lastName}`,
        firstName: customer.firstName,
        lastName: customer.lastName,
      });
      const place = present({ postalArea: customer.city, postalCode: customer.postalCode });
      const args = {
        paymentData: {
          preferredId: input.preferredId,
          paymentMethodId: method.value.id,
          // Resurs requires the customer's address; its own examples use the loopback one when unknown.
          customerIpAddress: input.customerIpAddress ?? '127.0.0.1',
          waitForFraudControl: true,
          annulIfFrozen: false,
          // The portal books; capturing (finalizing) is the merchant's step after delivery.
          finalizeIfBooked: false,
        },
        orderData: {
          specLines: lines,
          totalAmount: input.amount,
          totalVatAmount: round2(lines.reduce((sum, line) => sum + line.totalVatAmount, 0)),
        },
        // Resurs gives these keys no meaning (only invoiceExtRef and CustomerId): a note on the
        // payment for whoever reads it at Resurs, never a term Resurs books (contract.ts).
        metaData: [
          { key: METADATA_KEYS.paymentPlanDuration, value: String(input.period) },
          ...(input.accountKey ? [{ key: METADATA_KEYS.accountKey, value: input.accountKey }] : []),
        ],
        customer: present({
          governmentId: customer.governmentId,
          address: { ...address, addressRow1: customer.address ?? '', ...place, country: input.countryCode },
          phone: customer.phone,
          email: customer.email,
          type: 'NATURAL',
          cellPhone: customer.phone,
        }),
        signing: { successUrl: input.signing.successUrl, failUrl: input.signing.failUrl },
      };
      const answer = paymentExpected(await soap.call('shopFlow', 'bookPayment', args, bookingAnswer, context));
      return answer.ok ? ok(toBooking(answer.value)) : answer;
    },

    async bookSignedPayment(paymentId, context) {
      const answer = paymentExpected(await soap.call('shopFlow', 'bookSignedPayment', { paymentId }, bookingAnswer, context));
      return answer.ok ? ok(toBooking(answer.value)) : answer;
    },

    async getPayment(paymentId, context) {
      const answer = await readPayment(paymentId, context);
      return answer.ok ? ok(toBookingFromPayment(answer.value)) : answer;
    },

    annulPayment,

    finalizePayment: (paymentId, operation, context) => move('DEBIT', paymentId, operation, context),

    creditPayment: (paymentId, operation, context) => move('CREDIT', paymentId, operation, context),

    getPaymentMoney: readMoney,

    async getTermsDocument(input, context) {
      const method = await methodFor(input.countryCode, context);
      if (!method.ok) return method;
      const links = classifyLegalLinks(method.value.legalInfoLinks, input.amount);
      if (input.termsType === 'COMMON') {
        const terms = links.generalTermsLinks[0];
        if (!terms) return fail({ kind: 'refused', status: 200, code: 'NO_GENERAL_TERMS_LINK' });
        return ok<ResursV1Terms>({ termsType: 'COMMON', title: terms.label, html: linkParagraph(terms) });
      }
      // The SECCI for this amount (the link, amount appended), then the cost of purchase Resurs
      // says may be embedded instead of linked (getCostOfPurchaseHtml), which also links the SECCI.
      const title = (links.secciLinks[0] ?? links.priceInfoLinks[0])?.label;
      if (!title) return fail({ kind: 'refused', status: 200, code: 'NO_LEGAL_INFO_LINKS' });
      const cost = await soap.call('shopFlow', 'getCostOfPurchaseHtml', { paymentMethodId: method.value.id, amount: input.amount }, costOfPurchaseAnswer, context);
      if (!cost.ok) return cost;
      return ok<ResursV1Terms>({ termsType: 'ISEKKI_NEW_ACCOUNT', title, html: `${links.secciLinks.map(linkParagraph).join('')}${cost.value.return}` });
    },
  };
}
