/**
 * The operations of the simulated SimplifiedShopFlowService and AfterShopFlowService, in the
 * shape node-soap serves (service → port → operation). Input is checked as Resurs would and every
 * refusal leaves as a SOAP fault carrying an ECommerceError, as Resurs' faults do.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { IServices } from 'soap';
import { z } from 'zod';
import { type CountryCode, INDIVIDUALIZED_TERMS_TYPES, isLanguage, type Language } from '@portal/domain';
import {
  AFTER_SHOP_FLOW_PORT,
  AFTER_SHOP_FLOW_SERVICE,
  ECOMMERCE_ERRORS,
  METADATA_KEYS,
  NAMESPACES,
  SIMPLIFIED_SHOP_FLOW_PORT,
  SIMPLIFIED_SHOP_FLOW_SERVICE,
} from './wsdl';
import type { SandboxStore } from '../records';
import { annuityFactor, countryLanguage, findPaymentMethod, PAYMENT_METHODS, type SandboxPaymentMethod } from './catalogue';
import { CostOfPurchase, formatPercent, renderFragment, termsDocument } from './documents';
import {
  annulPayment,
  bookedPayment,
  bookPayment,
  bookSignedPayment,
  type BookPaymentStatus,
  currentStatus,
  ECommerceError,
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
  country: z.enum(['NO', 'SE']),
});
const bookPaymentArgs = z.object({
  paymentData: z.object({
    preferredId: text.optional(),
    paymentMethodId: text,
    customerIpAddress: text,
    finalizeIfBooked: bool.optional(),
  }),
  orderData: z.object({ totalAmount: amount }),
  metaData: list(z.object({ key: z.string(), value: z.coerce.string().optional() })),
  customer: z.object({ governmentId: text, address: addressArgs, type: z.enum(['NATURAL', 'LEGAL']) }),
  signing: z.object({ successUrl: httpUrl, failUrl: httpUrl }),
});
const paymentIdArgs = z.object({ paymentId: text });
const annulArgs = z.object({ paymentId: text, createdBy: z.string().optional() });
const termsArgs = z.object({
  paymentMethodId: text,
  termsType: z.enum(INDIVIDUALIZED_TERMS_TYPES),
  amount,
  duration: z.coerce.number().int().positive().optional(),
  paymentId: text.optional(),
  language: z.string().optional(),
});

/** Resurs speaks ISO 639-1 with `no` for Norwegian; the portal says `nb`. */
function languageFromResurs(value: string | undefined): Language | null {
  if (value === 'no' || value === 'nb' || value === 'nn') return 'nb';
  return isLanguage(value) ? value : null;
}
const languageToResurs = (lang: Language): string => (lang === 'nb' ? 'no' : lang);

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
            type: m.type,
            customerType: ['NATURAL'],
            specificType: m.specificType,
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
          links: { secci: `${urls.secci}${args.amount}`, generalTerms: urls.generalTerms },
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
      const durationEntry = args.metaData.find((m) => m.key === METADATA_KEYS.paymentPlanDuration)?.value;
      const duration = durationEntry === undefined ? null : Number(durationEntry);
      if (duration !== null && !method.plans.some((p) => p.duration === duration)) throw new ECommerceError('ILLEGAL_ARGUMENT', country);
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
          duration,
          governmentId: args.customer.governmentId,
          firstName,
          lastName,
          signing: args.signing,
          finalizeIfBooked: args.paymentData.finalizeIfBooked ?? false,
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

    getIndividualizedTerms: operation(termsArgs, async (args, country) => {
      const method = requireMethod(args.paymentMethodId, country);
      let customerName: string | null = null;
      if (args.paymentId) {
        const payment = await store.get(args.paymentId);
        if (!payment) throw new ECommerceError('REFERENCED_DATA_DONT_EXISTS', method.countryCode);
        customerName = `${payment.customer.firstName} ${payment.customer.lastName}`;
      }
      const lang = languageFromResurs(args.language) ?? countryLanguage(method.countryCode);
      const document = termsDocument(args.termsType, { method, amount: args.amount, duration: args.duration ?? null, lang, customerName });
      return {
        return: { termsType: args.termsType, language: languageToResurs(lang), title: document.title, html: renderFragment(document.element) },
      };
    }),
  };

  const afterShopFlow = {
    getPayment: operation(paymentIdArgs, async (args, country) => {
      await ownPayment(args.paymentId, country);
      const payment = await bookedPayment(store, args.paymentId);
      const status = currentStatus(payment);
      const method = findPaymentMethod(payment.paymentMethodId);
      const { firstName, lastName, governmentId } = payment.customer;
      return {
        return: {
          id: payment.paymentId,
          totalAmount: payment.amount,
          metaData: payment.duration === null ? [] : [{ key: METADATA_KEYS.paymentPlanDuration, value: String(payment.duration) }],
          limit: payment.amount,
          customer: {
            governmentId,
            address: { fullName: `${firstName} ${lastName}`, firstName, lastName, country: payment.countryCode },
            type: 'NATURAL',
          },
          booked: payment.bookedAt ?? payment.createdAt,
          ...(status === 'FINALIZED' ? { finalized: payment.bookedAt ?? payment.createdAt } : {}),
          paymentMethodId: payment.paymentMethodId,
          ...(method ? { paymentMethodName: RESURS_TEXTS[countryLanguage(method.countryCode)].documents.description } : {}),
          fraud: false,
          frozen: payment.stage !== 'ANNULLED' && status === 'FROZEN',
          status:
            payment.stage === 'ANNULLED'
              ? ['IS_ANNULLED']
              : status === 'FINALIZED'
                ? ['IS_DEBITED', 'CREDITABLE']
                : status === 'BOOKED'
                  ? ['DEBITABLE']
                  : [],
          paymentMethodType: 'REVOLVING_CREDIT',
          totalBonusPoints: 0,
        },
      };
    }),

    annulPayment: operation(annulArgs, async (args, country) => {
      await ownPayment(args.paymentId, country);
      await annulPayment(store, args.paymentId);
      return {};
    }),
  };

  return {
    shopFlow: { [SIMPLIFIED_SHOP_FLOW_SERVICE]: { [SIMPLIFIED_SHOP_FLOW_PORT]: shopFlow } },
    afterShopFlow: { [AFTER_SHOP_FLOW_SERVICE]: { [AFTER_SHOP_FLOW_PORT]: afterShopFlow } },
  };
}
