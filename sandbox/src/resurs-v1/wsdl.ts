/**
 * The WSDLs of Resurs' ecommerce V4 services as far as the portal uses them: the provider's
 * documents, served by this simulator at `…/<service>?wsdl` as Resurs serves its own. The
 * portal's adapter reads them from there (or from Resurs), and keeps no copy.
 *
 * Resurs publishes no WSDL file of today's services (its documentation links the test service's
 * `?wsdl`, behind an account), so this is written from what it does publish: the operations are those of the clients
 * Resurs generated from its WSDLs (ecomphp 1.1.12), names, namespaces, element order and
 * occurrence those of its documentation's types and XML examples (@portal/contracts/resurs-v1),
 * and server/test/contracts/resurs-v1.test.ts holds this file to both. Elements the portal never
 * sends or reads are left out (an optional element may be). Resurs' extendedCustomer extends
 * customer; it is written out flat here, which is the same XML. The after-shop operations
 * (finalizePayment, creditPayment, annulPayment) and paymentDiff follow AfterShopFlowService's
 * schemas as cached in the soapUI project Resurs publishes with its documentation
 * (ResursBank/ResursBank.github.io docs/testing/soapui-testing-suite.xml, from 2013-2014), except
 * where today's documentation differs (finalizePayment's partPaymentSpec is required).
 */

export const SIMPLIFIED_SHOP_FLOW_SERVICE = 'SimplifiedShopFlowService';
export const AFTER_SHOP_FLOW_SERVICE = 'AfterShopFlowService';
export const SIMPLIFIED_SHOP_FLOW_PORT = 'SimplifiedShopFlowServicePort';
export const AFTER_SHOP_FLOW_PORT = 'AfterShopFlowServicePort';

export const NAMESPACES = {
  simplifiedShopFlow: 'http://ecommerce.resurs.com/v4/msg/simplifiedshopflow',
  afterShopFlow: 'http://ecommerce.resurs.com/v4/msg/aftershopflow',
  exception: 'http://ecommerce.resurs.com/v4/msg/exception',
} as const;

/**
 * The ECommerceError types this Resurs sends, with their errorTypeId (from Resurs' official PHP
 * library, ecomphp, and the error list Resurs publishes) and whether the caller can fix the
 * request (fixableByYou: every one but an internal error).
 */
export const ECOMMERCE_ERRORS = {
  ILLEGAL_ARGUMENT: { errorTypeId: 1, fixableByYou: true },
  INTERNAL_ERROR: { errorTypeId: 3, fixableByYou: false },
  NOT_ALLOWED: { errorTypeId: 4, fixableByYou: true },
  REFERENCED_DATA_DONT_EXISTS: { errorTypeId: 8, fixableByYou: true },
  NOT_ALLOWED_IN_ORDER_STATE: { errorTypeId: 9, fixableByYou: true },
  CREDITAPPLICATION_FAILED: { errorTypeId: 10, fixableByYou: true },
  SIGNING_REQUIRED: { errorTypeId: 15, fixableByYou: true },
  AUTHORIZATION_FAILED: { errorTypeId: 17, fixableByYou: true },
  APPLICATION_VALIDATION_ERROR: { errorTypeId: 18, fixableByYou: true },
  OBJECT_WITH_ID_ALREADY_EXIST: { errorTypeId: 19, fixableByYou: true },
  NOT_ALLOWED_IN_PAYMENT_STATE: { errorTypeId: 20, fixableByYou: true },
  INVALID_CREDITING: { errorTypeId: 23, fixableByYou: true },
  NOT_ALLOWED_IN_CURRENT_STATE: { errorTypeId: 25, fixableByYou: true },
  INVALID_FINALIZATION: { errorTypeId: 26, fixableByYou: true },
  NOT_ALLOWED_INVOICE_ID: { errorTypeId: 28, fixableByYou: true },
  INVALID_IDENTIFICATION: { errorTypeId: 30, fixableByYou: true },
  INVALID_AUTHENTICATION: { errorTypeId: 35, fixableByYou: true },
  ANNUL_FAILED: { errorTypeId: 36, fixableByYou: true },
} as const;
export type ECommerceErrorType = keyof typeof ECOMMERCE_ERRORS;

const XS = 'http://www.w3.org/2001/XMLSchema';

const exceptionSchema = `
    <xs:schema targetNamespace="${NAMESPACES.exception}" elementFormDefault="unqualified">
      <xs:complexType name="ECommerceError">
        <xs:sequence>
          <xs:element name="errorTypeDescription" type="xs:string"/>
          <xs:element name="errorTypeId" type="xs:int"/>
          <xs:element name="fixableByYou" type="xs:boolean"/>
          <xs:element name="userErrorMessage" type="xs:string"/>
        </xs:sequence>
      </xs:complexType>
      <xs:element name="ECommerceError" type="ex:ECommerceError"/>
    </xs:schema>`;

/** Types both services share, declared in each service's own namespace as Resurs does. */
const sharedTypes = `
      <xs:simpleType name="id">
        <xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="60"/></xs:restriction>
      </xs:simpleType>
      <xs:simpleType name="customerType">
        <xs:restriction base="xs:string">
          <xs:enumeration value="NATURAL"/><xs:enumeration value="LEGAL"/>
        </xs:restriction>
      </xs:simpleType>
      <xs:simpleType name="countryCode">
        <xs:restriction base="xs:string">
          <xs:enumeration value="SE"/><xs:enumeration value="DK"/><xs:enumeration value="NO"/><xs:enumeration value="FI"/>
        </xs:restriction>
      </xs:simpleType>
      <xs:simpleType name="paymentMethodType">
        <xs:restriction base="xs:string">
          <xs:enumeration value="INVOICE"/><xs:enumeration value="REVOLVING_CREDIT"/><xs:enumeration value="CARD"/>
          <xs:enumeration value="PAYMENT_PROVIDER"/>
        </xs:restriction>
      </xs:simpleType>
      <xs:complexType name="address">
        <xs:sequence>
          <xs:element name="fullName" type="xs:string" minOccurs="0"/>
          <xs:element name="firstName" type="xs:string" minOccurs="0"/>
          <xs:element name="lastName" type="xs:string" minOccurs="0"/>
          <xs:element name="addressRow1" type="xs:string"/>
          <xs:element name="addressRow2" type="xs:string" minOccurs="0"/>
          <xs:element name="postalArea" type="xs:string"/>
          <xs:element name="postalCode" type="xs:string"/>
          <xs:element name="country" type="tns:countryCode"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="customer">
        <xs:sequence>
          <xs:element name="governmentId" type="xs:string" minOccurs="0"/>
          <xs:element name="address" type="tns:address"/>
          <xs:element name="phone" type="xs:string" minOccurs="0"/>
          <xs:element name="email" type="xs:string" minOccurs="0"/>
          <xs:element name="type" type="tns:customerType"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="mapEntry">
        <xs:sequence>
          <xs:element name="key" type="xs:string"/>
          <xs:element name="value" type="xs:string" minOccurs="0"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="specLine">
        <xs:sequence>
          <xs:element name="id" type="tns:id"/>
          <xs:element name="artNo" type="xs:string"/>
          <xs:element name="description" type="xs:string" nillable="true"/>
          <xs:element name="quantity" type="xs:decimal"/>
          <xs:element name="unitMeasure" type="xs:string"/>
          <xs:element name="unitAmountWithoutVat" type="xs:decimal"/>
          <xs:element name="vatPct" type="xs:decimal"/>
          <xs:element name="totalVatAmount" type="xs:decimal"/>
          <xs:element name="totalAmount" type="xs:decimal"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="paymentSpec">
        <xs:sequence>
          <xs:element name="specLines" type="tns:specLine" minOccurs="0" maxOccurs="unbounded"/>
          <xs:element name="totalAmount" type="xs:decimal"/>
          <xs:element name="totalVatAmount" type="xs:decimal" minOccurs="0" nillable="true"/>
        </xs:sequence>
      </xs:complexType>`;

function definitions(options: {
  service: string;
  port: string;
  namespace: string;
  location: string;
  types: string;
  operations: { name: string; input: string; output: string }[];
}): string {
  const { service, port, namespace, location, types, operations } = options;
  const messages = new Set(operations.flatMap((o) => [o.input, o.output]));
  return `<?xml version="1.0" encoding="UTF-8"?>
<wsdl:definitions name="${service}" targetNamespace="${namespace}"
  xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
  xmlns:xs="${XS}" xmlns:tns="${namespace}" xmlns:ex="${NAMESPACES.exception}">
  <wsdl:types>${exceptionSchema}
    <xs:schema targetNamespace="${namespace}" elementFormDefault="unqualified">${sharedTypes}${types}
    </xs:schema>
  </wsdl:types>
${[...messages].map((m) => `  <wsdl:message name="${m}"><wsdl:part name="parameters" element="tns:${m}"/></wsdl:message>`).join('\n')}
  <wsdl:message name="ECommerceErrorException"><wsdl:part name="fault" element="ex:ECommerceError"/></wsdl:message>
  <wsdl:portType name="${service}WebService">
${operations
  .map(
    (o) => `    <wsdl:operation name="${o.name}">
      <wsdl:input message="tns:${o.input}"/><wsdl:output message="tns:${o.output}"/>
      <wsdl:fault name="ECommerceErrorException" message="tns:ECommerceErrorException"/>
    </wsdl:operation>`,
  )
  .join('\n')}
  </wsdl:portType>
  <wsdl:binding name="${service}SoapBinding" type="tns:${service}WebService">
    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
${operations
  .map(
    (o) => `    <wsdl:operation name="${o.name}">
      <soap:operation soapAction=""/>
      <wsdl:input><soap:body use="literal"/></wsdl:input>
      <wsdl:output><soap:body use="literal"/></wsdl:output>
      <wsdl:fault name="ECommerceErrorException"><soap:fault name="ECommerceErrorException" use="literal"/></wsdl:fault>
    </wsdl:operation>`,
  )
  .join('\n')}
  </wsdl:binding>
  <wsdl:service name="${service}">
    <wsdl:port name="${port}" binding="tns:${service}SoapBinding">
      <soap:address location="${location}"/>
    </wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;
}

const simplifiedShopFlowTypes = `
      <xs:simpleType name="bookPaymentStatus">
        <xs:restriction base="xs:string">
          <xs:enumeration value="FINALIZED"/><xs:enumeration value="BOOKED"/><xs:enumeration value="FROZEN"/>
          <xs:enumeration value="SIGNING"/><xs:enumeration value="DENIED"/>
        </xs:restriction>
      </xs:simpleType>
      <xs:complexType name="webLink">
        <xs:sequence>
          <xs:element name="appendPriceLast" type="xs:boolean"/>
          <xs:element name="endUserDescription" type="xs:string"/>
          <xs:element name="url" type="xs:string"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="paymentMethod">
        <xs:sequence>
          <xs:element name="id" type="tns:id"/>
          <xs:element name="description" type="xs:string"/>
          <xs:element name="legalInfoLinks" type="tns:webLink" minOccurs="0" maxOccurs="unbounded"/>
          <xs:element name="minLimit" type="xs:decimal"/>
          <xs:element name="maxLimit" type="xs:decimal"/>
          <xs:element name="type" type="tns:paymentMethodType" minOccurs="0"/>
          <xs:element name="specificType" type="xs:string"/>
          <xs:element name="customerType" type="tns:customerType" maxOccurs="unbounded"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="annuityFactor">
        <xs:sequence>
          <xs:element name="factor" type="xs:decimal"/>
          <xs:element name="duration" type="xs:int"/>
          <xs:element name="paymentPlanName" type="xs:string"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="paymentData">
        <xs:sequence>
          <xs:element name="preferredId" type="tns:id" minOccurs="0"/>
          <xs:element name="preferredTransactionId" type="tns:id" minOccurs="0"/>
          <xs:element name="paymentMethodId" type="tns:id"/>
          <xs:element name="customerIpAddress" type="xs:string"/>
          <xs:element name="waitForFraudControl" type="xs:boolean" minOccurs="0"/>
          <xs:element name="annulIfFrozen" type="xs:boolean" minOccurs="0"/>
          <xs:element name="finalizeIfBooked" type="xs:boolean" minOccurs="0"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="extendedCustomer">
        <xs:sequence>
          <xs:element name="governmentId" type="xs:string" minOccurs="0"/>
          <xs:element name="address" type="tns:address"/>
          <xs:element name="phone" type="xs:string" minOccurs="0"/>
          <xs:element name="email" type="xs:string" minOccurs="0"/>
          <xs:element name="type" type="tns:customerType"/>
          <xs:element name="cellPhone" type="xs:string" minOccurs="0"/>
          <xs:element name="yourCustomerId" type="xs:string" minOccurs="0"/>
          <xs:element name="deliveryAddress" type="tns:address" minOccurs="0"/>
          <xs:element name="contactGovernmentId" type="xs:string" minOccurs="0"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="signing">
        <xs:sequence>
          <xs:element name="successUrl" type="xs:string"/>
          <xs:element name="failUrl" type="xs:string"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="bookPaymentResult">
        <xs:sequence>
          <xs:element name="paymentId" type="tns:id"/>
          <xs:element name="bookPaymentStatus" type="tns:bookPaymentStatus"/>
          <xs:element name="signingUrl" type="xs:string" minOccurs="0"/>
          <xs:element name="approvedAmount" type="xs:decimal"/>
          <xs:element name="customer" type="tns:customer" minOccurs="0"/>
        </xs:sequence>
      </xs:complexType>
      <xs:element name="getPaymentMethods">
        <xs:complexType><xs:sequence>
          <xs:element name="language" type="xs:string" minOccurs="0"/>
          <xs:element name="customerType" type="tns:customerType" minOccurs="0"/>
          <xs:element name="purchaseAmount" type="xs:decimal" minOccurs="0"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="getPaymentMethodsResponse">
        <xs:complexType><xs:sequence>
          <xs:element name="return" type="tns:paymentMethod" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="getAnnuityFactors">
        <xs:complexType><xs:sequence>
          <xs:element name="paymentMethodId" type="tns:id"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="getAnnuityFactorsResponse">
        <xs:complexType><xs:sequence>
          <xs:element name="return" type="tns:annuityFactor" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="getCostOfPurchaseHtml">
        <xs:complexType><xs:sequence>
          <xs:element name="paymentMethodId" type="tns:id"/>
          <xs:element name="amount" type="xs:decimal"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="getCostOfPurchaseHtmlResponse">
        <xs:complexType><xs:sequence>
          <xs:element name="return" type="xs:string"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="bookPayment">
        <xs:complexType><xs:sequence>
          <xs:element name="paymentData" type="tns:paymentData"/>
          <xs:element name="orderData" type="tns:paymentSpec"/>
          <xs:element name="metaData" type="tns:mapEntry" minOccurs="0" maxOccurs="unbounded"/>
          <xs:element name="customer" type="tns:extendedCustomer"/>
          <xs:element name="signing" type="tns:signing"/>
          <xs:element name="storeId" type="tns:id" minOccurs="0"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="bookSignedPayment">
        <xs:complexType><xs:sequence>
          <xs:element name="paymentId" type="tns:id"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="bookPaymentResponse">
        <xs:complexType><xs:sequence>
          <xs:element name="return" type="tns:bookPaymentResult"/>
        </xs:sequence></xs:complexType>
      </xs:element>
`;

const afterShopFlowTypes = `
      <xs:simpleType name="paymentStatus">
        <xs:restriction base="xs:string">
          <xs:enumeration value="DEBITABLE"/><xs:enumeration value="CREDITABLE"/><xs:enumeration value="IS_DEBITED"/>
          <xs:enumeration value="IS_CREDITED"/><xs:enumeration value="IS_ANNULLED"/>
        </xs:restriction>
      </xs:simpleType>
      <xs:simpleType name="paymentDiffType">
        <xs:restriction base="xs:string">
          <xs:enumeration value="AUTHORIZE"/><xs:enumeration value="DEBIT"/><xs:enumeration value="CREDIT"/><xs:enumeration value="ANNUL"/>
        </xs:restriction>
      </xs:simpleType>
      <xs:simpleType name="invoiceDeliveryTypeEnum">
        <xs:restriction base="xs:string">
          <xs:enumeration value="NONE"/><xs:enumeration value="EMAIL"/><xs:enumeration value="POSTAL"/>
        </xs:restriction>
      </xs:simpleType>
      <xs:complexType name="paymentDiff">
        <xs:sequence>
          <xs:element name="type" type="tns:paymentDiffType"/>
          <xs:element name="transactionId" type="tns:id" minOccurs="0"/>
          <xs:element name="created" type="xs:dateTime"/>
          <xs:element name="createdBy" type="xs:string" minOccurs="0"/>
          <xs:element name="paymentSpec" type="tns:paymentSpec"/>
          <xs:element name="orderId" type="tns:id" minOccurs="0"/>
          <xs:element name="invoiceId" type="tns:id" minOccurs="0"/>
          <xs:element name="documentNames" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="payment">
        <xs:sequence>
          <xs:element name="id" type="tns:id"/>
          <xs:element name="totalAmount" type="xs:decimal"/>
          <xs:element name="metaData" type="tns:mapEntry" minOccurs="0" maxOccurs="unbounded"/>
          <xs:element name="limit" type="xs:decimal"/>
          <xs:element name="paymentDiffs" type="tns:paymentDiff" minOccurs="0" maxOccurs="unbounded"/>
          <xs:element name="customer" type="tns:customer"/>
          <xs:element name="booked" type="xs:dateTime"/>
          <xs:element name="finalized" type="xs:dateTime" minOccurs="0"/>
          <xs:element name="paymentMethodId" type="tns:id"/>
          <xs:element name="paymentMethodName" type="xs:string" minOccurs="0"/>
          <xs:element name="fraud" type="xs:boolean"/>
          <xs:element name="frozen" type="xs:boolean"/>
          <xs:element name="status" type="tns:paymentStatus" minOccurs="0" maxOccurs="100"/>
          <xs:element name="paymentMethodType" type="tns:paymentMethodType"/>
          <xs:element name="totalBonusPoints" type="xs:nonNegativeInteger" minOccurs="0"/>
        </xs:sequence>
      </xs:complexType>
      <xs:element name="getPayment">
        <xs:complexType><xs:sequence>
          <xs:element name="paymentId" type="tns:id"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="getPaymentResponse">
        <xs:complexType><xs:sequence>
          <xs:element name="return" type="tns:payment"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="annulPayment">
        <xs:complexType><xs:sequence>
          <xs:element name="paymentId" type="tns:id"/>
          <xs:element name="partPaymentSpec" type="tns:paymentSpec" minOccurs="0" nillable="true"/>
          <xs:element name="createdBy" type="xs:string" minOccurs="0" nillable="true"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="annulPaymentResponse">
        <xs:complexType><xs:sequence/></xs:complexType>
      </xs:element>
      <xs:element name="finalizePayment">
        <xs:complexType><xs:sequence>
          <xs:element name="paymentId" type="tns:id"/>
          <xs:element name="preferredTransactionId" type="tns:id" minOccurs="0" nillable="true"/>
          <xs:element name="partPaymentSpec" type="tns:paymentSpec"/>
          <xs:element name="createdBy" type="xs:string" minOccurs="0" nillable="true"/>
          <xs:element name="orderId" type="tns:id" minOccurs="0" nillable="true"/>
          <xs:element name="orderDate" type="xs:date" minOccurs="0" nillable="true"/>
          <xs:element name="invoiceId" type="tns:id" minOccurs="0" nillable="true"/>
          <xs:element name="invoiceDate" type="xs:date" minOccurs="0" nillable="true"/>
          <xs:element name="invoiceDeliveryType" type="tns:invoiceDeliveryTypeEnum" minOccurs="0" nillable="true"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="finalizePaymentResponse">
        <xs:complexType><xs:sequence/></xs:complexType>
      </xs:element>
      <xs:element name="creditPayment">
        <xs:complexType><xs:sequence>
          <xs:element name="paymentId" type="tns:id"/>
          <xs:element name="preferredTransactionId" type="tns:id" minOccurs="0" nillable="true"/>
          <xs:element name="partPaymentSpec" type="tns:paymentSpec" minOccurs="0" nillable="true"/>
          <xs:element name="createdBy" type="xs:string" minOccurs="0" nillable="true"/>
          <xs:element name="creditNoteId" type="tns:id" minOccurs="0" nillable="true"/>
          <xs:element name="creditNoteDate" type="xs:date" minOccurs="0" nillable="true"/>
          <xs:element name="invoiceDeliveryType" type="tns:invoiceDeliveryTypeEnum" minOccurs="0" nillable="true"/>
        </xs:sequence></xs:complexType>
      </xs:element>
      <xs:element name="creditPaymentResponse">
        <xs:complexType><xs:sequence/></xs:complexType>
      </xs:element>`;

/** Resurs' test environment, the default address; the simulator serves its own. */
const RESURS_TEST_BASE = 'https://test.resurs.com/ecommerce-test/ws/V4';

export function simplifiedShopFlowWsdl(location = `${RESURS_TEST_BASE}/${SIMPLIFIED_SHOP_FLOW_SERVICE}`): string {
  return definitions({
    service: SIMPLIFIED_SHOP_FLOW_SERVICE,
    port: SIMPLIFIED_SHOP_FLOW_PORT,
    namespace: NAMESPACES.simplifiedShopFlow,
    location,
    types: simplifiedShopFlowTypes,
    operations: [
      { name: 'getPaymentMethods', input: 'getPaymentMethods', output: 'getPaymentMethodsResponse' },
      { name: 'getAnnuityFactors', input: 'getAnnuityFactors', output: 'getAnnuityFactorsResponse' },
      { name: 'getCostOfPurchaseHtml', input: 'getCostOfPurchaseHtml', output: 'getCostOfPurchaseHtmlResponse' },
      { name: 'bookPayment', input: 'bookPayment', output: 'bookPaymentResponse' },
      // Resurs answers bookSignedPayment with the same bookPaymentResponse element.
      { name: 'bookSignedPayment', input: 'bookSignedPayment', output: 'bookPaymentResponse' },
    ],
  });
}

export function afterShopFlowWsdl(location = `${RESURS_TEST_BASE}/${AFTER_SHOP_FLOW_SERVICE}`): string {
  return definitions({
    service: AFTER_SHOP_FLOW_SERVICE,
    port: AFTER_SHOP_FLOW_PORT,
    namespace: NAMESPACES.afterShopFlow,
    location,
    types: afterShopFlowTypes,
    operations: [
      { name: 'getPayment', input: 'getPayment', output: 'getPaymentResponse' },
      { name: 'annulPayment', input: 'annulPayment', output: 'annulPaymentResponse' },
      { name: 'finalizePayment', input: 'finalizePayment', output: 'finalizePaymentResponse' },
      { name: 'creditPayment', input: 'creditPayment', output: 'creditPaymentResponse' },
    ],
  });
}
