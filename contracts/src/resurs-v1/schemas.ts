/**
 * Resurs "version 1": the SOAP calls the portal makes to SimplifiedShopFlowService and
 * AfterShopFlowService, as Resurs publishes them. The schemas check the value `toValue` (xml.ts)
 * reads from a message's operation element: every leaf is XML text (`10.00`, `true`), a repeated
 * element a list, `xsi:nil="true"` null.
 *
 * Sources:
 * - [V] ResursBank/ResursBank.github.io@b235739 (read 2026-11-27): the types under
 *   `docs/development/api-types/*.md` (component tables: name, type, occurs, nillable), the
 *   operations under `docs/simplified-flow-api/*.md` and `docs/after-shop-service-api/*.md`, with
 *   their XML examples, and `docs/development/errors--problem-solving-and-corner-cases/resurs-error-codes.md`.
 * - [O] ResursBank/ecomphp@1.1.12 (564986eb), the PHP classes wsdl2phpgenerator made from
 *   Resurs' WSDLs in 2017: `source/rbwsdl/simplifiedshopflowservice-client/resurs_*.php` and
 *   `source/rbwsdl/aftershopflowservice-client/resurs_*.php`. Their properties are in the WSDL's
 *   element order; their `@var` lines give the types and enumerations.
 * - [V] the soapUI project Resurs publishes with its documentation,
 *   ResursBank/ResursBank.github.io@b235739 `docs/testing/soapui-testing-suite.xml`: its
 *   definition cache holds AfterShopFlowService's WSDL and schemas as the test service served them
 *   (`…/AfterShopFlowService?xsd=schemas/messages/AfterShopFlowServiceMessages.xsd`, lines
 *   3565-4008; `…schemas/types/common.xsd`, 4008-4505; `…schemas/types/aftershopflow.xsd`,
 *   4505-5020), and its test cases call finalizePayment, creditPayment and annulPayment. It is
 *   older than the documentation (its payments date from 2013-2014); where the two disagree the
 *   documentation is followed.
 *
 * Element order matters in a SOAP request (an XML Schema sequence): the request schemas refuse
 * elements out of the published order. Where the documentation's table and its XML examples
 * disagree on order, the examples and the generated classes (which agree) are followed: what goes
 * on the wire is what they show. Answers are loose: Resurs may add elements, and their order is
 * not checked. Requests are strict: an element Resurs does not have is refused.
 *
 * `SEQUENCES` and `REQUIRED` give each complex type's published element order and the elements
 * that must occur, so that a WSDL standing in for Resurs' own (which Resurs does not publish as a
 * file) can be held to them.
 */
import { z } from 'zod';
import type { ResursV1Service } from './operations';

// ---------------------------------------------------------------------------------------------
// Simple types [V api-types/simple-types.md is empty in the export; the names are used in every
// table, read here by their XML Schema meaning]
// ---------------------------------------------------------------------------------------------

const text = z.string();
const nonEmptyString = z.string().min(1);
/** `id`: an identifier, never empty. */
const id = nonEmptyString;
const decimal = z.string().regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, 'an xs:decimal');
/** positiveDecimal: above zero. */
const positiveDecimal = decimal.refine((value) => Number(value) > 0, 'a positive decimal');
const int = z.string().regex(/^[+-]?\d+$/, 'an xs:int');
const xsBoolean = z.enum(['true', 'false', '1', '0']);
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/, 'an xs:dateTime');
/** `date`, "use the format yyyy-MM-dd" [V finalize-payment.md, crediting.md]. */
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, yyyy-MM-dd');
const nonNegativeInteger = z.string().regex(/^\+?\d+$/, 'an xs:nonNegativeInteger');
/** "Nillable? Yes": may come as `xsi:nil="true"`. */
const nillable = <T extends z.ZodType>(type: T) => type.nullable();

/** An element that occurs 0..*: absent is none, one is a list of one. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]), z.array(item));

/** [V api-types/countrycode.md; O resurs_countryCode.php] */
export const countryCode = z.enum(['SE', 'NO', 'DK', 'FI']);
/** [V api-types/customertype.md; O resurs_customerType.php] */
export const customerType = z.enum(['NATURAL', 'LEGAL']);
/** getPaymentMethods' language: ISO 639-1, "sv,no,da,fi" [V getpaymentmethods.md; O resurs_language.php]. */
export const language = z.enum(['sv', 'no', 'da', 'fi']);
/** [V api-types/bookpaymentstatus.md; O resurs_bookPaymentStatus.php] */
export const BOOK_PAYMENT_STATUSES = ['FINALIZED', 'BOOKED', 'FROZEN', 'SIGNING', 'DENIED'] as const;
export const bookPaymentStatus = z.enum(BOOK_PAYMENT_STATUSES);
/** [V api-types/paymentstatus.md; O aftershopflowservice-client/resurs_paymentStatus.php] */
export const paymentStatus = z.enum(['DEBITABLE', 'CREDITABLE', 'IS_DEBITED', 'IS_CREDITED', 'IS_ANNULLED']);
/**
 * [V api-types/paymentmethodtype.md: INVOICE, REVOLVING_CREDIT, CARD, BONUS; O
 * resurs_paymentMethodType.php: INVOICE, REVOLVING_CREDIT, CARD, PAYMENT_PROVIDER]
 */
export const paymentMethodType = z.enum(['INVOICE', 'REVOLVING_CREDIT', 'CARD', 'BONUS', 'PAYMENT_PROVIDER']);
/** [V api-types/paymentdifftype.md; O aftershopflowservice-client/resurs_paymentDiffType.php] */
export const paymentDiffType = z.enum(['AUTHORIZE', 'DEBIT', 'CREDIT', 'ANNUL']);
/**
 * invoiceDeliveryType [V api-types/invoicedeliverytype.md lists EMAIL only; O
 * aftershopflowservice-client/resurs_invoiceDeliveryTypeEnum.php and V soapui-testing-suite.xml
 * common.xsd `invoiceDeliveryTypeEnum`: NONE, EMAIL, POSTAL]. The older values are accepted.
 */
export const invoiceDeliveryType = z.enum(['NONE', 'EMAIL', 'POSTAL']);

// ---------------------------------------------------------------------------------------------
// Complex types, each in a request form (strict, ordered) and an answer form (loose)
// ---------------------------------------------------------------------------------------------

type Form = 'request' | 'answer';

/** Each complex type's published element order. */
export const SEQUENCES: Record<string, readonly string[]> = {};
/** Each complex type's elements that must occur (minOccurs 1). */
export const REQUIRED: Record<string, readonly string[]> = {};

function register(name: string, shape: z.ZodRawShape): void {
  SEQUENCES[name] = Object.keys(shape);
  REQUIRED[name] = Object.entries(shape)
    .filter(([, schema]) => !z.safeParse(schema, undefined).success)
    .map(([key]) => key);
}

/** A strict object whose elements must come in the shape's order. */
function sequence(name: string, shape: z.ZodRawShape) {
  const order = Object.keys(shape);
  return z.preprocess((value, context) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const present = Object.keys(value).filter((key) => order.includes(key));
      const positions = present.map((key) => order.indexOf(key));
      const wrong = positions.findIndex((position, index) => index > 0 && position < (positions[index - 1] ?? 0));
      const element = present[wrong];
      if (wrong > 0 && element !== undefined) {
        context.addIssue({ code: 'custom', path: [element], message: `out of order: Resurs' ${name} is ${order.join(', ')}, in that order` });
      }
    }
    return value;
  }, z.strictObject(shape));
}

function complexType(name: string, shape: (form: Form) => z.ZodRawShape): Record<Form, z.ZodType> {
  const request = shape('request');
  register(name, request);
  return { request: sequence(name, request), answer: z.looseObject(shape('answer')) };
}

/**
 * address [V api-types/address.md; O resurs_address.php:14-56]. addressRow1 is a string
 * (may be empty: the customer example has `<addressRow1/>`), postalArea, postalCode and country
 * are required; the names are optional (first and last name, or the full name).
 */
export const address = complexType('address', () => ({
  fullName: nonEmptyString.optional(),
  firstName: nonEmptyString.optional(),
  lastName: nonEmptyString.optional(),
  addressRow1: text,
  addressRow2: nonEmptyString.optional(),
  postalArea: nonEmptyString,
  postalCode: nonEmptyString,
  country: countryCode,
}));

/**
 * customer [V api-types/customer/index.md, whose table leaves out `phone` that its own example
 * and every bookPayment example carry; O resurs_customer.php:14-38: governmentId, address,
 * phone, email, type].
 */
const customerShape = (form: Form) => ({
  governmentId: nonEmptyString.optional(),
  address: address[form],
  phone: text.optional(),
  email: nonEmptyString.optional(),
  type: customerType,
});
export const customer = complexType('customer', customerShape);

/**
 * extendedCustomer, bookPayment's customer [V api-types/customer/extendedcustomer.md; O
 * resurs_extendedCustomer.php:16-40]: customer's elements, then cellPhone, yourCustomerId,
 * deliveryAddress, contactGovernmentId. (The 2017 classes also had additionalData, which the
 * documentation no longer lists.)
 */
export const extendedCustomer = complexType('extendedCustomer', (form) => ({
  ...customerShape(form),
  cellPhone: text.optional(),
  yourCustomerId: nillable(text).optional(),
  deliveryAddress: nillable(address[form]).optional(),
  contactGovernmentId: nillable(text).optional(),
}));

/** specLine [V api-types/specline.md; O resurs_specLine.php:14-62]. artNo is at most 100 characters [V]. */
export const specLine = complexType('specLine', () => ({
  id,
  artNo: text.max(100),
  description: nillable(text),
  quantity: decimal,
  unitMeasure: text,
  unitAmountWithoutVat: decimal,
  vatPct: decimal,
  totalVatAmount: decimal,
  totalAmount: decimal,
  deliveryDate: text.optional(),
}));

/**
 * paymentSpec [V api-types/paymentspec.md; O resurs_paymentSpec.php:14-26]. bonusPoints is not
 * in the documentation's table; AfterShopFlow's generated class and the published common.xsd
 * have it last, 0..1 [O aftershopflowservice-client/resurs_paymentSpec.php:28-32; V
 * soapui-testing-suite.xml:4201-4256]. totalVatAmount "must be empty (null)" when there are no
 * lines [V paymentspec.md; V common.xsd: "required when specification lines are supplied and not
 * allowed if no specification lines are supplied"]: a request with a VAT amount and no lines is
 * refused.
 */
export const paymentSpec = (() => {
  const shape = (form: Form) => ({
    specLines: list(specLine[form]),
    totalAmount: positiveDecimal,
    totalVatAmount: nillable(decimal).optional(),
    bonusPoints: nonNegativeInteger.optional(),
  });
  const { request, answer } = complexType('paymentSpec', shape);
  return {
    request: request.superRefine((value, context) => {
      const spec = value as { specLines?: unknown[]; totalVatAmount?: unknown };
      if ((spec.specLines ?? []).length === 0 && spec.totalVatAmount !== undefined && spec.totalVatAmount !== null) {
        context.addIssue({ code: 'custom', path: ['totalVatAmount'], message: 'not allowed without specLines' });
      }
    }),
    answer,
  };
})();

/**
 * paymentData [V api-types/paymentdata.md; O resurs_paymentData.php:14-50]. customerIpAddress
 * is 1..1 [V]. Order: the XML examples (simplified-flow-api/index.md:189-197, bookpayment.md:40-50)
 * and the generated class have preferredTransactionId before paymentMethodId; the table lists it after.
 */
export const paymentData = complexType('paymentData', () => ({
  preferredId: nillable(id).optional(),
  preferredTransactionId: nillable(id).optional(),
  paymentMethodId: id,
  customerIpAddress: text,
  waitForFraudControl: nillable(xsBoolean).optional(),
  annulIfFrozen: nillable(xsBoolean).optional(),
  finalizeIfBooked: nillable(xsBoolean).optional(),
}));

/** mapEntry, a metaData pair [V api-types/mapentry.md; O resurs_mapEntry.php]. */
export const mapEntry = complexType('mapEntry', () => ({ key: nonEmptyString, value: text.optional() }));

/** signing [V api-types/signing-object.md; O resurs_signing.php:14-26 (forceSigning)]. */
export const signing = complexType('signing', () => ({ successUrl: text, failUrl: text, forceSigning: xsBoolean.optional() }));

/**
 * webLink, a legal information link [V api-types/weblink.md; O resurs_webLink.php]: when
 * appendPriceLast is true the URL is completed with the amount, as an integer.
 */
export const webLink = complexType('webLink', () => ({ appendPriceLast: xsBoolean, endUserDescription: nonEmptyString, url: nonEmptyString }));

/**
 * paymentMethod [V api-types/paymentmethod.md; O resurs_paymentMethod.php:14-56]. `type` is
 * struck through as deprecated [V]; Resurs' examples still send it. specificType is INVOICE,
 * CARD, REVOLVING_CREDIT, PART_PAYMENT, or a PSP type [V]. customerType occurs 1..* [V].
 * Order: the table and getpaymentmethods.md's example put specificType before customerType,
 * simplified-flow-api/index.md's example and the generated class after; answers are not held to
 * an order, and this follows the documentation's table.
 */
export const paymentMethod = complexType('paymentMethod', (form) => ({
  id,
  description: text,
  legalInfoLinks: list(webLink[form]),
  minLimit: decimal,
  maxLimit: decimal,
  type: paymentMethodType.optional(),
  specificType: nonEmptyString,
  customerType: list(customerType).pipe(z.array(customerType).min(1)),
}));

/** annuityFactor [V simplified-flow-api/getannuityfactors.md; O resurs_annuityFactor.php]. */
export const annuityFactor = complexType('annuityFactor', () => ({ factor: decimal, duration: int, paymentPlanName: text }));

/**
 * bookPaymentResult [V api-types/bookpaymentresult.md; O resurs_bookPaymentResult.php:14-38]:
 * signingUrl 0..1 (nillable: bookSignedPayment's example sends `xsi:nil`), approvedAmount 1..1,
 * customer 0..1.
 */
export const bookPaymentResult = complexType('bookPaymentResult', (form) => ({
  paymentId: id,
  bookPaymentStatus,
  signingUrl: nillable(text).optional(),
  approvedAmount: decimal,
  customer: nillable(customer[form]).optional(),
}));

/**
 * paymentDiff [V api-types/paymentdiff.md; O aftershopflowservice-client/resurs_paymentDiff.php; V
 * soapui-testing-suite.xml:4607-4661]: one change of a payment; "the diffs define the payment".
 * transactionId is the caller's preferredTransactionId, or the payment id when none was given [V
 * paymentdiff.md; finalize-payment.md:22; the soapUI test "Sell & Credit" reads back
 * `TrD-${ID}`/`TrC-${ID}` sent as preferredTransactionId, soapui-testing-suite.xml:7568-7622].
 * What may still be done follows from their sums [V after-shop-service-api/index.md:108-113]:
 * finalizePayment and annulPayment at most sum(AUTHORIZE) - sum(DEBIT) - sum(ANNUL),
 * creditPayment at most sum(DEBIT) - sum(CREDIT), each diff's amount its paymentSpec.totalAmount.
 */
export const paymentDiff = complexType('paymentDiff', (form) => ({
  type: paymentDiffType,
  transactionId: id.optional(),
  created: dateTime,
  createdBy: text.optional(),
  paymentSpec: paymentSpec[form],
  orderId: id.optional(),
  invoiceId: id.optional(),
  documentNames: list(nonEmptyString),
}));

/**
 * payment, AfterShopFlow's getPayment answer [V api-types/payment.md; O
 * aftershopflowservice-client/resurs_payment.php:14-110]. totalBonusPoints is 1..1 in the table
 * but absent from get-payment.md's example, so it is optional here; status occurs 0..100.
 * totalAmount is "the current total amount of the payment diffs making up this payment", and "the
 * payment diffs is the complete history of the payment. (The current state of the payment, if
 * needed, must be calculated client side.)" [V soapui-testing-suite.xml:4507-4525]: after a debit
 * and a credit of the whole, or an annulment of it, totalAmount is 0 and limit unchanged
 * (soapui-testing-suite.xml:7607-7610, the "Sell & Credit" case; 7444-7460, "Book & Annul").
 */
export const payment = complexType('payment', (form) => ({
  id,
  totalAmount: decimal,
  metaData: list(mapEntry[form]),
  limit: decimal,
  paymentDiffs: list(paymentDiff[form]),
  customer: customer[form],
  deliveryAddress: address[form].optional(),
  booked: dateTime,
  finalized: dateTime.optional(),
  paymentMethodId: id,
  paymentMethodName: nillable(text).optional(),
  fraud: xsBoolean,
  frozen: xsBoolean,
  status: list(paymentStatus).pipe(z.array(paymentStatus).max(100)),
  storeId: id.optional(),
  paymentMethodType,
  totalBonusPoints: int.optional(),
}));

/**
 * ECommerceError, the content of every fault [V api-types/ecommerceerror.md,
 * resurs-error-codes.md; O resurs_ECommerceError.php].
 */
export const eCommerceError = complexType('ECommerceError', () => ({
  errorTypeDescription: nonEmptyString,
  errorTypeId: int,
  fixableByYou: xsBoolean,
  userErrorMessage: nonEmptyString,
}));

// ---------------------------------------------------------------------------------------------
// Operations: the request element's content, and the answer element's
// ---------------------------------------------------------------------------------------------

/** An element without children reads as '' (`<getPaymentMethods/>`); as an object it has none. */
const element = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? {} : value), schema);
const request = (name: string, shape: z.ZodRawShape) => {
  register(name, shape);
  return element(sequence(name, shape));
};
const answer = (shape: z.ZodRawShape) => element(z.looseObject(shape));

/** Resurs' error margin for rounding, in currency units [V development/rounding.md]. */
export const ROUNDING_MARGIN = 0.05;

const numberOf = (value: unknown): number => (typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN);

/**
 * Where a spec's figures are further apart than Resurs compensates for [V development/rounding.md]:
 * a line's net price (its total / ((1 + VAT % / 100) × quantity)) and VAT (VAT % / 100 ×
 * quantity × that net price) against the ones sent, and the totals against the lines' sums.
 */
export function roundingProblems(spec: { specLines?: unknown; totalAmount?: unknown; totalVatAmount?: unknown }): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const lines = (Array.isArray(spec.specLines) ? spec.specLines : []) as Record<string, unknown>[];
  const off = (a: number, b: number) => !(Math.abs(a - b) <= ROUNDING_MARGIN + 1e-9);
  let sum = 0;
  let vatSum = 0;
  lines.forEach((line, index) => {
    const quantity = numberOf(line.quantity);
    const vatPct = numberOf(line.vatPct);
    const total = numberOf(line.totalAmount);
    const vat = numberOf(line.totalVatAmount);
    sum += total;
    vatSum += vat;
    if (quantity === 0) return;
    const net = total / ((1 + vatPct / 100) * quantity);
    if (off(net, numberOf(line.unitAmountWithoutVat))) problems.push({ path: ['specLines', index, 'unitAmountWithoutVat'], message: `not within ${ROUNDING_MARGIN} of totalAmount / ((1 + vatPct / 100) × quantity)` });
    if (off((vatPct / 100) * quantity * net, vat)) problems.push({ path: ['specLines', index, 'totalVatAmount'], message: `not within ${ROUNDING_MARGIN} of vatPct / 100 × quantity × the net price` });
  });
  if (lines.length > 0) {
    if (off(sum, numberOf(spec.totalAmount))) problems.push({ path: ['totalAmount'], message: `not within ${ROUNDING_MARGIN} of the lines' totalAmount` });
    if (spec.totalVatAmount !== undefined && spec.totalVatAmount !== null && off(vatSum, numberOf(spec.totalVatAmount))) {
      problems.push({ path: ['totalVatAmount'], message: `not within ${ROUNDING_MARGIN} of the lines' totalVatAmount` });
    }
  }
  return problems;
}

/** The paymentSpec of finalizePayment, creditPayment and annulPayment: the published type, within Resurs' rounding margin. */
const afterShopSpec = paymentSpec.request.superRefine((value, context) => {
  for (const problem of roundingProblems(value as Record<string, unknown>)) context.addIssue({ code: 'custom', ...problem });
});

/**
 * The request of each operation the portal calls, by operation.
 * - getPaymentMethods(language?, customerType?, purchaseAmount?), all 0..1 and nillable [V
 *   getpaymentmethods.md; O resurs_getPaymentMethods.php].
 * - getAnnuityFactors(paymentMethodId) [V getannuityfactors.md; O resurs_getAnnuityFactors.php].
 * - getCostOfPurchaseHtml(paymentMethodId, amount: positiveDecimal) [V getcostofpurchasehtml.md;
 *   O resurs_getCostOfPurchaseHtml.php].
 * - bookPayment(paymentData, orderData, metaData 0..*, customer, card 0..1, signing,
 *   invoiceData 0..1, storeId 0..1) [V bookpayment.md; O resurs_bookPayment.php]. card and
 *   invoiceData are not modelled (the portal sends neither): only nil is accepted.
 * - bookSignedPayment(paymentId) [V booksignedpayment.md; O resurs_bookSignedPayment.php].
 * - getPayment(paymentId) [V after-shop-service-api/get-payment.md; O resurs_getPayment.php].
 * - annulPayment(paymentId, partPaymentSpec 0..1, createdBy 0..1) [V annulling.md; O
 *   aftershopflowservice-client/resurs_annulPayment.php; V soapui-testing-suite.xml:3694-3713,
 *   "Can be omitted in which case the whole payment is annulled"].
 * - finalizePayment(paymentId, preferredTransactionId 0..1, partPaymentSpec, createdBy 0..1,
 *   orderId 0..1, orderDate 0..1, invoiceId 0..1, invoiceDate 0..1, invoiceDeliveryType 0..1) [V
 *   after-shop-service-api/finalize-payment.md:19-29; O resurs_finalizePayment.php: the same
 *   order]. partPaymentSpec is 1..1 in the documentation; the older published schema had it 0..1
 *   ("Can be omitted in which case the whole payment is finalized", soapui-testing-suite.xml:
 *   3629-3638): the documentation is followed, and every published example sends it.
 * - creditPayment(paymentId, preferredTransactionId 0..1, partPaymentSpec 0..1, createdBy 0..1,
 *   creditNoteId 0..1, creditNoteDate 0..1, invoiceDeliveryType 0..1) [V crediting.md:19-27; O
 *   resurs_creditPayment.php]. preferredTransactionId is "Nillable? No" in both tables, yet
 *   crediting.md's examples send it as `xsi:nil="true"` and the published schema has it nillable
 *   (soapui-testing-suite.xml:3623, 3724): nil is accepted. Without partPaymentSpec "all finalized
 *   parts of the payment is credited" [V soapui-testing-suite.xml:3730-3735].
 *
 * The three specs are also held to Resurs' rounding rule: "The service compensates for errors less
 * than, or equal to, 0.05 currency units", for each line's net price and VAT recomputed from its
 * total and for the spec's totals against its lines [V development/rounding.md]. bookPayment's
 * orderData is not checked here (which refusal Resurs gives it is not published either).
 */
export const REQUESTS: Readonly<Record<string, z.ZodType>> = {
  getPaymentMethods: request('getPaymentMethods', {
    language: nillable(language).optional(),
    customerType: nillable(customerType).optional(),
    purchaseAmount: nillable(decimal).optional(),
  }),
  getAnnuityFactors: request('getAnnuityFactors', { paymentMethodId: id }),
  getCostOfPurchaseHtml: request('getCostOfPurchaseHtml', { paymentMethodId: id, amount: positiveDecimal }),
  bookPayment: request('bookPayment', {
    paymentData: paymentData.request,
    orderData: paymentSpec.request,
    metaData: list(mapEntry.request),
    customer: extendedCustomer.request,
    card: z.null().optional(),
    signing: signing.request,
    invoiceData: z.null().optional(),
    storeId: id.optional(),
  }),
  bookSignedPayment: request('bookSignedPayment', { paymentId: id }),
  getPayment: request('getPayment', { paymentId: id }),
  annulPayment: request('annulPayment', { paymentId: id, partPaymentSpec: nillable(afterShopSpec).optional(), createdBy: nillable(nonEmptyString).optional() }),
  finalizePayment: request('finalizePayment', {
    paymentId: id,
    preferredTransactionId: nillable(id).optional(),
    partPaymentSpec: afterShopSpec,
    createdBy: nillable(nonEmptyString).optional(),
    orderId: nillable(id).optional(),
    orderDate: nillable(date).optional(),
    invoiceId: nillable(id).optional(),
    invoiceDate: nillable(date).optional(),
    invoiceDeliveryType: nillable(invoiceDeliveryType).optional(),
  }),
  creditPayment: request('creditPayment', {
    paymentId: id,
    preferredTransactionId: nillable(id).optional(),
    partPaymentSpec: nillable(afterShopSpec).optional(),
    createdBy: nillable(nonEmptyString).optional(),
    creditNoteId: nillable(id).optional(),
    creditNoteDate: nillable(date).optional(),
    invoiceDeliveryType: nillable(invoiceDeliveryType).optional(),
  }),
};

/**
 * The answer of each operation the portal calls, by operation (the content of its response
 * element): `return` 0..* paymentMethod, 0..* annuityFactor, 1..1 HTML string, 1..1
 * bookPaymentResult (bookPayment and bookSignedPayment alike), 1..1 payment; the responses of
 * annulPayment, finalizePayment and creditPayment are empty [O
 * aftershopflowservice-client/resurs_{annul,finalize,credit}PaymentResponse.php; V
 * soapui-testing-suite.xml:3691-3693, 3714-3716, 3768-3770: `<sequence/>`].
 */
export const ANSWERS: Readonly<Record<string, z.ZodType>> = {
  getPaymentMethods: answer({ return: list(paymentMethod.answer) }),
  getAnnuityFactors: answer({ return: list(annuityFactor.answer) }),
  getCostOfPurchaseHtml: answer({ return: nonEmptyString }),
  bookPayment: answer({ return: bookPaymentResult.answer }),
  bookSignedPayment: answer({ return: bookPaymentResult.answer }),
  getPayment: answer({ return: payment.answer }),
  annulPayment: answer({}),
  finalizePayment: answer({}),
  creditPayment: answer({}),
};

/** The operations above, by service. */
export const CALLED_OPERATIONS = {
  shopFlow: ['getPaymentMethods', 'getAnnuityFactors', 'getCostOfPurchaseHtml', 'bookPayment', 'bookSignedPayment'],
  afterShopFlow: ['getPayment', 'annulPayment', 'finalizePayment', 'creditPayment'],
} as const satisfies Record<ResursV1Service, readonly string[]>;

/**
 * A SOAP 1.1 fault carrying an ECommerceError [V resurs-error-codes.md:45-62: `soap:Server`,
 * `faultstring` (to log, never to show), `detail/ECommerceError` in the exception namespace;
 * get-payment.md:150-167]. Sent with HTTP 500 (SOAP 1.1 §6.2).
 */
export const fault = z.looseObject({
  faultcode: nonEmptyString,
  faultstring: text,
  detail: z.looseObject({ ECommerceError: eCommerceError.answer }),
});

/**
 * The error types Resurs lists, by errorTypeId [V resurs-error-codes.md, "These are the current
 * errorTypes, more might be added as time goes, but old error codes will remain unchanged"].
 * 9 NOT_ALLOWED_IN_ORDER_STATE is struck through ("Lost from xsd"), succeeded by 20.
 */
export const ERROR_TYPES = {
  1: 'ILLEGAL_ARGUMENT',
  3: 'INTERNAL_ERROR',
  4: 'NOT_ALLOWED',
  8: 'REFERENCED_DATA_DONT_EXISTS',
  9: 'NOT_ALLOWED_IN_ORDER_STATE',
  10: 'CREDITAPPLICATION_FAILED',
  11: 'NOT_IMPLEMENTED',
  14: 'INVALID_CREDITAPPLICATION_SUBMISSION',
  15: 'SIGNING_REQUIRED',
  17: 'AUTHORIZATION_FAILED',
  18: 'APPLICATION_VALIDATION_ERROR',
  19: 'OBJECT_WITH_ID_ALREADY_EXIST',
  20: 'NOT_ALLOWED_IN_PAYMENT_STATE',
  21: 'CUSTOMER_CONFIGURATION_EXCEPTION',
  22: 'SERVICE_CONFIGURATION_EXCEPTION',
  23: 'INVALID_CREDITING',
  24: 'LIMIT_PER_TIME_EXCEEDED',
  25: 'NOT_ALLOWED_IN_CURRENT_STATE',
  26: 'INVALID_FINALIZATION',
  27: 'FORM_PARSING',
  28: 'NOT_ALLOWED_INVOICE_ID',
  29: 'ALREADY_EXISTS_INVOICE_ID',
  30: 'INVALID_IDENTIFICATION',
  31: 'TO_MANY_TOKENS',
  32: 'CUSTOMER_ALREADY_HAVE_VALID_CARD',
  33: 'CUSTOMER_HAS_NO_VALID_CARD',
  34: 'CUSTOMER_HAS_MORE_THAN_ONE_VALID_CARD',
  35: 'INVALID_AUTHENTICATION',
  36: 'ANNUL_FAILED',
  37: 'CUSTOMER_HAS_NO_VALID_ACCOUNT',
  99: 'LEGACY_EXCEPTION',
  502: 'WEAK_PASSWORD',
  503: 'NOT_AUTHORIZED',
} as const;

/**
 * metaData keys Resurs gives a meaning to; it does not look at any other [V
 * development/recognized-metadata.md: "Generally we don't look at the metadata"]: invoiceExtRef
 * (46 characters, printed as "Your reference") and CustomerId (20 characters, "Customer Id").
 */
export const RECOGNIZED_METADATA_KEYS = ['invoiceExtRef', 'CustomerId'] as const;
