/**
 * SOAP for the Resurs v1 adapter, with node-soap: clients built on first use from the WSDLs Resurs
 * serves (`<service>?wsdl`, read once per process and reused; a failed read is tried again on the
 * next call), a timeout on every call, failures mapped as providers/http.ts maps them and every
 * call recorded (operation, HTTP status, outcome, duration; never a body). Reading the WSDL is
 * part of the first call: its failure is that call's.
 *
 * SOAP 1.1 sends its faults with HTTP 500, so a 500 is read: a fault carrying an ECommerceError
 * is Resurs refusing the request (refused, with the error type as code and, where refusals.ts
 * knows it, its catalogue meaning), except INTERNAL_ERROR; a 500 without one is a broken
 * provider (unavailable), like any other 5xx. A 2xx that cannot be read is `unavailable` with
 * its 2xx status, which lets an operation that must answer a payment tell it apart.
 */
import { randomUUID } from 'node:crypto';
import { BasicAuthSecurity, Client, WSDL } from 'soap';
import { z } from 'zod';
import {
  type CallContext,
  fail,
  type InteractionRecorder,
  ok,
  type ProviderFailure,
  type ProviderResult,
} from '../types';
import { refusal } from './refusals';
import { errorTypeName, type ResursService, SERVICES } from './contract';

export interface SoapTransportOptions {
  /** Where both services live, e.g. https://test.resurs.com/ecommerce-test/ws/V4 */
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs: number;
  recorder: InteractionRecorder;
}

export type { ResursService } from './contract';

export interface SoapTransport {
  call<S extends z.ZodType>(
    service: ResursService,
    operation: string,
    args: Record<string, unknown>,
    schema: S,
    context?: CallContext,
  ): Promise<ProviderResult<z.output<S>>>;
}

/** What node-soap's `response` event (or the WSDL's own answer) told us about one exchange. */
interface Exchange {
  status: number;
  retryAfter: string | undefined;
}

type AsyncOperation = (args: unknown, options: Record<string, unknown>) => Promise<unknown>;

const responseShape = z.object({ status: z.number(), headers: z.unknown() });

/** node-soap answers with axios' response, whose headers are an AxiosHeaders object. */
function headerOf(headers: unknown, name: string): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const found: unknown = (headers as Record<string, unknown>)[name];
  return typeof found === 'string' ? found : typeof found === 'number' ? String(found) : undefined;
}

const faultShape = z.object({
  root: z.object({
    Envelope: z.object({
      Body: z.object({
        Fault: z.object({
          faultcode: z.unknown().optional(),
          detail: z
            .object({ ECommerceError: z.object({ errorTypeId: z.coerce.number().int() }).optional() })
            .nullish(),
        }),
      }),
    }),
  }),
});

/** The ECommerceError type of a SOAP fault, when there is one. */
function eCommerceErrorOf(error: unknown): string | null {
  const parsed = faultShape.safeParse(error);
  const id = parsed.success ? parsed.data.root.Envelope.Body.Fault.detail?.ECommerceError?.errorTypeId : undefined;
  return id === undefined ? null : errorTypeName(id);
}

function classify(exchange: Exchange | undefined, error: unknown, timedOut: boolean): ProviderFailure | null {
  if (!exchange) return { kind: 'unavailable', reason: timedOut ? 'timeout' : 'network' };
  const { status } = exchange;
  if (status === 429) {
    const retryAfter = Number(exchange.retryAfter);
    return { kind: 'rate-limited', ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
  }
  const code = eCommerceErrorOf(error);
  if (status >= 500) {
    return code && code !== 'INTERNAL_ERROR' ? refusal(status, code) : { kind: 'unavailable', reason: 'server-error', status };
  }
  if (status >= 300) return code ? refusal(status, code) : { kind: 'refused', status };
  if (error === undefined) return null;
  // A 2xx we cannot read is as good as no answer; a fault sent with 200 is still a refusal.
  return code ? refusal(status, code) : { kind: 'unavailable', reason: 'server-error', status };
}

/** No WSDL from Resurs: what that says about the service, as any other call's failure would. */
class WsdlUnavailable extends Error {
  readonly failure: ProviderFailure;
  readonly status: number | undefined;
  constructor(exchange: Exchange | undefined, timedOut: boolean) {
    super(exchange ? `the WSDL was answered with HTTP ${exchange.status}` : 'the WSDL could not be read');
    this.name = 'WsdlUnavailable';
    this.status = exchange?.status;
    // A document that is not a WSDL, even with a 200, is a broken provider, not a missing payment.
    this.failure =
      exchange && exchange.status !== 200
        ? (classify(exchange, this, false) ?? { kind: 'unavailable', reason: 'server-error', status: exchange.status })
        : { kind: 'unavailable', reason: exchange ? 'server-error' : timedOut ? 'timeout' : 'network' };
  }
}

async function fetchWsdl(endpoint: string, timeoutMs: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${endpoint}?wsdl`, { headers: { accept: 'text/xml' }, signal, redirect: 'manual' });
  } catch {
    throw new WsdlUnavailable(undefined, signal.aborted);
  }
  const exchange = { status: response.status, retryAfter: response.headers.get('retry-after') ?? undefined };
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new WsdlUnavailable(exchange, false);
  }
  try {
    return await response.text();
  } catch {
    throw new WsdlUnavailable(undefined, signal.aborted);
  }
}

export function createSoapTransport(options: SoapTransportOptions): SoapTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const exchanges = new Map<string, Exchange>();
  const clients = new Map<ResursService, Promise<Client>>();

  async function build(service: ResursService): Promise<Client> {
    const endpoint = `${base}/${SERVICES[service]}`;
    const xml = await fetchWsdl(endpoint, options.timeoutMs);
    const wsdl = new WSDL(xml, `${endpoint}?wsdl`, {});
    // A document that is not the service's WSDL is as good as none: a 2xx that cannot be read.
    await new Promise<void>((resolve, reject) =>
      wsdl.onReady((error) => (error ? reject(new WsdlUnavailable({ status: 200, retryAfter: undefined }, false)) : resolve())),
    );
    const client = new Client(wsdl, endpoint, {});
    client.setSecurity(new BasicAuthSecurity(options.username, options.password));
    // The only place node-soap tells the HTTP status of a successful call: keyed by exchange id.
    client.on('response', (_body: unknown, response: unknown, exchangeId: string) => {
      const parsed = responseShape.safeParse(response);
      if (!parsed.success) return;
      exchanges.set(exchangeId, { status: parsed.data.status, retryAfter: headerOf(parsed.data.headers, 'retry-after') });
    });
    return client;
  }

  function getClient(service: ResursService): Promise<Client> {
    let client = clients.get(service);
    if (!client) {
      client = build(service);
      // A failed build is not kept: the next call reads the WSDL again.
      client.catch(() => clients.delete(service));
      clients.set(service, client);
    }
    return client;
  }

  return {
    async call(service, operation, args, schema, context) {
      const started = performance.now();
      const record = (outcome: 'ok' | ProviderFailure['kind'], httpStatus?: number) =>
        options.recorder.record({
          provider: 'resurs-v1',
          operation,
          applicationId: context?.applicationId,
          httpStatus,
          outcome,
          durationMs: performance.now() - started,
        });

      const exchangeId = randomUUID();
      let signal: AbortSignal | undefined;
      let result: unknown;
      let error: unknown;
      let client: Client;
      try {
        client = await getClient(service);
      } catch (caught) {
        const unavailable = caught instanceof WsdlUnavailable ? caught : new WsdlUnavailable(undefined, false);
        await record(unavailable.failure.kind, unavailable.status);
        return fail(unavailable.failure);
      }
      try {
        // The timeout covers the exchange itself; reading the WSDL had its own.
        signal = AbortSignal.timeout(options.timeoutMs);
        const candidate: unknown = client[`${operation}Async`];
        if (typeof candidate !== 'function') throw new Error(`${service} has no operation ${operation}`);
        const invoke = candidate as AsyncOperation;
        // maxRedirects 0: a redirect is an answer to judge, as providers/http.ts does.
        const answer = await invoke.call(client, args, { exchangeId, signal, maxRedirects: 0 });
        result = Array.isArray(answer) ? answer[0] : undefined;
      } catch (caught) {
        error = caught ?? new Error('SOAP call failed');
      }
      const exchange = exchanges.get(exchangeId);
      exchanges.delete(exchangeId);

      const failure = classify(exchange, error, signal?.aborted ?? false);
      if (failure) {
        await record(failure.kind, exchange?.status);
        return fail(failure);
      }
      const parsed = schema.safeParse(result);
      if (!parsed.success) {
        await record('unavailable', exchange?.status);
        return fail({ kind: 'unavailable', reason: 'server-error', ...(exchange ? { status: exchange.status } : {}) });
      }
      await record('ok', exchange?.status);
      return ok(parsed.data);
    },
  };
}
