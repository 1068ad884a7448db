/**
 * GRENKE's leasing API (`/basic/v1`), the calls the portal makes, as far as they are known.
 *
 * GRENKE publishes nothing: its swagger.json and manuals are behind its developer portal
 * (developer.grenkeonline.com). Everything here is **[S] third-party**: a reseller's integration
 * notes, written from GRENKE's swagger.json and checked against GRENKE's production API, and the
 * reseller's shipped client. Sources (iTakecare/leazr.co, read 2026-11-27):
 * - `docs/grenke-api/INTEGRATION.md` @f0d85f9 (written from the swagger): hosts :22-29, mTLS
 *   :31-39, the calls :65-81, the calculate body and answer :85-109, the request body :112-147, its
 *   constraints :149-153, the states :155-176, the reference lists :303-309, `Country` :311-313.
 * - `docs/grenke-api/STATE.md` @f0d85f9 (live production calls, 2026-05-30): the condition list
 *   (product type and payment frequency per account) :237-264 and :320; one certificate per country
 *   :266-285 and :321; the certificate asked for by TLS renegotiation, HTTP/1.1 only :67-74, :314.
 *   The error body of an account set-up problem, verbatim, in the same file @b9d5884 :236-241.
 * - `supabase/functions/grenke-api/index.ts` @f0d85f9, the reseller's client (cited as index.ts).
 * - `src/components/settings/GrenkeFieldMappings.tsx` @f0d85f9 :53-54, :128-138: the shapes of
 *   the two reference lists as the reseller stores them.
 * - `docs/grenke-api/AUTOMATION.md` @f0d85f9, the reseller's plan for the steps after the
 *   contract (the delivery confirmation, the invoice to GRENKE) and what its user told it of them.
 *
 * What is not known (GRENKE's swagger answers it; the lender must ask for it with the account): the
 * answer bodies of `POST …/contractdocument` and of the document upload, the full error body of a
 * 400, the names in the legal-form and object-type lists of a Norwegian or Swedish account,
 * which `DocumentCategory` a signed contract takes, and any call of GRENKE's for confirming a
 * delivery (none is known: see AWAITING_DELIVERY_CONFIRMATION).
 *
 * Requests are strict (a field the notes do not name, a wrong casing, an unknown enum value
 * fails); answers are loose (GRENKE returns more than the notes name).
 */
import { z } from 'zod';

export const BASE = '/basic/v1';

/** The calls, as the reseller's client sends them. */
export const PATHS = {
  /** index.ts:588-598. */
  calculate: `${BASE}/calculate`,
  /** index.ts:666-672 (cached by the reseller; "Grenke rarely adds rows", :662-663). */
  legalForms: `${BASE}/legalforms`,
  objectTypes: `${BASE}/objecttypes`,
  /** index.ts:1564-1572. */
  requests: `${BASE}/requests`,
  /** index.ts:2058. */
  request: /^\/basic\/v1\/requests\/[^/]+$/,
  /** index.ts:2606-2613 (POST generates), :2447-2454 (GET fetches). */
  contractDocument: /^\/basic\/v1\/requests\/[^/]+\/contractdocument$/,
  /** index.ts:2713-2723, :2806-2821: a document attached to the request, base64 in JSON. */
  documents: /^\/basic\/v1\/calculationSets\/[^/]+\/documents\/base64$/,
  /**
   * GRENKE's own e-signature (DocuSign run by GRENKE), which carries its delivery confirmation
   * (index.ts:2622-2645; INTEGRATION.md:80). Not called by the portal (ADR 29): transcribed as the
   * evidence of what GRENKE asks for a delivery confirmation.
   */
  eSignature: /^\/basic\/v1\/requests\/[^/]+\/e-signature$/,
} as const;

/** `ProductType` (index.ts:523; INTEGRATION.md:94). Which of them an account may use is its condition list's (STATE.md:237-264). */
export const PRODUCT_TYPES = ['ClassicLease', 'PartialAmortisation', 'Rent', 'AllIn', 'AllIn3', 'AllIn6', 'AllInWithoutBackup', 'OfficeDirect'] as const;
/** `PaymentFrequency` (index.ts:524, :794; INTEGRATION.md:91). Also the condition list's: "Monthly" was refused for Rent (STATE.md:245-249). */
export const PAYMENT_FREQUENCIES = ['Monthly', 'Quarterly'] as const;
/** `PaymentMethod` (index.ts:526, :795; INTEGRATION.md:92). */
export const PAYMENT_METHODS = ['Invoice', 'DirectDebit'] as const;
/** An address's `Type` (index.ts:773). */
export const ADDRESS_TYPES = ['Main', 'Billing', 'Delivery', 'Accountholder', 'Private'] as const;
/** A telephone's `Type` (index.ts:778). */
export const TELEPHONE_TYPES = ['Phone', 'Mobile', 'Fax'] as const;

/**
 * A financing request's `State`: the 17 values of the swagger's enum, as the notes list them
 * (INTEGRATION.md:157-173) and the reseller's client names them (index.ts:2028-2043, :1716-1722,
 * :2884-2888). Contracted, Declined and Cancelled are final (INTEGRATION.md:207, index.ts:2013).
 * "A Grenke 'Cancelled' request is often a request that became a contract" (index.ts:2101-2103,
 * :2949-2954): an accepted request leaves the request list as Cancelled and appears under
 * `/basic/v1/contracts` (index.ts:3518-3520).
 */
export const STATES = [
  'None',
  'RequestToGrenke',
  'MissingInfo',
  'ApplicationReceived',
  'GuaranteeRequired',
  'ReadyToSign',
  'ContractPrinted',
  'ContractPrintedBeforeStatement',
  'StartingESignature',
  'AwaitingCustomerSignature',
  'AwaitingPartnerSignature',
  'AwaitingSigningAppSignature',
  'CancellingESignature',
  'AwaitingDeliveryConfirmation',
  'Contracted',
  'Declined',
  'Cancelled',
] as const;
export type State = (typeof STATES)[number];

const text = z.string().min(1);
/** Amounts are decimals (`37000.0`, INTEGRATION.md:116; `NetPricePerObject` rounded to cents, index.ts:1307-1312). */
const amount = z.number().nonnegative();
const cents = (value: number) => Math.round(value * 100);

// ---------------------------------------------------------------------------------------------
// POST /basic/v1/calculate
// ---------------------------------------------------------------------------------------------

/**
 * The calculate body (index.ts:520-531; INTEGRATION.md:87-98): `FinancingAmount`, `ProductType`
 * and `PaymentFrequency` required; `Period` may be left out to get every period the account has.
 */
export const calculateRequest = z.strictObject({
  FinancingAmount: z.number().positive(),
  ProductType: z.enum(PRODUCT_TYPES),
  PaymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  Period: z.number().int().positive().optional(),
  PaymentMethod: z.enum(PAYMENT_METHODS).optional(),
  Currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  RecurringService: amount.optional(),
  HasRepurchase: z.boolean().optional(),
  Commission: amount.optional(),
});

/**
 * The calculate answer (index.ts:533; INTEGRATION.md:101-109; STATE.md:251-259): one item per
 * period. `MonthlyTotalInstalment` is the monthly figure also when GRENKE collects quarterly
 * (STATE.md:247-249).
 */
export const calculateAnswer = z.object({
  Items: z.array(
    z.object({
      Period: z.number().int(),
      MonthlyTotalInstalment: z.number(),
      FinancingAmount: z.number().optional(),
      Currency: z.string().optional(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Reference lists: GET /basic/v1/legalforms, GET /basic/v1/objecttypes
// ---------------------------------------------------------------------------------------------

/** One entry of a reference list (GrenkeFieldMappings.tsx:53-54: `{ Id: number; Name: string }`). */
const referenceEntry = z.object({ Id: z.number().int(), Name: z.string() });

/**
 * `GET /basic/v1/legalforms`: a bare array (index.ts:699-704; GrenkeFieldMappings.tsx:131-133),
 * filtered by the certificate's branch ("BE branch returns BE forms", INTEGRATION.md:306-309).
 */
export const legalFormsAnswer = z.array(referenceEntry);

/** `GET /basic/v1/objecttypes`: `{ Items: [...] }` (index.ts:699-704; GrenkeFieldMappings.tsx:135-137). */
export const objectTypesAnswer = z.object({ Items: z.array(referenceEntry) });

// ---------------------------------------------------------------------------------------------
// POST /basic/v1/requests
// ---------------------------------------------------------------------------------------------

/** `GrenkeAddress` (index.ts:768-774; INTEGRATION.md:132-135). `Country` is ISO 3166-1 alpha-2 and required (INTEGRATION.md:311-313). */
export const address = z.strictObject({
  Line1: text,
  PostCode: text,
  City: text,
  Country: z.string().regex(/^[A-Z]{2}$/),
  Type: z.enum(ADDRESS_TYPES),
});

/** `GrenkeTelephone` (index.ts:776-779; INTEGRATION.md:131). */
export const telephone = z.strictObject({
  Number: text,
  Type: z.enum(TELEPHONE_TYPES),
});

/**
 * `GrenkeLessee` (index.ts:781-789; INTEGRATION.md:125-136). `LegalFormId` comes from
 * `/legalforms` and is required (INTEGRATION.md:152; the reseller never submits without it,
 * index.ts:1049-1061 and :1552-1559). `FoundationDate` is optional (`"1955-06-13T00:00:00"`).
 * Exactly one address is `Main` (INTEGRATION.md:151).
 */
export const lessee = z.strictObject({
  CompanyName: text,
  ExternalId: text,
  LegalFormId: z.number().int(),
  FoundationDate: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/).optional(),
  Email: text.optional(),
  Telephones: z.array(telephone).optional(),
  Addresses: z.array(address).refine((list) => list.filter((a) => a.Type === 'Main').length === 1, 'exactly one address of Type "Main"'),
});

/**
 * `GrenkeFinancingObject` (index.ts:755-766; INTEGRATION.md:137-145). `Manufacturer` is required;
 * the swagger's own guidance is that "'Other' may be provided if Manufacturer not available"
 * (index.ts:1446-1449). `Name` is "Name of Object Type", an alternative to `ObjectTypeId`, not the
 * product's name: with an `ObjectTypeId` GRENKE refuses a `Name` it does not know as an object
 * type (index.ts:1321-1324). The product goes in `Details`, which GRENKE limits to 50 characters
 * (index.ts:910-916).
 */
export const financingObject = z
  .strictObject({
    Quantity: z.number().int().positive(),
    ObjectTypeId: z.number().int().optional(),
    Manufacturer: text,
    NetPricePerObject: amount,
    Name: text.optional(),
    SerialNumber: text.optional(),
    Details: z.string().max(50).optional(),
  })
  .refine((o) => o.ObjectTypeId !== undefined || o.Name !== undefined, { message: 'an ObjectTypeId (or the Name of an object type)', path: ['ObjectTypeId'] });

/**
 * `GrenkeFinancingRequest` (index.ts:791-800; INTEGRATION.md:114-146). No reference of the
 * caller's: the documented body has none. `FinancingAmount` must equal the sum of `Quantity ×
 * NetPricePerObject` (INTEGRATION.md:150; to the cent, index.ts:1307-1312, :1358-1361).
 */
export const createRequest = z
  .strictObject({
    FinancingAmount: z.number().positive(),
    Period: z.number().int().positive(),
    PaymentFrequency: z.enum(PAYMENT_FREQUENCIES),
    PaymentMethod: z.enum(PAYMENT_METHODS).optional(),
    Currency: z.string().regex(/^[A-Z]{3}$/),
    ProductType: z.enum(PRODUCT_TYPES),
    RecurringService: amount.optional(),
    ResidualValue: amount.optional(),
    HasRepurchase: z.boolean().optional(),
    Lessee: lessee,
    FinancingObjects: z.array(financingObject).min(1),
  })
  .refine((r) => cents(r.FinancingAmount) === r.FinancingObjects.reduce((sum, o) => sum + o.Quantity * cents(o.NetPricePerObject), 0), {
    message: 'FinancingAmount must equal the sum of Quantity × NetPricePerObject',
    path: ['FinancingAmount'],
  });

/**
 * A financing request as GRENKE answers it: at creation `{FinancingId, RequestId, State}`, the
 * human number `RequestId` ("180-33037") often still empty (index.ts:1638-1656, :2123-2126); read
 * back with its terms (index.ts:2069-2090, :2847-2855).
 */
export const requestAnswer = z.object({
  FinancingId: z.string().min(1),
  RequestId: z.string().nullish(),
  State: z.enum(STATES),
  FinancingAmount: z.number().optional(),
  Period: z.number().int().optional(),
  MonthlyTotalInstalment: z.number().optional(),
  Lessee: z.object({ CompanyName: z.string().optional() }).optional(),
});

// ---------------------------------------------------------------------------------------------
// The contract: POST and GET /basic/v1/requests/{financingId}/contractdocument
// ---------------------------------------------------------------------------------------------

/**
 * POST generates the contract once the request is approved; 409 when it exists already
 * (INTEGRATION.md:73, :245; index.ts:2289-2291, :2606-2620). The reseller sends an empty JSON
 * object. It takes no document: signing is GRENKE's e-signature or paper (INTEGRATION.md:80).
 */
export const generateContractRequest = z.strictObject({});

/**
 * GET answers the contract as a PDF: raw, or as a base64 string (possibly JSON-quoted, possibly
 * a data URI) "per Grenke's JSON content type" (index.ts:2389-2434).
 */
export const isPdf = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;

// ---------------------------------------------------------------------------------------------
// Documents: POST /basic/v1/calculationSets/{financingId}/documents/base64
// ---------------------------------------------------------------------------------------------

/**
 * A document attached to a financing request (index.ts:2713-2723, :2814-2818): "Verified against
 * the live API: a submitted request's financingId is accepted here, and DocumentCategory 300
 * (generic supporting document) is the valid value (other codes are rejected with a 400)". Up to
 * 20 MB on the reseller's side (index.ts:2725-2727). The answer's body is not read by the
 * reseller (a 2xx is success, :2826-2827).
 */
export const uploadDocumentRequest = z.strictObject({
  DocumentName: text,
  DocumentContent: z.string().min(1).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
  DocumentCategory: z.number().int(),
});
export const GENERIC_DOCUMENT_CATEGORY = 300;

// ---------------------------------------------------------------------------------------------
// The delivery confirmation
// ---------------------------------------------------------------------------------------------

/**
 * The state in which GRENKE waits for the delivery to be confirmed: "Need delivery PV" (a delivery
 * report, INTEGRATION.md:168), read by the reseller as "waiting for the customer's signature of
 * the delivery confirmation (bon de livraison)" (index.ts:2038). It comes after the contract's
 * signatures: "client signs the contract → iTakecare signs as supplier → client signs the
 * delivery confirmation" (index.ts:2601-2603; AUTOMATION.md:135-139), and before `Contracted`,
 * "Final — contract live" (INTEGRATION.md:169; the swagger's enum order, :157-173). It is one of
 * the states in which an e-signature is under way (index.ts:1714-1722).
 *
 * No call of GRENKE's that confirms a delivery is known: the calls the notes list
 * (INTEGRATION.md:65-81) have none, the reseller's own delivery confirmation step is "not built"
 * (AUTOMATION.md:65) and its fields are an open question ("delivery date, IBAN, signature?",
 * AUTOMATION.md:162-164). The delivery confirmation GRENKE documents is signed by the lessee
 * inside GRENKE's e-signature (eSignatureRequest below). `PATCH …/requests/{id}` (the
 * financial fields and the objects, with their `SerialNumber`) is not one: it is refused once
 * Contracted, Declined or Cancelled, and GRENKE cancels a running e-signature when the
 * calculation changes (index.ts:1685-1697, :1862-1892).
 */
export const AWAITING_DELIVERY_CONFIRMATION: State = 'AwaitingDeliveryConfirmation';

/** `Title` of a signee (index.ts:2301, :2312: anything else is sent as "Mr" by the reseller). */
export const SIGNEE_TITLES = ['Mr', 'Ms', 'Miss', 'Mrs', 'Dr', 'Prof'] as const;

/**
 * A signee of GRENKE's e-signature (index.ts:2311-2322): a person by name, e-mail and mobile
 * number, a culture such as `fr-BE`, and a place in the signing order.
 */
export const eSignatureSignee = z.strictObject({
  Title: z.enum(SIGNEE_TITLES),
  FirstName: text,
  LastName: text,
  Email: text,
  Culture: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
  MobileNumber: z.string(),
  SigningOrder: z.number().int().nonnegative(),
});

/**
 * `POST /basic/v1/requests/{financingId}/e-signature` (index.ts:2622-2645): GRENKE's DocuSign for
 * the contract and, with `UseDeliveryConfirmation`, the delivery confirmation, signed by the
 * lessee's `CustomerDeliveryConfirmationSignees` after the contract (index.ts:2601-2604,
 * :2633-2636; AUTOMATION.md:135-139). How many signees each side may have is GRENKE's
 * `GET …/e-signature/configuration` (index.ts:2343-2386). The delivery date that counts is the
 * effective delivery, not the day the confirmation was signed (AUTOMATION.md:140-143). Not called
 * by the portal: the evidence of what GRENKE's own delivery confirmation asks for.
 */
export const eSignatureRequest = z.strictObject({
  ESignatureType: z.literal('DocuSign'),
  UseDeliveryConfirmation: z.boolean(),
  CustomerContractSignees: z.array(eSignatureSignee).min(1),
  PartnerContractSignees: z.array(eSignatureSignee).optional(),
  CustomerDeliveryConfirmationSignees: z.array(eSignatureSignee).optional(),
});

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * GRENKE's error body: `{Message, StatusCode, Details, CorrelationId}` (STATE.md@b9d5884
 * :236-241, a live answer; index.ts:627 reads `Message`, `Details`, `CorrelationId`). A problem
 * with the account's set-up (no condition list for the product, frequency or market) comes as
 * HTTP 500 with this body (STATE.md:239-240, and @b9d5884 :238-240). A validation failure (400) carries `Errors`, whose
 * values are a message or a list of messages (index.ts:1451-1463), e.g. "No Manufacturer with
 * name '…' is available".
 */
export const errorAnswer = z.object({
  Message: z.string().optional(),
  StatusCode: z.number().int().optional(),
  Details: z.string().nullish(),
  CorrelationId: z.string().optional(),
  Errors: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});
