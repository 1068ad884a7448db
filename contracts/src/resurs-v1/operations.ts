/**
 * The operations Resurs' ecommerce V4 SOAP services have, as Resurs' official PHP library lists
 * them in the clients it generated from Resurs' own WSDLs (wsdl2phpgenerator):
 *
 * - [O] ResursBank/ecomphp@1.1.12 (564986eb52dbf67623a8b6cd425d30eff64570eb)
 *   `source/rbwsdl/simplifiedshopflowservice-client/Resurs_SimplifiedShopFlowService.php:143-251`
 *   (one method per operation; default WSDL
 *   `https://test.resurs.com/ecommerce-test/ws/V4/SimplifiedShopFlowService?wsdl`, :117)
 * - [O] same tag, `source/rbwsdl/aftershopflowservice-client/Resurs_AfterShopFlowService.php:139-307`
 *   (default WSDL `…/V4/AfterShopFlowService?wsdl`, :113); the same thirteen operations as the
 *   portType of the AfterShopFlowService WSDL cached in the soapUI project Resurs publishes with its
 *   documentation [V ResursBank/ResursBank.github.io@b235739 docs/testing/soapui-testing-suite.xml:3242-3400]
 *
 * Resurs publishes no WSDL file; its documentation (ResursBank/ResursBank.github.io@b235739,
 * `docs/simplified-flow-api/*`, `docs/after-shop-service-api/*`) documents a subset of these
 * and no operation beyond them. An operation not listed here is not Resurs'.
 */

export const RESURS_V1_SERVICES = {
  shopFlow: 'SimplifiedShopFlowService',
  afterShopFlow: 'AfterShopFlowService',
} as const;
export type ResursV1Service = keyof typeof RESURS_V1_SERVICES;

/** The namespace of each service's messages [V every XML example; O the generated clients]. */
export const RESURS_V1_NAMESPACES = {
  shopFlow: 'http://ecommerce.resurs.com/v4/msg/simplifiedshopflow',
  afterShopFlow: 'http://ecommerce.resurs.com/v4/msg/aftershopflow',
  /** ECommerceError, the content of every fault. */
  exception: 'http://ecommerce.resurs.com/v4/msg/exception',
} as const;

export const RESURS_V1_OPERATIONS = {
  shopFlow: [
    'getCostOfPurchaseHtml',
    'getPaymentMethods',
    'getAnnuityFactors',
    'getAddress',
    'getCustomerBonus',
    'invalidateCustomerIdentificationToken',
    'issueCustomerIdentificationToken',
    'bookSignedPayment',
    'bookPayment',
  ],
  afterShopFlow: [
    'additionalDebitOfPayment',
    'finalizePayment',
    'annulPayment',
    'creditPayment',
    'addMetaData',
    'getPayment',
    'getPaymentDocumentNames',
    'getPaymentDocument',
    'calculateResultSize',
    'findPayments',
    'insertBonusPoints',
    'withdrawBonusPoints',
    'getCustomerBonus',
  ],
} as const satisfies Record<ResursV1Service, readonly string[]>;

/**
 * The answer element of each operation the portal calls: `<operation>Response`, except
 * bookSignedPayment, which Resurs answers with bookPaymentResponse [O
 * Resurs_SimplifiedShopFlowService.php:227-238 `@return bookPaymentResponse`; V
 * docs/simplified-flow-api/index.md:340-368].
 */
export const RESURS_V1_RESPONSE_ELEMENTS: Readonly<Record<string, string>> = {
  bookSignedPayment: 'bookPaymentResponse',
};

export const responseElementOf = (operation: string): string => RESURS_V1_RESPONSE_ELEMENTS[operation] ?? `${operation}Response`;

export function isPublishedOperation(service: ResursV1Service, operation: string): boolean {
  return (RESURS_V1_OPERATIONS[service] as readonly string[]).includes(operation);
}
