/**
 * The GRENKE adapter: PascalCase JSON over HTTPS with a client certificate (PROVIDERS.md, [S]).
 * The same code talks to the sandbox simulator, which needs no certificate. Answers are checked
 * before they are trusted; anything unexpected is a refusal, never a thrown error. What GRENKE's
 * refusals mean in the error catalogue is read in refusals.ts.
 */
import { type Currency, z } from '@portal/domain';
import { createHttpClient, type HttpClient, type HttpRequest, type HttpResponse } from '../http';
import { fail, ok, type CallContext, type CallGuard, type InteractionRecorder, type ProviderResult } from '../types';
import { clientCertificateDispatcher } from './client-certificate';
import { requestExpected, requestMissing, withMeaning } from './refusals';
import { isGrenkeState } from './states';
import type { GrenkeCalculation, GrenkeClient, GrenkeCreateRequest, GrenkeRequest } from './types';

export type GrenkeClientOptions = {
  baseUrl: string;
  clientCertFile: string | undefined;
  clientKeyFile: string | undefined;
  /** Extra CA (PEM file) to trust, for a UAT host with a private CA and for tests. */
  caFile?: string | undefined;
  timeoutMs: number;
  recorder: InteractionRecorder;
  guard?: CallGuard | undefined;
  /** Where an unreadable certificate is reported (the message names the setting and path only). */
  log?: { error(details: object, message: string): void } | undefined;
};

/** Fixed financing terms of the portal's leasing offer ([?]: values chosen, see the simulator's README). */
export const GRENKE_TERMS = {
  PaymentFrequency: 'Monthly',
  PaymentMethod: 'DirectDebit',
  ProductType: 'Leasing',
} as const;

const PATHS = {
  calculate: 'basic/v1/calculate',
  requests: 'basic/v1/requests',
  request: (id: string) => `basic/v1/requests/${encodeURIComponent(id)}`,
  contract: (id: string) => `basic/v1/requests/${encodeURIComponent(id)}/contractdocument`,
  /** [?] No public contract: our choice, written down in the simulator's README. */
  cancel: (id: string) => `basic/v1/requests/${encodeURIComponent(id)}/cancel`,
};

const calculationAnswer = z.object({
  Items: z.array(
    z.object({
      Period: z.number(),
      MonthlyTotalInstalment: z.number(),
    }),
  ),
});

const requestAnswer = z.object({
  FinancingId: z.union([z.string(), z.number()]),
  State: z.string(),
  ExternalReference: z.optional(z.nullable(z.string())),
  MonthlyTotalInstalment: z.optional(z.nullable(z.number())),
});

const unexpected = (status: number, code = 'UNEXPECTED_ANSWER') => fail({ kind: 'refused', status, code });

function toRequest(response: HttpResponse<unknown>, fallbackReference: string): ProviderResult<GrenkeRequest> {
  const parsed = requestAnswer.safeParse(response.body);
  // A 2xx without a FinancingId, or with nothing readable, lacks the request it should carry.
  if (!parsed.success) return requestMissing(response.status);
  const { FinancingId, State, ExternalReference, MonthlyTotalInstalment } = parsed.data;
  // A state we do not know is not guessed at: the caller sees a refusal and polls again later.
  if (!isGrenkeState(State)) return unexpected(response.status, 'UNKNOWN_STATE');
  return ok({
    financingId: String(FinancingId),
    externalReference: ExternalReference ?? fallbackReference,
    state: State,
    monthlyInstalment: MonthlyTotalInstalment ?? null,
  });
}

const isPdf = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46; // %PDF

/** What GRENKE's Lessee and FinancingObjects look like on the wire. */
function requestBody(input: GrenkeCreateRequest) {
  const { lessee } = input;
  return {
    ExternalReference: input.externalReference,
    FinancingAmount: input.amount,
    Period: input.period,
    Currency: input.currency,
    ...GRENKE_TERMS,
    Lessee: {
      CompanyName: lessee.companyName,
      ExternalId: lessee.organisationNumber,
      Email: lessee.email,
      Telephones: lessee.phone ? [{ Type: 'Main', Number: lessee.phone }] : [],
      Addresses: [
        {
          Type: 'Main',
          Street: lessee.address,
          PostalCode: lessee.postalCode,
          City: lessee.city,
          Country: lessee.countryCode,
        },
      ],
    },
    FinancingObjects: input.objects.map((o) => ({
      Quantity: o.quantity,
      Name: o.name,
      SerialNumber: o.serialNumber,
      NetPricePerObject: o.netPricePerObject,
    })),
  };
}

export function createGrenkeClient(options: GrenkeClientOptions): GrenkeClient {
  const base = { provider: 'grenke' as const, baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, recorder: options.recorder, guard: options.guard };
  const { clientCertFile: certFile, clientKeyFile: keyFile, caFile } = options;

  // The certificate is read on the first call and kept. An unreadable file fails that call as
  // unreachable (recorded like any other failure) and the next call reads it again.
  let httpClient: Promise<HttpClient> | undefined;
  const http = (): Promise<HttpClient> => {
    // In the sandbox there is no certificate and the simulator is plain HTTP: Node's own agent.
    httpClient ??=
      (certFile && keyFile) || caFile
        ? clientCertificateDispatcher({ certFile, keyFile, caFile }).then((dispatcher) => createHttpClient({ ...base, dispatcher }))
        : Promise.resolve(createHttpClient(base));
    return httpClient;
  };

  const call = async <T>(request: HttpRequest<T>): Promise<ProviderResult<HttpResponse<T>>> => {
    let client: HttpClient;
    try {
      client = await http();
    } catch (error) {
      // Let the next call try again (the file may be mounted late).
      httpClient = undefined;
      options.log?.error({ provider: 'grenke', reason: error instanceof Error ? error.message : 'unknown' }, 'GRENKE client certificate unusable');
      await options.recorder.record({ provider: 'grenke', operation: request.operation, applicationId: request.context?.applicationId, outcome: 'unavailable', durationMs: 0 });
      return fail({ kind: 'unavailable', reason: 'network' });
    }
    return withMeaning(await client.request<T>(request));
  };

  return {
    async probe() {
      // A calculation answers from GRENKE's rate tables and creates nothing: the cheapest read it offers.
      const response = await call({ operation: 'calculate', method: 'POST', path: PATHS.calculate, json: { FinancingAmount: 10_000, Period: 36, Currency: 'NOK', ...GRENKE_TERMS } });
      return response.ok ? ok(undefined) : response;
    },

    async calculate(input: { amount: number; period: number; currency: Currency }, context?: CallContext): Promise<ProviderResult<GrenkeCalculation>> {
      const response = await call({
        operation: 'calculate',
        method: 'POST',
        path: PATHS.calculate,
        json: { FinancingAmount: input.amount, Period: input.period, Currency: input.currency, ...GRENKE_TERMS },
        context,
      });
      if (!response.ok) return response;
      const parsed = calculationAnswer.safeParse(response.value.body);
      if (!parsed.success) return unexpected(response.value.status);
      const item = parsed.data.Items.find((i) => i.Period === input.period);
      if (!item) return unexpected(response.value.status, 'PERIOD_NOT_OFFERED');
      return ok({ period: item.Period, monthlyTotalInstalment: item.MonthlyTotalInstalment, currency: input.currency });
    },

    async createRequest(input: GrenkeCreateRequest, context?: CallContext): Promise<ProviderResult<GrenkeRequest>> {
      const response = requestExpected(await call({ operation: 'createRequest', method: 'POST', path: PATHS.requests, json: requestBody(input), context }));
      if (!response.ok) return response;
      return toRequest(response.value, input.externalReference);
    },

    async getRequest(financingId: string, context?: CallContext): Promise<ProviderResult<GrenkeRequest>> {
      const response = requestExpected(await call({ operation: 'getRequest', path: PATHS.request(financingId), context }));
      if (!response.ok) return response;
      return toRequest(response.value, '');
    },

    async cancelRequest(financingId: string, context?: CallContext): Promise<ProviderResult<void>> {
      const response = await call({ operation: 'cancelRequest', method: 'POST', path: PATHS.cancel(financingId), json: {}, responseType: 'none', context });
      return response.ok ? ok(undefined) : response;
    },

    async getContractDocument(financingId: string, context?: CallContext): Promise<ProviderResult<Uint8Array>> {
      const response = await call<Uint8Array>({
        operation: 'getContractDocument',
        path: PATHS.contract(financingId),
        headers: { Accept: 'application/pdf' },
        responseType: 'bytes',
        context,
      });
      if (!response.ok) return response;
      if (!isPdf(response.value.body)) return unexpected(response.value.status, 'NOT_A_PDF');
      return ok(response.value.body);
    },

    async uploadSignedContract(financingId: string, pdf: Uint8Array, context?: CallContext): Promise<ProviderResult<GrenkeRequest>> {
      const response = requestExpected(
        await call({
          operation: 'uploadSignedContract',
          method: 'POST',
          path: PATHS.contract(financingId),
          headers: { 'Content-Type': 'application/pdf' },
          body: pdf,
          context,
        }),
      );
      if (!response.ok) return response;
      return toRequest(response.value, '');
    },
  };
}
