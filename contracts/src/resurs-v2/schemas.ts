/**
 * Resurs Bank Merchant API 2.0, the calls the portal makes, as Resurs publishes them.
 *
 * Sources (read 2026-11-27):
 * - [V] Resurs' documentation, ResursBank/ResursBank.github.io@b235739:
 *   `docs/merchant-api-2-0/merchant-api-e-commerce.md` (token curl, the stores call with
 *   `size=2000`, the create-payment example and what to do with its status); the Postman
 *   collections `attachments/91029560/109805613.json` ("Merchant API 2 - Ecommerce": the same
 *   calls on merchant-api.integration.resurs.com), `attachments/91029652/109805620.json`
 *   ("Payment management for partners": cancel, capture, refund bodies) and
 *   `attachments/59342921/59342929.json` ("Resurs Merchant API", the older mock gateway: its
 *   answers give the error body and the paged stores answer).
 * - [O] the ecom library Resurs ships inside its WooCommerce plugin,
 *   common-repository/resurs-bank-payments-for-woocommerce@99c3b3f `lib/ecom/src/` (below
 *   "shipped"): code Resurs runs against the live API, so the best evidence of its contract. Its
 *   models name the fields (`Lib/Model/**`), its validation attributes give the limits
 *   (`#[StringLength]` counts bytes: PHP's `strlen`, `Lib/Attribute/Validation/StringLength.php`),
 *   its `Module/**` give the routes and which property holds a list (`extractProperty`).
 * - [O] ResursBank/ecom2, the same library's repository, for older spellings the adapter still
 *   accepts (named where used).
 *
 * Requests are strict (a field Resurs does not know, or an unknown enum value, fails); answers
 * are loose (Resurs may add fields). Nothing here is taken from this repository's adapter or
 * simulator.
 */
import { z } from 'zod';

const SHIPPED = 'common-repository/resurs-bank-payments-for-woocommerce@99c3b3f lib/ecom/src';
const RBDOCS = 'ResursBank/ResursBank.github.io@b235739';
/** Where each shape comes from, for a test's failure message or a reader. */
export const SOURCES = { shipped: SHIPPED, docs: RBDOCS } as const;

/** `#[StringLength(max)]`: PHP's strlen, so bytes of UTF-8, not characters. */
const maxBytes = (max: number, min = 0) =>
  z.string().refine((value) => {
    const bytes = new TextEncoder().encode(value).length;
    return bytes >= min && bytes <= max;
  }, `${min > 0 ? `${min} to ` : 'at most '}${max} bytes`);

/** `#[StringIsUuid]`, shipped `Lib/Attribute/Validation/StringIsUuid.php:34-36`. */
const uuid = z.string().regex(/^[\da-f]{8}-[\da-f]{4}-[0-5][\da-f]{3}-[\da-d][\da-f]{3}-[\da-f]{12}$/i, 'a UUID');

/** `#[FloatValue(scale: 2)]`: at most two decimals. */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const money = z.number().refine(twoDecimals, 'at most two decimals');

/** A query parameter: a number, as it travels in a URL. */
const numberParam = z.string().regex(/^-?\d+(\.\d+)?$/, 'a number');

/** [O] Pagination{number, size, totalElements, totalPages}, shipped `Lib/Model/PaymentMethod/Pagination.php:25-30`; [V] `page` in the stores answer of `attachments/59342921/59342929.json`. */
const page = z.object({ number: z.number().int(), size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Token: POST /oauth2/token
// ---------------------------------------------------------------------------------------------

/**
 * [V] `merchant-api-e-commerce.md` "Curl to get token": form-encoded `client_id`,
 * `client_secret`, `scope=merchant-api`, `grant_type=client_credentials`. [O] shipped
 * `Lib/Repository/Api/Mapi/GenerateToken.php` posts the same four fields.
 */
export const tokenRequest = z.strictObject({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  grant_type: z.literal('client_credentials'),
  scope: z.literal('merchant-api'),
});

/** [O] shipped `Lib/Model/Network/Auth/Jwt/Token.php`: {access_token, token_type, expires_in}; [V] "A token lasts for 3599 seconds". */
export const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string().min(1), expires_in: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * [V] Every error sample of `attachments/59342921/59342929.json` (e.g. "Create a new payment",
 * "400 Bad Request"): `{code, message, timestamp, traceId, validationErrors?[{fieldName,
 * message}]}`, `code` being the HTTP status as a string ("400"). [O] shipped
 * `Lib/Model/Network/Response/Error.php:26-32` (traceId, code, message, timestamp, none empty)
 * and `Lib/Network/Curl/ErrorHandler.php:80-95`, which reads `code` only when it is numeric.
 * Resurs publishes no list of other codes.
 */
export const errorAnswer = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
  timestamp: z.string().min(1),
  traceId: z.string().min(1),
  validationErrors: z.array(z.object({ fieldName: z.string(), message: z.string() })).optional(),
});

// ---------------------------------------------------------------------------------------------
// Stores: GET /v2/stores
// ---------------------------------------------------------------------------------------------

/**
 * [V] `merchant-api-e-commerce.md` and the Ecommerce Postman call it with
 * `?sort=popularName,asc&sort=nationalStoreId,desc&size=2000`; the older Postman with
 * `page=0&size=20&sort=…`. [O] shipped `Module/Store/Repository.php:53-122` sends `size`
 * (999999 by default), `page`, `sort`. The list is paged: without `size`, one page of the
 * server's default size.
 */
export const storesQuery = z.strictObject({ size: numberParam.optional(), page: numberParam.optional(), sort: z.string().optional() });

/** [O] shipped `Lib/Model/Store/Store.php:32-38`; `Module/Store/Enum/Country.php`. */
export const store = z.object({
  id: uuid,
  nationalStoreId: z.number().int().min(1),
  countryCode: z.enum(['SE', 'NO', 'FI', 'DK', 'UNKNOWN']),
  name: z.string().min(1),
  organizationNumber: z.string().nullish(),
});

/** [O] shipped `Module/Store/Repository.php:105-115`: the list under `content` (`extractProperty: 'content'`). */
export const storesAnswer = z.object({ content: z.array(store), page: page.optional() });

// ---------------------------------------------------------------------------------------------
// Payment methods: GET /v2/stores/{storeId}/payment_methods
// ---------------------------------------------------------------------------------------------

/** [O] shipped `Module/PaymentMethod/Repository.php:125-134` passes `amount` when it has one; [V] "If you input an amount in the request, the API will … not show the unavailable payment methods". */
export const paymentMethodsQuery = z.strictObject({ amount: numberParam.optional() });

/** [O] shipped `Lib/Order/PaymentMethod/Type.php`. */
export const PAYMENT_METHOD_TYPES = [
  'RESURS_CARD',
  'RESURS_NEW_CARD',
  'RESURS_REVOLVING_CREDIT',
  'RESURS_NEW_REVOLVING_CREDIT',
  'RESURS_INVOICE',
  'RESURS_PART_PAYMENT',
  'CARD',
  'DEBIT_CARD',
  'CREDIT_CARD',
  'SWISH',
  'INTERNET',
  'PAYPAL',
  'MASTERPASS',
  'OTHER',
  'RESURS_ZERO',
  'RESURS_INVOICE_ACCOUNT',
] as const;

/**
 * [O] shipped `Lib/Order/PaymentMethod/LegalLink/Type.php`; ecom2
 * `src/Lib/Model/PaymentMethod/LegalLink/Type.php@587b83b`. (`SEKKI` was the older ecom2
 * `Module/PaymentMethod/Enum/LegalLink/Type.php`.)
 */
export const LEGAL_LINK_TYPES = ['GENERAL_TERMS', 'SECCI', 'PRICE_INFO'] as const;

/**
 * [O] shipped `Lib/Model/PaymentMethod/LegalLink.php:25-29`: `{url, type, appendAmount}`; a link
 * with `appendAmount` gets the amount written after it (shipped
 * `Module/PaymentMethod/Widget/read-more.phtml:33`: `url . amount`). (`needToAppendPriceLast` was
 * the older ecom2 `Module/PaymentMethod/Models/PaymentMethod/LegalLink.php@28ff40e`.)
 */
export const legalLink = z.object({ url: z.url(), type: z.enum(LEGAL_LINK_TYPES), appendAmount: z.boolean() });

/** [O] shipped `Lib/Model/PaymentMethod.php:34-49`. */
export const paymentMethod = z.object({
  id: uuid,
  name: z.string().min(1),
  type: z.enum(PAYMENT_METHOD_TYPES),
  minPurchaseLimit: z.number(),
  maxPurchaseLimit: z.number(),
  minApplicationLimit: z.number(),
  maxApplicationLimit: z.number(),
  legalLinks: z.array(legalLink),
  enabledForLegalCustomer: z.boolean(),
  enabledForNaturalCustomer: z.boolean(),
  priceSignagePossible: z.boolean(),
});

/**
 * [O] shipped `Module/PaymentMethod/Repository.php:128-133` (ecom2 the same @b35f668): route
 * `v2/stores/{id}/payment_methods`, the list under `content`; `Lib/Repository/Traits/DataResolver.php`
 * fails an answer without it. (`paymentMethods` was the obsolete mock route's, ecom2
 * `Module/PaymentMethod/Api/GetPaymentMethods.php@225238a`.)
 */
export const paymentMethodsAnswer = z.object({ content: z.array(paymentMethod) });

// ---------------------------------------------------------------------------------------------
// Price signage: GET /v2/stores/{storeId}/payment_methods/{id}/price_signage?amount=
// ---------------------------------------------------------------------------------------------

/** [V] Ecommerce Postman "Data for "pay from"-module": `?amount=9999`; [O] shipped `Module/PriceSignage/Repository.php` `getApi`: `['amount' => $amount]`. */
export const priceSignageQuery = z.strictObject({ amount: numberParam });

/** [O] shipped `Lib/Model/PriceSignage/UriLink.php:23-26`. */
const uriLink = z.object({ uri: z.url(), language: z.string() });

/** [O] shipped `Lib/Model/PriceSignage/Cost.php:28-35` (every figure at least 0). */
export const cost = z.object({
  interest: z.number().min(0),
  durationMonths: z.number().int().min(0),
  totalCost: z.number().min(0),
  monthlyCost: z.number().min(0),
  administrationFee: z.number().min(0),
  effectiveInterest: z.number().min(0),
});

/** [O] shipped `Lib/Model/PriceSignage/PriceSignage.php:28-32` (the three lists required). */
export const priceSignageAnswer = z.object({ secciLinks: z.array(uriLink), generalTermsLinks: z.array(uriLink), costList: z.array(cost) });

// ---------------------------------------------------------------------------------------------
// Create payment: POST /v2/payments
// ---------------------------------------------------------------------------------------------

/** [O] shipped `Lib/Order/OrderLineType.php`. */
export const ORDER_LINE_TYPES = ['NORMAL', 'PHYSICAL_GOODS', 'DIGITAL_GOODS', 'DISCOUNT', 'SHIPPING', 'FEE', 'GIFT_CARD', 'OTHER_PAYMENT'] as const;

/** [O] shipped `Lib/Order/CustomerType.php`. */
export const CUSTOMER_TYPES = ['NATURAL', 'LEGAL'] as const;

/** [O] shipped `Lib/Model/Payment/Order/ActionLog/OrderLine.php:35-51`. */
const orderLineFields = {
  quantity: money.min(0.01),
  quantityUnit: maxBytes(50),
  vatRate: z.number().min(0).max(100).refine(twoDecimals, 'at most two decimals'),
  totalAmountIncludingVat: money,
  description: maxBytes(100).optional(),
  reference: maxBytes(50).optional(),
  type: z.enum(ORDER_LINE_TYPES).optional(),
  unitAmountIncludingVat: money.optional(),
  totalVatAmount: money.optional(),
};
export const orderLine = z.strictObject(orderLineFields);

/**
 * The order reference: [O] shipped `Lib/Model/Payment/CreatePaymentRequest/Order.php:37`
 * (ecom2 the same @9480c5b) `#[StringMatchesRegex('/^[\w\-_\/]{1,32}$/')]`: 1 to 32 letters,
 * digits, `_`, `-` and `/` (PCRE's `\w` without the u flag is ASCII, as JavaScript's). Optional:
 * [V] "if it's not provided by you it will be set by Resurs Bank".
 */
export const ORDER_REFERENCE = /^[\w\-/]{1,32}$/;

/** [O] shipped `Lib/Model/Payment/CreatePaymentRequest/Order.php:33-38`: 1 to 1000 lines. */
const order = z.strictObject({ orderLines: z.array(orderLine).min(1).max(1000), orderReference: z.string().regex(ORDER_REFERENCE, '1 to 32 of A-Z a-z 0-9 _ - /').optional() });

/**
 * [O] shipped `Lib/Model/Address.php:28-37`: `fullName`, `firstName`, `lastName` at most 50
 * bytes (line 34 for `fullName`), `postalCode` `^[ \d]{1,10}$`. [V] the create-payment example
 * sends `countryCode` with it.
 */
export const address = z.strictObject({
  addressRow1: maxBytes(100, 1),
  postalArea: maxBytes(50, 1),
  postalCode: z.string().regex(/^[ \d]{1,10}$/, '1 to 10 digits or spaces'),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2').optional(),
  fullName: maxBytes(50).optional(),
  firstName: maxBytes(50).optional(),
  lastName: maxBytes(50).optional(),
  addressRow2: maxBytes(100).optional(),
});

/** [O] shipped `Lib/Model/Payment/Customer/DeviceInfo.php:29-35`. */
const deviceInfo = z.strictObject({ ip: z.union([z.ipv4(), z.ipv6()]).optional(), userAgent: maxBytes(200, 1).optional() });

/** [O] shipped `Lib/Model/Payment/Customer.php:44-53` (email checked as an address). */
const customer = z.strictObject({
  deliveryAddress: address.optional(),
  customerType: z.enum(CUSTOMER_TYPES).optional(),
  contactPerson: z.string().optional(),
  email: z.email().optional(),
  governmentId: z.string().min(1).optional(),
  mobilePhone: z.string().optional(),
  deviceInfo: deviceInfo.optional(),
});

/** [O] shipped `Lib/Model/Payment/CreatePaymentRequest/Application.php`. */
const application = z.strictObject({
  requestedCreditLimit: z.number().min(0).optional(),
  applicationData: z.union([z.array(z.string()), z.record(z.string(), z.string())]).optional(),
});

/**
 * [O] shipped `Lib/Model/Payment/Metadata.php`, `Metadata/Entry.php` (key 1-50 bytes, value at
 * most 1000), `Module/Payment/Api/Create.php:112-118` (`custom` sent as a list); [V] the
 * create-payment example's `metadata.creator`.
 */
const metadata = z.strictObject({
  creator: z.string().optional(),
  custom: z.array(z.strictObject({ key: maxBytes(50, 1), value: maxBytes(1000) })).optional(),
});

/** [O] shipped `Options/ParticipantRedirectionUrls.php`, `Options/RedirectionUrls.php`. */
const participantUrls = z.strictObject({ failUrl: z.url().optional(), successUrl: z.url().optional() });

/**
 * [O] shipped `Lib/Model/Payment/CreatePaymentRequest/Options.php:35-61` (`timeToLiveInMinutes`
 * 1-43200; `automaticCapture` may not be true with `handleFrozenPayments`), `Options/Callbacks.php`,
 * `Options/Callback.php`; [V] the create-payment example also sends `deliverLinks`.
 */
const options = z
  .strictObject({
    initiatedOnCustomersDevice: z.boolean().optional(),
    handleManualInspection: z.boolean().optional(),
    handleFrozenPayments: z.boolean().optional(),
    automaticCapture: z.boolean().optional(),
    deliverLinks: z.boolean().optional(),
    redirectionUrls: z.strictObject({ customer: participantUrls.optional(), coApplicant: participantUrls.optional(), merchant: participantUrls.optional() }).optional(),
    callbacks: z.strictObject({ authorization: z.strictObject({ url: z.url() }).optional(), management: z.strictObject({ url: z.url() }).optional() }).optional(),
    timeToLiveInMinutes: z.number().int().min(1).max(43_200).optional(),
  })
  .refine((o) => !(o.handleFrozenPayments === true && o.automaticCapture === true), {
    message: 'automaticCapture cannot be true when handleFrozenPayments is true',
    path: ['automaticCapture'],
  });

/**
 * [O] shipped `Lib/Model/Payment/CreatePaymentRequest.php` (storeId, paymentMethodId and order
 * required) and `Module/Payment/Api/Create.php:86-124`; [V] the example in
 * `merchant-api-e-commerce.md` "Create payment".
 */
export const createPaymentRequest = z.strictObject({
  storeId: uuid,
  paymentMethodId: uuid,
  order,
  application: application.optional(),
  customer: customer.optional(),
  metadata: metadata.optional(),
  options: options.optional(),
});

// ---------------------------------------------------------------------------------------------
// The payment: answered by create, GET /v2/payments/{id}, search, capture, refund and cancel
// ---------------------------------------------------------------------------------------------

/** [O] shipped `Module/Payment/Enum/Status.php`; ecom2 `Lib/Model/Payment/Enum/Status.php`. */
export const PAYMENT_STATUSES = ['TASK_REDIRECTION_REQUIRED', 'INSPECTION', 'SUPPLEMENTING_REQUIRED', 'FROZEN', 'ACCEPTED', 'REJECTED'] as const;

/** [O] shipped `Module/Payment/Enum/RejectedReasonCategory.php`. */
export const REJECTED_REASON_CATEGORIES = [
  'UNKNOWN',
  'TECHNICAL_ERROR',
  'CREDIT_DENIED',
  'PAYMENT_FROZEN',
  'TIMEOUT',
  'ABORTED_BY_CUSTOMER',
  'INSUFFICIENT_FUNDS',
  'CANCELED',
] as const;

/** [O] shipped `Module/Payment/Enum/ActionType.php`: what an entry of the order's action log records. */
export const ACTION_TYPES = ['CREATE', 'MODIFY_ORDER', 'CAPTURE', 'REFUND', 'CANCEL'] as const;
/** [O] shipped `Module/Payment/Enum/PossibleAction.php`: what the merchant may do with the payment now. */
export const POSSIBLE_ACTIONS = ['CAPTURE', 'PARTIAL_CAPTURE', 'REFUND', 'PARTIAL_REFUND', 'CANCEL', 'PARTIAL_CANCEL'] as const;

/**
 * [O] shipped `Lib/Model/Payment/Order/ActionLog.php`, `Order/PossibleAction.php`, `Lib/Model/Payment/Order.php:30-41` (the answer's reference: `^[\w\-_]{1,36}$`).
 * The amounts, as the shipped library reads them (`Lib/Model/Payment.php:214-258`): `authorizedAmount`
 * is what is still authorized, neither captured nor cancelled (0 once all of it is captured or
 * cancelled); `capturedAmount` all that was captured, `refundedAmount` all of that refunded;
 * `canceledAmount` all that was cancelled; `totalOrderAmount` the order's lines. The WooCommerce
 * plugin refunds at most `capturedAmount - refundedAmount` (`src/Modules/OrderManagement/Action/Refund.php:92`).
 */
const paymentOrder = z.object({
  orderReference: z.string().regex(/^[\w-]{1,36}$/),
  actionLog: z.array(
    z.object({
      actionId: z.string().min(1),
      type: z.enum(ACTION_TYPES),
      created: z.string().min(1),
      orderLines: z.array(z.object(orderLineFields)),
      transactionId: z.string().nullish(),
      creator: z.string().nullish(),
    }),
  ),
  possibleActions: z.array(z.object({ action: z.enum(POSSIBLE_ACTIONS).nullish() })),
  totalOrderAmount: z.number(),
  canceledAmount: z.number(),
  authorizedAmount: z.number(),
  capturedAmount: z.number(),
  refundedAmount: z.number(),
});

/**
 * [O] shipped `Lib/Model/Payment.php:46-60`, with `Payment/Customer.php`, `Payment/RejectedReason.php`,
 * `Payment/PaymentMethod.php`, `Payment/ApplicationResponse.php`, `Payment/Metadata.php`,
 * `Payment/TaskRedirectionUrls.php` (`merchantUrl` and `customerUrl` required when there is one).
 * `order` may be absent (nullable in the model).
 */
export const paymentAnswer = z.object({
  id: uuid,
  created: z.string().min(1),
  storeId: uuid,
  customer: z.object({
    deliveryAddress: z.object({ addressRow1: z.string(), postalArea: z.string(), postalCode: z.string() }).nullish(),
    customerType: z.enum(CUSTOMER_TYPES).nullish(),
    contactPerson: z.string().nullish(),
    email: z.string().nullish(),
    governmentId: z.string().nullish(),
    mobilePhone: z.string().nullish(),
    deviceInfo: z.object({ ip: z.string().nullish(), userAgent: z.string().nullish() }).nullish(),
  }),
  status: z.enum(PAYMENT_STATUSES),
  rejectedReason: z.object({ category: z.enum(REJECTED_REASON_CATEGORIES).nullish() }).nullish(),
  paymentActions: z.array(z.unknown()).optional(),
  paymentMethod: z.object({ name: z.string().min(1) }).nullish(),
  countryCode: z.string().regex(/^[A-Z]{2}$/).nullish(),
  order: paymentOrder.nullish(),
  application: z.object({ requestedCreditLimit: z.number(), approvedCreditLimit: z.number().int().nullish(), reference: z.number().int().nullish() }).nullish(),
  metadata: z.object({ creator: z.string().nullish(), custom: z.array(z.object({ key: z.string(), value: z.string() })).nullish() }).nullish(),
  taskRedirectionUrls: z.object({ merchantUrl: z.url(), customerUrl: z.url(), coApplicantUrl: z.url().nullish() }).nullish(),
});

// ---------------------------------------------------------------------------------------------
// Search: POST /v2/payments/search
// ---------------------------------------------------------------------------------------------

/** [O] shipped `Module/Payment/Api/Search.php:112-136`: `storeId` always, `orderReference` and `governmentId` when given. */
export const searchRequest = z.strictObject({ storeId: uuid, orderReference: z.string().min(1).optional(), governmentId: z.string().min(1).optional() });

/** [O] shipped `Module/Payment/Api/Search.php:79-100`: the payments under `content`. */
export const searchAnswer = z.object({ content: z.array(paymentAnswer), page: page.optional() });

// ---------------------------------------------------------------------------------------------
// Task status: GET /v2/payments/{id}/tasks/status
// ---------------------------------------------------------------------------------------------

const customerTask = z.object({ customerUrl: z.string(), hasActiveTask: z.boolean() });

/** [O] shipped `Module/Payment/Repository.php:403`, `Lib/Model/Payment/TaskStatusDetails.php:29-34`, `Status/CustomerTaskData.php`, `Status/MerchantTaskData.php`. */
export const taskStatusAnswer = z.object({
  completed: z.boolean(),
  customer: customerTask.nullish(),
  merchant: z.object({ merchantUrl: z.string() }).nullish(),
  coApplication: customerTask.nullish(),
});

// ---------------------------------------------------------------------------------------------
// After the sale: POST /v2/payments/{id}/capture, /refund, /cancel
// ---------------------------------------------------------------------------------------------
//
// [V] `docs/merchant-api-2-0/payment-management.md`: capture "after the payment is created", refund
// what "is captured", cancel what is "created but not yet captured"; without order lines, all
// that the call can take ("all not yet captured order lines", "all captured not yet refunded order
// lines", "everything that can be canceled"). The Postman collection "Payment management for
// partners" (`attachments/91029652/109805620.json`) sends each one `{creator, orderLines}`.
// [O] shipped `Module/Payment/Api/Capture.php`, `Refund.php`, `Cancel.php`: each sends only what it
// is given (`{}` when nothing, `forceObject`) and answers the payment (`Lib/Model/Payment.php`).
// ecom `README.md:52-76`: the lines of an action are not matched to the order's; Resurs checks
// only that there is money enough for the call ("you cannot capture / credit more than the payment
// is worth"). Resurs publishes neither the status nor the message of such a refusal.

/** [O] shipped `Lib/Model/Payment/Order/ActionLog.php:70-80`: an action has 1 to 1000 order lines. */
const actionLines = z.array(orderLine).min(1).max(1000);

/**
 * [O] shipped `Module/Payment/Api/*`: `creator` and `transactionId` are sent only when non-empty
 * (`if ($creator)`). ecom `README.md:1198-1205`: `creator`, "reference to the person who performed
 * the capture"; `transactionId`, "*your* reference to the event. This will appear in the
 * accounting file" ([V] `docs/merchant-api-2-0/index.md`, "Output in accounting file"). Neither has
 * a published length limit.
 */
const creator = z.string().min(1);
const transactionId = z.string().min(1);

/**
 * [V] "Capture Payment" (Postman; `payment-management.md`). [O] shipped `Module/Payment/Api/Capture.php:73-79,198-223`:
 * `{orderLines?, creator?, transactionId?, invoiceOptions?: {invoiceId}}`.
 */
export const captureRequest = z.strictObject({
  orderLines: actionLines.optional(),
  creator: creator.optional(),
  transactionId: transactionId.optional(),
  invoiceOptions: z.strictObject({ invoiceId: z.string().min(1) }).optional(),
});

/**
 * [V] "Refund Payment" (Postman; `payment-management.md`). [O] shipped `Module/Payment/Api/Refund.php:73-79,155-180`:
 * `{orderLines?, creator?, transactionId?, refundNoteOptions?: {refundNoteId}}`.
 */
export const refundRequest = z.strictObject({
  orderLines: actionLines.optional(),
  creator: creator.optional(),
  transactionId: transactionId.optional(),
  refundNoteOptions: z.strictObject({ refundNoteId: z.string().min(1) }).optional(),
});

/**
 * [V] "Cancel Payment" (Postman; `payment-management.md`). [O] shipped `Module/Payment/Api/Cancel.php:71-137`:
 * `{}` for the whole payment, or `{orderLines?, creator?}`; no transactionId.
 */
export const cancelRequest = z.strictObject({ orderLines: actionLines.optional(), creator: creator.optional() });

// ---------------------------------------------------------------------------------------------
// Authorization callback: POST to options.callbacks.authorization.url
// ---------------------------------------------------------------------------------------------

/** [O] shipped `Lib/Model/Callback/Authorization.php`, `Lib/Model/Callback/Enum/Status.php`. */
export const authorizationCallback = z.object({
  paymentId: uuid,
  status: z.enum(['AUTHORIZED', 'CAPTURED', 'FROZEN', 'REJECTED']),
  created: z.string().min(1),
  checkoutId: z.string().nullish(),
});
