/**
 * The GRENKE adapter: PascalCase JSON over HTTPS with a client certificate, one per country (each
 * country is its own GRENKE account and branch). GRENKE publishes nothing: every call follows a
 * reseller's notes made from GRENKE's swagger and live calls ([S] iTakecare/leazr.co@f0d85f9,
 * `docs/grenke-api/INTEGRATION.md` and `STATE.md`, `supabase/functions/grenke-api/index.ts`,
 * cited by file and line). The same code talks to the sandbox simulator, which needs no
 * certificate. Answers are checked before they are trusted (an answer without the shape is
 * `unreadable`); failures are results, never thrown.
 */
import { COUNTRIES, type CountryCode, type Currency } from '@portal/domain';
import { createHttpClient, type HttpClient, type HttpClientOptions, type HttpRequest, type HttpResponse } from '../http';
import { fail, ok, type CallContext, type CallGuard, type InteractionRecorder, type ProviderResult } from '../types';
import { calculationAnswer, contractAnswer, legalFormsAnswer, objectTypesAnswer, type ReferenceEntry, requestAnswer } from './answers';
import { clientCertificateDispatcher } from './client-certificate';
import { legalFormIdFor, legalFormOfName, objectTypeIdFor, referenceCache } from './reference-data';
import { withSandboxLink } from './sandbox-control';
import { ACCOUNT_SETUP, accountSetupProblem, correlationIdOf, DELIVERY_NOT_AWAITED, finalAtGrenke, isConflict } from './refusals';
import { deliveryConfirmationPdf, deliveryDocumentName, deliveryProblems } from './delivery-confirmation';
import { deliveryOf } from './states';
import type { GrenkeCalculation, GrenkeClient, GrenkeCreateRequest, GrenkeObject, GrenkeRequest } from './types';

/** `ProductType`, `PaymentFrequency` and `PaymentMethod` as GRENKE names them (index.ts:523-526; INTEGRATION.md:91-94). */
export const GRENKE_PRODUCT_TYPES = ['ClassicLease', 'PartialAmortisation', 'Rent', 'AllIn', 'AllIn3', 'AllIn6', 'AllInWithoutBackup', 'OfficeDirect'] as const;
export const GRENKE_PAYMENT_FREQUENCIES = ['Monthly', 'Quarterly'] as const;
export const GRENKE_PAYMENT_METHODS = ['DirectDebit', 'Invoice'] as const;
export type GrenkeProductType = (typeof GRENKE_PRODUCT_TYPES)[number];
export type GrenkePaymentFrequency = (typeof GRENKE_PAYMENT_FREQUENCIES)[number];
export type GrenkePaymentMethod = (typeof GRENKE_PAYMENT_METHODS)[number];

export interface GrenkeTerms {
  productType: GrenkeProductType;
  paymentFrequency: GrenkePaymentFrequency;
  paymentMethod: GrenkePaymentMethod;
}

/**
 * The terms the portal's leases are asked for when the lender sets none. Which product type and
 * frequency an account may use is its condition list's, set up by GRENKE per account (the
 * reseller's Belgian account allowed Rent, quarterly, by direct debit only: STATE.md:237-264,
 * :320; index.ts:1386-1391); anything else is answered as an account set-up problem. ClassicLease,
 * monthly, by direct debit is GRENKE's own example and the classic lease (INTEGRATION.md:87-98);
 * the lender confirms it with GRENKE for each country's account.
 */
export const GRENKE_DEFAULT_TERMS: GrenkeTerms = { productType: 'ClassicLease', paymentFrequency: 'Monthly', paymentMethod: 'DirectDebit' };

/**
 * The products carry no manufacturer in the portal. GRENKE requires one, and its swagger says
 * "'Other' may be provided if Manufacturer not available" (index.ts:1446-1449).
 */
export const MANUFACTURER_NOT_AVAILABLE = 'Other';

/**
 * The `DocumentCategory` of the signed contract attached to the request (ADR 29): 300, the generic
 * supporting document, the one value the reseller's live calls accepted (index.ts:2713-2723). Which
 * category GRENKE wants for a signed contract is for the lender to confirm.
 */
export const SIGNED_CONTRACT_CATEGORY = 300;

/**
 * The `DocumentCategory` of the delivery confirmation (ADR 29, update of 27 November): the same
 * generic supporting document, for the same reason; the lender confirms it with GRENKE.
 */
export const DELIVERY_CONFIRMATION_CATEGORY = 300;

/** GRENKE refuses a `Details` longer than 50 characters (index.ts:910-916). */
const DETAILS_MAX = 50;

/** A country's client certificate and key (PEM files); both undefined in the sandbox. */
export interface GrenkeCertificate {
  certFile: string | undefined;
  keyFile: string | undefined;
}

export type GrenkeClientOptions = {
  baseUrl: string;
  /** Each country's certificate; null where GRENKE is not set up (its calls fail as not configured). */
  countries: Readonly<Record<CountryCode, GrenkeCertificate | null>>;
  /** Extra CA (PEM file) to trust, for a UAT host with a private CA and for tests. */
  caFile?: string | undefined;
  timeoutMs: number;
  recorder: InteractionRecorder;
  guard?: CallGuard | undefined;
  /** Where problems an operator must act on are reported: settings, paths, GRENKE's CorrelationId; never personal data. */
  log?: { error(details: object, message: string): void } | undefined;
  /** Product type, payment frequency and method of the account (default GRENKE_DEFAULT_TERMS). */
  terms?: Partial<GrenkeTerms> | undefined;
  /**
   * The object type every product is leased as: a name in GRENKE's `/objecttypes` list, or its id.
   * Unset: the type whose name the product's name contains.
   */
  objectType?: string | undefined;
  /** Sandbox mode: the simulator is told which application each new request is for (sandbox-control.ts). */
  sandbox?: boolean | undefined;
};

const PATHS = {
  calculate: 'basic/v1/calculate',
  legalForms: 'basic/v1/legalforms',
  objectTypes: 'basic/v1/objecttypes',
  requests: 'basic/v1/requests',
  request: (id: string) => `basic/v1/requests/${encodeURIComponent(id)}`,
  contract: (id: string) => `basic/v1/requests/${encodeURIComponent(id)}/contractdocument`,
  /** "calculationSets" takes the request's FinancingId (index.ts:2716-2720). */
  documents: (id: string) => `basic/v1/calculationSets/${encodeURIComponent(id)}/documents/base64`,
};

const CALLING_CODES: Readonly<Record<CountryCode, string>> = { NO: '47', SE: '46' };

/** A phone number as E.164, as the reseller sends it (index.ts:840-852, :1079-1080). */
export function e164(phone: string, country: CountryCode): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return `+${CALLING_CODES[country]}${digits.startsWith('0') ? digits.slice(1) : digits}`;
}

const cents = (amount: number) => Math.round(amount * 100);

/** What GRENKE finances: the objects' sum, to the cent, as it checks it (INTEGRATION.md:150; index.ts:1358-1361). */
export function financedAmount(objects: readonly Pick<GrenkeObject, 'quantity' | 'netPricePerObject'>[]): number {
  return objects.reduce((sum, o) => sum + o.quantity * cents(o.netPricePerObject), 0) / 100;
}

const details = (description: string) => (description.length <= DETAILS_MAX ? description : `${description.slice(0, DETAILS_MAX - 1).trimEnd()}…`);

const toRequest = (body: { FinancingId: string; RequestId?: string | null | undefined; State: GrenkeRequest['state'] }): GrenkeRequest => ({
  financingId: body.FinancingId,
  requestNumber: body.RequestId ? body.RequestId : null,
  state: body.State,
});

export function createGrenkeClient(options: GrenkeClientOptions): GrenkeClient {
  const terms: GrenkeTerms = { ...GRENKE_DEFAULT_TERMS, ...options.terms };
  const termsJson = { ProductType: terms.productType, PaymentFrequency: terms.paymentFrequency, PaymentMethod: terms.paymentMethod };
  const { caFile, log } = options;

  const base = (country: CountryCode): HttpClientOptions => ({
    provider: 'grenke',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    recorder: options.recorder,
    guard: options.guard,
    refusalOf5xx: (status, body) => {
      if (!accountSetupProblem(status, body)) return null;
      log?.error(
        { provider: 'grenke', country, status, correlationId: correlationIdOf(body) },
        `GRENKE refuses the ${country} account's request: its set-up has no condition list for it (product type ${terms.productType}, ${terms.paymentFrequency}, ${terms.paymentMethod}). The lender must have GRENKE set up the account, or change the terms`,
      );
      return ACCOUNT_SETUP;
    },
  });

  // A country's certificate is read on its first call and kept. An unreadable file fails that call
  // as unreachable (recorded like any other failure) and the next call reads it again.
  const clients = new Map<CountryCode, Promise<HttpClient>>();
  const http = (country: CountryCode, certificate: GrenkeCertificate): Promise<HttpClient> => {
    let client = clients.get(country);
    if (!client) {
      const { certFile, keyFile } = certificate;
      const settings = { cert: `GRENKE_CLIENT_CERT_FILE_${country}`, key: `GRENKE_CLIENT_KEY_FILE_${country}` };
      // In the sandbox there is no certificate and the simulator is plain HTTP: Node's own agent.
      client =
        (certFile && keyFile) || caFile
          ? clientCertificateDispatcher({ certFile, keyFile, caFile, settings }).then((dispatcher) => createHttpClient({ ...base(country), dispatcher }))
          : Promise.resolve(createHttpClient(base(country)));
      clients.set(country, client);
    }
    return client;
  };

  const call = async <T>(country: CountryCode, request: HttpRequest<T>): Promise<ProviderResult<HttpResponse<T>>> => {
    const certificate = options.countries[country];
    if (!certificate) return fail({ kind: 'unavailable', reason: 'not-configured' });
    let client: HttpClient;
    try {
      client = await http(country, certificate);
    } catch (error) {
      // Let the next call try again (the file may be mounted late).
      clients.delete(country);
      log?.error({ provider: 'grenke', country, reason: error instanceof Error ? error.message : 'unknown' }, 'GRENKE client certificate unusable');
      await options.recorder.record({ provider: 'grenke', operation: request.operation, applicationId: request.context?.applicationId, outcome: 'unavailable', durationMs: 0 });
      return fail({ kind: 'unavailable', reason: 'network' });
    }
    return client.request<T>(request);
  };

  const referenceList = <T>(operation: string, path: string, answer: HttpRequest<T>['answer'], entries: (body: T) => ReferenceEntry[]) =>
    referenceCache(async (country): Promise<ProviderResult<ReferenceEntry[]>> => {
      const response = await call<T>(country, { operation, path, answer });
      return response.ok ? ok(entries(response.value.body)) : response;
    });
  const legalForms = referenceList('legalForms', PATHS.legalForms, legalFormsAnswer, (body) => body);
  const objectTypes = referenceList('objectTypes', PATHS.objectTypes, objectTypesAnswer, (body) => body.Items);

  const calculateIn = async (country: CountryCode, input: { amount: number; period: number; currency: Currency }, context?: CallContext) => {
    const response = await call(country, {
      operation: 'calculate',
      method: 'POST',
      path: PATHS.calculate,
      json: { FinancingAmount: cents(input.amount) / 100, Period: input.period, Currency: input.currency, ...termsJson },
      answer: calculationAnswer,
      context,
    });
    if (!response.ok) return response;
    const item = response.value.body.Items.find((i) => i.Period === input.period);
    if (!item) return fail({ kind: 'refused', status: response.value.status, code: 'PERIOD_NOT_OFFERED' });
    return ok<GrenkeCalculation>({ period: item.Period, monthlyTotalInstalment: item.MonthlyTotalInstalment, currency: input.currency });
  };

  const getRequest = async (country: CountryCode, financingId: string, context?: CallContext): Promise<ProviderResult<GrenkeRequest>> => {
    const response = await call(country, { operation: 'getRequest', path: PATHS.request(financingId), answer: requestAnswer, context });
    return response.ok ? ok(toRequest(response.value.body)) : response;
  };

  /** The request body ([S] INTEGRATION.md:112-153; index.ts:755-800, :1119-1133, :1314-1330), or the refusal of a product or company GRENKE's lists cannot take. */
  const requestBody = async (input: GrenkeCreateRequest, context?: CallContext) => {
    const { country, lessee } = input;
    // GRENKE finances objects: a request without one is not a lease (the merchant API requires one).
    if (input.objects.length === 0) return fail({ kind: 'refused', status: 422, code: 'NO_OBJECTS' });
    const forms = await legalForms(country);
    if (!forms.ok) return forms;
    const legalFormId = legalFormIdFor(country, lessee.companyName, forms.value);
    if (legalFormId === null) {
      log?.error(
        { provider: 'grenke', country, legalForm: legalFormOfName(country, lessee.companyName) ?? 'none in the name', applicationId: context?.applicationId },
        `GRENKE: no legal form in the ${country} account's list fits the company's; the request was not sent. The lender must check GRENKE's /basic/v1/legalforms for this account`,
      );
      return fail({ kind: 'refused', status: 422, code: 'LEGAL_FORM_UNKNOWN' });
    }
    const types = await objectTypes(country);
    if (!types.ok) return types;
    const objectTypeIds = input.objects.map((o) => objectTypeIdFor(o.description, types.value, options.objectType));
    if (objectTypeIds.some((id) => id === null)) {
      log?.error(
        { provider: 'grenke', country, objectType: options.objectType ?? 'not set', applicationId: context?.applicationId },
        `GRENKE: no object type in the ${country} account's list for a product; the request was not sent. The lender must set GRENKE_OBJECT_TYPE to a name (or id) of GRENKE's /basic/v1/objecttypes`,
      );
      return fail({ kind: 'refused', status: 422, code: 'OBJECT_TYPE_UNKNOWN' });
    }
    const objects = input.objects.map((o, index) => ({
      Quantity: o.quantity,
      ObjectTypeId: objectTypeIds[index] ?? 0,
      Manufacturer: MANUFACTURER_NOT_AVAILABLE,
      NetPricePerObject: cents(o.netPricePerObject) / 100,
      ...(o.serialNumber ? { SerialNumber: o.serialNumber } : {}),
      ...(o.description.trim() ? { Details: details(o.description.trim()) } : {}),
    }));
    return ok({
      FinancingAmount: financedAmount(input.objects),
      Period: input.period,
      Currency: input.currency,
      ...termsJson,
      Lessee: {
        CompanyName: lessee.companyName,
        ExternalId: lessee.organisationNumber.replace(/[\s-]/g, ''),
        LegalFormId: legalFormId,
        ...(lessee.email ? { Email: lessee.email } : {}),
        ...(lessee.phone ? { Telephones: [{ Number: e164(lessee.phone, country), Type: 'Phone' }] } : {}),
        Addresses: [{ Line1: lessee.address, PostCode: lessee.postalCode, City: lessee.city, Country: country, Type: 'Main' }],
      },
      FinancingObjects: objects,
    });
  };

  const client: GrenkeClient = {
    async probe(only) {
      // A calculation answers from GRENKE's rate tables and creates nothing: the cheapest read it
      // offers. A refusal (the account's set-up) is an answer too: the circuit reads it as such.
      for (const country of only ? [only] : (Object.keys(options.countries) as CountryCode[])) {
        if (!options.countries[country] && !only) continue;
        const result = await calculateIn(country, { amount: 10_000, period: 36, currency: COUNTRIES[country].currency });
        if (!result.ok) return result;
      }
      return ok(undefined);
    },

    calculate: ({ country, ...input }, context) => calculateIn(country, input, context),

    async createRequest(input, context) {
      const body = await requestBody(input, context);
      if (!body.ok) return body;
      const response = await call(input.country, { operation: 'createRequest', method: 'POST', path: PATHS.requests, json: body.value, answer: requestAnswer, context });
      return response.ok ? ok(toRequest(response.value.body)) : response;
    },

    getRequest,

    async getContractDocument(country, financingId, context) {
      // POST generates the contract, once; 409 says it is there already (INTEGRATION.md:73; index.ts:2606-2620).
      const generated = await call(country, { operation: 'generateContract', method: 'POST', path: PATHS.contract(financingId), json: {}, responseType: 'none', context });
      if (!generated.ok && !isConflict(generated)) return generated;
      const response = await call<Uint8Array>(country, {
        operation: 'getContractDocument',
        path: PATHS.contract(financingId),
        headers: { Accept: 'application/pdf, application/json' },
        responseType: 'bytes',
        answer: contractAnswer,
        context,
      });
      return response.ok ? ok(response.value.body) : response;
    },

    async deliverSignedContract(country, financingId, pdf, context) {
      const before = await getRequest(country, financingId, context);
      if (!before.ok || before.value.state === 'Contracted') return before;
      if (before.value.state === 'Declined' || before.value.state === 'Cancelled') return finalAtGrenke(before.value.state);
      const uploaded = await call(country, {
        operation: 'uploadSignedContract',
        method: 'POST',
        path: PATHS.documents(financingId),
        json: { DocumentName: `leasing-contract-${financingId}-signed.pdf`, DocumentContent: Buffer.from(pdf).toString('base64'), DocumentCategory: SIGNED_CONTRACT_CATEGORY },
        responseType: 'none',
        context,
      });
      if (!uploaded.ok) return uploaded;
      return getRequest(country, financingId, context);
    },

    async confirmDelivery(country, financingId, input, context) {
      // What the merchant confirms is checked before GRENKE is asked anything (delivery-confirmation.ts).
      const [problem] = deliveryProblems(input);
      if (problem) return fail({ kind: 'refused', status: 422, code: problem.code });
      const before = await getRequest(country, financingId, context);
      if (!before.ok) return before;
      switch (deliveryOf(before.value.state)) {
        case 'confirmed':
          // Contracted: confirmed already (a retry) or never needed; either way nothing is sent.
          return before;
        case 'closed':
          return finalAtGrenke(before.value.state);
        case 'not-awaited':
          return fail({ kind: 'refused', status: 409, code: DELIVERY_NOT_AWAITED });
        case 'awaited':
          break;
      }
      const pdf = await deliveryConfirmationPdf(country, financingId, before.value.requestNumber, input);
      // GRENKE publishes no call for confirming a delivery: the report goes as a document of the request (ADR 29).
      const uploaded = await call(country, {
        operation: 'uploadDeliveryConfirmation',
        method: 'POST',
        path: PATHS.documents(financingId),
        json: { DocumentName: deliveryDocumentName(financingId), DocumentContent: Buffer.from(pdf).toString('base64'), DocumentCategory: DELIVERY_CONFIRMATION_CATEGORY },
        responseType: 'none',
        context,
      });
      if (!uploaded.ok) return uploaded;
      return getRequest(country, financingId, context);
    },

    async findDeliveryConfirmation(country, financingId, context) {
      const read = await getRequest(country, financingId, context);
      return read.ok ? ok({ request: read.value, delivery: deliveryOf(read.value.state) }) : read;
    },
  };
  return options.sandbox ? withSandboxLink(client, { baseUrl: options.baseUrl, timeoutMs: options.timeoutMs }) : client;
}
