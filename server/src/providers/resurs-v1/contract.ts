/**
 * What the adapter takes from Resurs' ecommerce V4 contract, beside the WSDLs themselves, which
 * it reads from Resurs (`<service>?wsdl`, soap-transport.ts) rather than keeping a copy: the
 * services and the operations it calls, the error types it reads, and the metaData keys it
 * writes. server/test/contracts/resurs-v1.test.ts holds the operations to the list Resurs
 * publishes (the clients generated from its WSDLs in ecomphp) and to the WSDL the simulator serves.
 */

export const SERVICES = {
  shopFlow: 'SimplifiedShopFlowService',
  afterShopFlow: 'AfterShopFlowService',
} as const;
export type ResursService = keyof typeof SERVICES;

/** The operations the adapter calls, by service. */
export const OPERATIONS = {
  shopFlow: ['getPaymentMethods', 'getAnnuityFactors', 'getCostOfPurchaseHtml', 'bookPayment', 'bookSignedPayment'],
  afterShopFlow: ['getPayment', 'annulPayment', 'finalizePayment', 'creditPayment'],
} as const satisfies Record<ResursService, readonly string[]>;

/**
 * metaData keys of bookPayment (our choice, written down in the simulator's README): v1 has no
 * field for the payment plan the customer chose, nor for the student offer's account key. Resurs
 * gives meaning to no metaData key but invoiceExtRef and CustomerId (docs
 * development/recognized-metadata.md: "Generally we don't look at the metadata"): these are notes
 * on the payment, harmless, and the period is not a term Resurs books (with PART_PAYMENT the
 * customer chooses the plan on the first payment slip, docs simplified-flow-api/getpaymentmethods.md).
 */
export const METADATA_KEYS = { paymentPlanDuration: 'paymentPlanDuration', accountKey: 'accountKey' } as const;

/**
 * ECommerceError.errorTypeId values: the list of error types Resurs publishes
 * (ResursBank.github.io, development/errors--problem-solving-and-corner-cases/resurs-error-codes.md,
 * "old error codes will remain unchanged").
 */
export const ECOMMERCE_ERROR_TYPES = {
  ILLEGAL_ARGUMENT: 1,
  INTERNAL_ERROR: 3,
  NOT_ALLOWED: 4,
  REFERENCED_DATA_DONT_EXISTS: 8,
  NOT_ALLOWED_IN_ORDER_STATE: 9,
  CREDITAPPLICATION_FAILED: 10,
  NOT_IMPLEMENTED: 11,
  INVALID_CREDITAPPLICATION_SUBMISSION: 14,
  SIGNING_REQUIRED: 15,
  AUTHORIZATION_FAILED: 17,
  APPLICATION_VALIDATION_ERROR: 18,
  OBJECT_WITH_ID_ALREADY_EXIST: 19,
  NOT_ALLOWED_IN_PAYMENT_STATE: 20,
  CUSTOMER_CONFIGURATION_EXCEPTION: 21,
  SERVICE_CONFIGURATION_EXCEPTION: 22,
  INVALID_CREDITING: 23,
  LIMIT_PER_TIME_EXCEEDED: 24,
  NOT_ALLOWED_IN_CURRENT_STATE: 25,
  INVALID_FINALIZATION: 26,
  FORM_PARSING: 27,
  NOT_ALLOWED_INVOICE_ID: 28,
  ALREADY_EXISTS_INVOICE_ID: 29,
  INVALID_IDENTIFICATION: 30,
  TO_MANY_TOKENS: 31,
  CUSTOMER_ALREADY_HAVE_VALID_CARD: 32,
  CUSTOMER_HAS_NO_VALID_CARD: 33,
  CUSTOMER_HAS_MORE_THAN_ONE_VALID_CARD: 34,
  INVALID_AUTHENTICATION: 35,
  ANNUL_FAILED: 36,
  CUSTOMER_HAS_NO_VALID_ACCOUNT: 37,
  LEGACY_EXCEPTION: 99,
  WEAK_PASSWORD: 502,
  NOT_AUTHORIZED: 503,
} as const;
export type ECommerceErrorType = keyof typeof ECOMMERCE_ERROR_TYPES;

export function errorTypeName(id: number): string {
  const found = Object.entries(ECOMMERCE_ERROR_TYPES).find(([, value]) => value === id);
  return found ? found[0] : `ECOMMERCE_ERROR_${id}`;
}
