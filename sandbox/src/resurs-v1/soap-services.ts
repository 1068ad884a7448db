/**
 * The operations of the simulated SimplifiedShopFlowService and AfterShopFlowService, in the
 * shape node-soap serves (service → port → operation). Every request has been held to Resurs'
 * published shape before it gets here (index.ts, @portal/contracts/resurs-v1); here it is read for
 * what the simulator needs, and every refusal leaves as a SOAP fault carrying an ECommerceError,
 * as Resurs' faults do.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { IServices } from 'soap';
import { z } from 'zod';
import { type CountryCode, isLanguage, type Language } from '@portal/domain';
import {
  AFTER_SHOP_FLOW_PORT,
  AFTER_SHOP_FLOW_SERVICE,
  ECOMMERCE_ERRORS,
  NAMESPACES,
  SIMPLIFIED_SHOP_FLOW_PORT,
  SIMPLIFIED_SHOP_FLOW_SERVICE,
} from './wsdl';
import type { SandboxStore } from '../records';
import { annuityFactor, countryLanguage, findPaymentMethod, PAYMENT_METHODS, type SandboxPaymentMethod } from './catalogue';
import { CostOfPurchase, formatPercent, renderFragment } from './documents';
import {
  type AfterShopRequest,
  annulPayment,
  bookedPayment,
  bookPayment,
  bookSignedPayment,
  type BookPaymentStatus,
  creditPayment,
  currentStatus,
  ECommerceError,
  finalizePayment,
  openOf,
  type PaymentDiff,
  paymentDiffs,
  type PaymentSpec,
  type SandboxPayment,
} from './payments';
import { fill, RESURS_TEXTS } from './texts';

/** node-soap sends `error.Fault` as the SOAP fault. */
class SoapFault extends Error {
  constructor(readonly Fault: Record<string, unknown>) {
    super(String(Fault.faultstring));
    this.name = 'SoapFault';
  }
}

function userLanguage(countryCode: CountryCode | null): Language {
  return countryCode ? countryLanguage(countryCode) : 'en';
}

export function eCommerceErrorDetail(error: ECommerceError): Record<string, unknown> {
  const t = RESURS_TEXTS[userLanguage(error.countryCode)];
  return {
    errorTypeDescription: error.type,
    ...ECOMMERCE_ERRORS[error.type],
    userErrorMessage: error.refusalMessage ? t.refusals[error.refusalMessage] : t.errors[error.type],
  };
}

function toFault(error: ECommerceError): SoapFault {
  return new SoapFault({
    faultcode: 'soap:Server',
    faultstring: error.type,
    detail: { 'ns2:ECommerceError': { attributes: { 'xmlns:ns2': NAMESPACES.exception }, ...eCommerceErrorDetail(error) } },
    statusCode: 500,
  });
}

// node-soap reads booleans and numbers by the WSDL's types; the schemas stay tolerant of text.
const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const amount = z.coerce.number().positive().finite();
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]), z.array(item));
const httpUrl = z.string().refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
});
const text = z.string().trim().min(1);

const getPaymentMethodsArgs = z.preprocess(
  (value) => value ?? {},
  z.object({ language: z.string().optional(), customerType: z.enum(['NATURAL', 'LEGAL']).optional(), purchaseAmount: amount.optional() }),
);
const paymentMethodArgs = z.object({ paymentMethodId: text });
const costOfPurchaseArgs = z.object({ paymentMethodId: text, amount });
const addressArgs = z.object({
  fullName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  // node-soap reads an empty element as nothing; Resurs' addressRow1 may be empty.
  addressRow1: z.coerce.string().default(''),
  postalArea: z.coerce.string(),
  postalCode: z.coerce.string(),
  country: z.enum(['NO', 'SE']),
});
/** A number node-soap read from a decimal (or left as text). */
const decimal = z.coerce.number().finite();
/** An element that may be sent as xsi:nil, which node-soap reads as null or an attributes-only object. */
const absent = (value: unknown) => value === null || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).every((key) => key === 'attributes'));
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (absent(value) ? undefined : value), schema.optional());
/** A paymentSpec as node-soap reads it; the published shape was checked before (index.ts). */
const paymentSpecArgs = z
  .object({
    specLines: list(
      z.object({
        id: z.coerce.string(),
        artNo: z.coerce.string(),
        description: z.coerce.string().nullish(),
        quantity: decimal,
        // node-soap reads an empty element as nothing; Resurs' examples send <unitMeasure/>.
        unitMeasure: z.coerce.string().default(''),
        unitAmountWithoutVat: decimal,
        vatPct: decimal,
        totalVatAmount: decimal,
        totalAmount: decimal,
      }),
    ),
    totalAmount: amount,
    totalVatAmount: optional(decimal),
  })
  .transform(
    (spec): PaymentSpec => ({
      specLines: spec.specLines.map((line) => ({ ...line, description: line.description ?? null })),
      totalAmount: spec.totalAmount,
      totalVatAmount: spec.totalVatAmount ?? null,
    }),
  );
const bookPaymentArgs = z.object({
  paymentData: z.object({
    preferredId: text.optional(),
    paymentMethodId: text,
    customerIpAddress: text,
    finalizeIfBooked: bool.optional(),
  }),
  orderData: paymentSpecArgs,
  metaData: list(z.object({ key: z.string(), value: z.coerce.string().optional() })),
  customer: z.object({ governmentId: text, address: addressArgs, type: z.enum(['NATURAL', 'LEGAL']) }),
  signing: z.object({ successUrl: httpUrl, failUrl: httpUrl }),
});
const paymentIdArgs = z.object({ paymentId: text });
/**
 * The after-shop operations' arguments the simulator acts on. The fields Resurs takes for INVOICE
 * payment methods only (orderDate, invoiceId, invoiceDate, creditNoteId, creditNoteDate) are read
 * to be refused: "For payment methods other than INVOICE, setting this will generate an error" [V
 * finalize-payment.md, crediting.md], and the simulator sells part payment only.
 */
const afterShopArgs = z.object({
  paymentId: text,
  preferredTransactionId: optional(z.coerce.string()),
  partPaymentSpec: optional(paymentSpecArgs),
  createdBy: optional(z.coerce.string()),
  orderId: optional(z.coerce.string()),
  invoiceOnly: z.unknown().optional(),
});
const INVOICE_ONLY = ['orderDate', 'invoiceId', 'invoiceDate', 'creditNoteId', 'creditNoteDate'] as const;
/** Moves the invoice-only fields sent (and not nil) to `invoiceOnly`, so that the operation refuses them. */
const withInvoiceOnly = (raw: unknown): unknown => {
  if (typeof raw !== 'object' || raw === null) return raw;
  const record = raw as Record<string, unknown>;
  const sent = INVOICE_ONLY.filter((key) => record[key] !== undefined && !absent(record[key]));
  return sent.length > 0 ? { ...record, invoiceOnly: sent } : record;
};
const afterShopRequest = (args: z.output<typeof afterShopArgs>, country: CountryCode): AfterShopRequest => {
  // Which error type Resurs gives is not published [?]: its list has NOT_ALLOWED_INVOICE_ID (28).
  if (args.invoiceOnly !== undefined) throw new ECommerceError('NOT_ALLOWED_INVOICE_ID', country);
  return {
    paymentId: args.paymentId,
    preferredTransactionId: args.preferredTransactionId,
    spec: args.partPaymentSpec,
    createdBy: args.createdBy,
    orderId: args.orderId,
  };
};

/** Resurs speaks ISO 639-1 with `no` for Norwegian; the portal says `nb`. */
function languageFromResurs(value: string | undefined): Language | null {
  if (value === 'no' || value === 'nb' || value === 'nn') return 'nb';
  return isLanguage(value) ? value : null;
}

export interface SoapServiceDeps {
  store: SandboxStore<SandboxPayment>;
  /** The simulator's public address, for signing and document links. */
  base: string;
  log: FastifyBaseLogger;
}

export function documentUrls(base: string, method: SandboxPaymentMethod) {
  const id = encodeURIComponent(method.id);
  return {
    generalTerms: `${base}/documents/general-terms?paymentMethodId=${id}`,
    secci: `${base}/documents/secci?paymentMethodId=${id}&amount=`,
    priceInfo: `${base}/documents/price-info?paymentMethodId=${id}&amount=`,
  };
}

/**
 * The country of the representative that called, as index.ts put it on the request after Basic
 * auth (from the account that matched, never from the caller): Resurs issues a representative per
 * country, and it sees that country's payment methods and payments only.
 */
export const REPRESENTATIVE_COUNTRY_HEADER = 'x-sandbox-representative-country';

function representativeCountry(request: unknown): CountryCode {
  const headers = (request as { headers?: Record<string, unknown> } | undefined)?.headers;
  const country = headers?.[REPRESENTATIVE_COUNTRY_HEADER];
  if (country !== 'NO' && country !== 'SE') throw new ECommerceError('INVALID_AUTHENTICATION');
  return country;
}

function requireMethod(id: string, country: CountryCode): SandboxPaymentMethod {
  const method = findPaymentMethod(id);
  if (!method || method.countryCode !== country) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS');
  return method;
}

export function signingUrl(base: string, paymentId: string): string {
  return `${base}/sign/${encodeURIComponent(paymentId)}`;
}

export function soapServices({ store, base, log }: SoapServiceDeps): { shopFlow: IServices; afterShopFlow: IServices } {
  /** Checks the input, runs the operation and turns refusals into ECommerceError faults. */
  const operation =
    <S extends z.ZodType>(schema: S, run: (args: z.output<S>, country: CountryCode) => Promise<unknown>) =>
    async (raw: unknown, _callback: unknown, _headers: unknown, request: unknown): Promise<unknown> => {
      const parsed = schema.safeParse(raw);
      try {
        const country = representativeCountry(request);
        if (!parsed.success) throw new ECommerceError('ILLEGAL_ARGUMENT');
        return await run(parsed.data, country);
      } catch (error) {
        if (error instanceof ECommerceError) throw toFault(error);
        log.error({ err: error }, 'resurs-v1 simulator failed');
        throw toFault(new ECommerceError('INTERNAL_ERROR'));
      }
    };

  /** A payment of the calling representative's country; another country's is not there for it. */
  const ownPayment = async (paymentId: string, country: CountryCode) => {
    const payment = await store.get(paymentId);
    if (payment && payment.countryCode !== country) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS', country);
  };

  const bookingResult = (payment: SandboxPayment) => {
    const status: BookPaymentStatus = currentStatus(payment);
    return {
      return: {
        paymentId: payment.paymentId,
        bookPaymentStatus: status,
        ...(status === 'SIGNING' ? { signingUrl: signingUrl(base, payment.paymentId) } : {}),
        approvedAmount: status === 'DENIED' ? 0 : payment.amount,
      },
    };
  };

  const shopFlow = {
    getPaymentMethods: operation(getPaymentMethodsArgs, async (args, country) => {
      const requested = languageFromResurs(args.language);
      // A representative sells in its own country; a Nordic language of the other country finds nothing.
      const methods = PAYMENT_METHODS.filter(
        (m) =>
          m.countryCode === country &&
          (requested === 'en' || requested === null || countryLanguage(m.countryCode) === requested) &&
          args.customerType !== 'LEGAL' &&
          (args.purchaseAmount === undefined || (args.purchaseAmount >= m.minLimit && args.purchaseAmount <= m.maxLimit)),
      );
      return {
        return: methods.map((m) => {
          const t = RESURS_TEXTS[requested ?? countryLanguage(m.countryCode)].documents;
          const urls = documentUrls(base, m);
          return {
            id: m.id,
            description: t.description,
            legalInfoLinks: [
              { appendPriceLast: false, endUserDescription: t.generalTerms, url: urls.generalTerms },
              { appendPriceLast: true, endUserDescription: t.secci, url: urls.secci },
              { appendPriceLast: true, endUserDescription: t.priceInfo, url: urls.priceInfo },
            ],
            minLimit: m.minLimit,
            maxLimit: m.maxLimit,
            // Deprecated [V api-types/paymentmethod.md], still in Resurs' examples.
            type: m.type,
            specificType: m.specificType,
            customerType: ['NATURAL'],
          };
        }),
      };
    }),

    getAnnuityFactors: operation(paymentMethodArgs, async (args, country) => {
      const method = requireMethod(args.paymentMethodId, country);
      const lang = countryLanguage(method.countryCode);
      const t = RESURS_TEXTS[lang].documents;
      return {
        return: method.plans.map((plan) => ({
          factor: annuityFactor(plan.nominalRate, plan.duration),
          duration: plan.duration,
          paymentPlanName: fill(t.planName, { n: plan.duration, rate: formatPercent(lang, plan.nominalRate) }),
        })),
      };
    }),

    getCostOfPurchaseHtml: operation(costOfPurchaseArgs, async (args, country) => {
      const method = requireMethod(args.paymentMethodId, country);
      const urls = documentUrls(base, method);
      const html = renderFragment(
        CostOfPurchase({
          method,
          amount: args.amount,
          lang: countryLanguage(method.countryCode),
          // "The amount is an integer!" [V api-types/weblink.md]
          links: { secci: `${urls.secci}${Math.round(args.amount)}`, generalTerms: urls.generalTerms },
        }),
      );
      return { return: html };
    }),

    bookPayment: operation(bookPaymentArgs, async (args, representative) => {
      const method = requireMethod(args.paymentData.paymentMethodId, representative);
      const country = args.customer.address.country;
      if (method.countryCode !== country || args.customer.type !== 'NATURAL') throw new ECommerceError('ILLEGAL_ARGUMENT', country);
      const totalAmount = args.orderData.totalAmount;
      if (totalAmount < method.minLimit || totalAmount > method.maxLimit) throw new ECommerceError('ILLEGAL_ARGUMENT', country);
      const { address } = args.customer;
      const [fallbackFirst = '', ...fallbackLast] = (address.fullName ?? '').trim().split(/\s+/);
      const firstName = address.firstName?.trim() || fallbackFirst;
      const lastName = address.lastName?.trim() || fallbackLast.join(' ');
      if (!firstName || !lastName) throw new ECommerceError('ILLEGAL_ARGUMENT', country);
      const payment = await bookPayment(
        store,
        {
          preferredId: args.paymentData.preferredId ?? null,
          paymentMethodId: method.id,
          countryCode: country,
          amount: totalAmount,
          // Kept and answered back in getPayment, never read: Resurs gives the keys sent here no meaning.
          metaData: args.metaData,
          governmentId: args.customer.governmentId,
          firstName,
          lastName,
          address: {
            ...(address.fullName ? { fullName: address.fullName } : {}),
            firstName,
            lastName,
            addressRow1: address.addressRow1,
            postalArea: address.postalArea,
            postalCode: address.postalCode,
            country,
          },
          signing: args.signing,
          finalizeIfBooked: args.paymentData.finalizeIfBooked ?? false,
          orderData: args.orderData,
        },
        randomUUID,
      );
      // A 200 whose response element is empty: Resurs answered without the payment.
      return payment ? bookingResult(payment) : {};
    }),

    bookSignedPayment: operation(paymentIdArgs, async (args, country) => {
      await ownPayment(args.paymentId, country);
      return bookingResult(await bookSignedPayment(store, args.paymentId));
    }),
  };

  /** A diff as Resurs answers it: the elements of its published example, in the published order. */
  const diffAnswer = (diff: PaymentDiff) => ({
    type: diff.type,
    ...(diff.transactionId ? { transactionId: diff.transactionId } : {}),
    created: diff.created,
    ...(diff.createdBy ? { createdBy: diff.createdBy } : {}),
    paymentSpec: {
      specLines: diff.paymentSpec.specLines.map((line) => ({ ...line, description: line.description ?? '' })),
      totalAmount: diff.paymentSpec.totalAmount,
      ...(diff.paymentSpec.totalVatAmount === null ? {} : { totalVatAmount: diff.paymentSpec.totalVatAmount }),
    },
    ...(diff.orderId ? { orderId: diff.orderId } : {}),
  });

  const afterShopFlow = {
    getPayment: operation(paymentIdArgs, async (args, country) => {
      await ownPayment(args.paymentId, country);
      const payment = await bookedPayment(store, args.paymentId);
      const status = currentStatus(payment);
      const frozen = payment.stage !== 'ANNULLED' && status === 'FROZEN';
      const diffs = paymentDiffs(payment);
      const money = openOf(diffs);
      const lastDebit = diffs.filter((diff) => diff.type === 'DEBIT').at(-1);
      const { firstName, lastName, governmentId, address } = payment.customer;
      return {
        return: {
          id: payment.paymentId,
          // "The current total amount of the payment diffs": what was booked, less what was annulled or credited [V].
          totalAmount: (money.authorized - money.annulled - money.credited) / 100,
          metaData: payment.metaData ?? [],
          limit: payment.amount,
          paymentDiffs: diffs.map(diffAnswer),
          customer: {
            governmentId,
            address: address ?? { fullName: `${firstName} ${lastName}`, firstName, lastName, addressRow1: '', postalArea: '-', postalCode: '-', country: payment.countryCode },
            type: 'NATURAL',
          },
          booked: payment.bookedAt ?? payment.createdAt,
          // "The timestamp of the latest payment finalization" [V published schema].
          ...(lastDebit ? { finalized: lastDebit.created } : {}),
          paymentMethodId: payment.paymentMethodId,
          fraud: false,
          frozen,
          // What may be done, by the diffs' sums [V after-shop-service-api/index.md:98-113]; a frozen payment cannot be debited [V].
          status: [
            ...(!frozen && payment.stage !== 'ANNULLED' && money.debitable > 0 ? ['DEBITABLE'] : []),
            ...(money.creditable > 0 ? ['CREDITABLE'] : []),
            ...(money.debited > 0 ? ['IS_DEBITED'] : []),
            ...(money.credited > 0 ? ['IS_CREDITED'] : []),
            ...(money.annulled > 0 ? ['IS_ANNULLED'] : []),
          ],
          paymentMethodType: 'REVOLVING_CREDIT',
        },
      };
    }),

    annulPayment: operation(afterShopArgs, async (args, country) => {
      await ownPayment(args.paymentId, country);
      await annulPayment(store, afterShopRequest(args, country));
      return {};
    }),

    finalizePayment: operation(z.preprocess(withInvoiceOnly, afterShopArgs), async (args, country) => {
      await ownPayment(args.paymentId, country);
      await finalizePayment(store, afterShopRequest(args, country));
      return {};
    }),

    creditPayment: operation(z.preprocess(withInvoiceOnly, afterShopArgs), async (args, country) => {
      await ownPayment(args.paymentId, country);
      await creditPayment(store, afterShopRequest(args, country));
      return {};
    }),
  };

  return {
    shopFlow: { [SIMPLIFIED_SHOP_FLOW_SERVICE]: { [SIMPLIFIED_SHOP_FLOW_PORT]: shopFlow } },
    afterShopFlow: { [AFTER_SHOP_FLOW_SERVICE]: { [AFTER_SHOP_FLOW_PORT]: afterShopFlow } },
  };
}
