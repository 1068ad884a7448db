/**
 * What the adapter takes from Resurs' ecommerce V4 contract, beside the WSDLs themselves, which
 * it reads from Resurs (`<service>?wsdl`, soap-transport.ts) rather than keeping a copy: the
 * services and the operations it calls, the error types it reads, and the metaData keys it
 * writes. server/test/resurs-v1.test.ts checks that the WSDL served describes these operations.
 */

export const SERVICES = {
  shopFlow: 'SimplifiedShopFlowService',
  afterShopFlow: 'AfterShopFlowService',
} as const;
export type ResursService = keyof typeof SERVICES;

/** The operations the adapter calls, by service. */
export const OPERATIONS = {
  shopFlow: ['getPaymentMethods', 'getAnnuityFactors', 'getCostOfPurchaseHtml', 'bookPayment', 'bookSignedPayment', 'getIndividualizedTerms'],
  afterShopFlow: ['getPayment', 'annulPayment'],
} as const satisfies Record<ResursService, readonly string[]>;

/**
 * metaData keys of bookPayment (our choice, written down in the simulator's README): v1 has no
 * field for the payment plan the customer chose, nor for the student offer's account key.
 */
export const METADATA_KEYS = { paymentPlanDuration: 'paymentPlanDuration', accountKey: 'accountKey' } as const;

/**
 * ECommerceError.errorTypeId values, from Resurs' official PHP library (ecomphp) and the list of
 * error types Resurs publishes (ResursBank.github.io, "Error handling (Resurs error codes)").
 */
export const ECOMMERCE_ERROR_TYPES = {
  ILLEGAL_ARGUMENT: 1,
  INTERNAL_ERROR: 3,
  NOT_ALLOWED: 4,
  REFERENCED_DATA_DONT_EXISTS: 8,
  NOT_ALLOWED_IN_ORDER_STATE: 9,
  CREDITAPPLICATION_FAILED: 10,
  SIGNING_REQUIRED: 15,
  AUTHORIZATION_FAILED: 17,
  APPLICATION_VALIDATION_ERROR: 18,
  OBJECT_WITH_ID_ALREADY_EXIST: 19,
  NOT_ALLOWED_IN_PAYMENT_STATE: 20,
  INVALID_IDENTIFICATION: 30,
  INVALID_AUTHENTICATION: 35,
  ANNUL_FAILED: 36,
} as const;
export type ECommerceErrorType = keyof typeof ECOMMERCE_ERROR_TYPES;

export function errorTypeName(id: number): string {
  const found = Object.entries(ECOMMERCE_ERROR_TYPES).find(([, value]) => value === id);
  return found ? found[0] : `ECOMMERCE_ERROR_${id}`;
}
