/**
 * SOAP for the Resurs v1 adapter, with node-soap: clients built on first use from the WSDLs Resurs
 * serves (`<service>?wsdl`, read once per process with the account's HTTP Basic credentials, as
 * Resurs' own library does, and reused; a failed read is tried again on the next call), a timeout
 * on every call, failures mapped as providers/http.ts maps them and every call recorded
 * (operation, HTTP status, outcome, duration, the field of an unreadable answer; never a body).
 * Reading the WSDL is part of the first call: its failure is that call's.
 *
 * SOAP 1.1 sends its faults with HTTP 500, so a 500 is read: a fault carrying an ECommerceError
 * is Resurs refusing the request (refused, with the error type as code and, where refusals.ts
 * knows it, its catalogue meaning), except INTERNAL_ERROR; a `Client` fault without one is Resurs
 * refusing the message itself (refused); any other 500 is a broken provider (unavailable), like
 * any other 5xx. An answer Resurs gave but not in its published shape (a 2xx that is not SOAP or
 * lacks what the call needs, a WSDL that is not one or lacks the operation called) is
 * `unreadable`, naming the field: the provider answered, so it does not count towards its circuit.
 */
import { randomUUID } from 'node:crypto';
import { BasicAuthSecurity, Client, WSDL } from 'soap';
import { z } from 'zod';
import {
  type CallContext,
  type CallGuard,
  fail,
  type InteractionRecorder,
  ok,
  type ProviderFailure,
  type ProviderResult,
  unreadableField,
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
  /** Resurs version 1's circuit (providers/health.ts). */
  guard?: CallGuard | undefined;
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

/**
 * Whether a SOAP fault blames the message (faultcode `Client`, SOAP 1.1 §4.4.1: "the message was
 * incorrectly formed or did not contain the appropriate information"), as a service answers an
 * operation it does not have.
 */
function isClientFault(error: unknown): boolean {
  const parsed = faultShape.safeParse(error);
  const code = parsed.success ? parsed.data.root.Envelope.Body.Fault.faultcode : undefined;
  return typeof code === 'string' && /(^|:)Client(\.|$)/.test(code.trim());
}

/** What a 2xx that node-soap could not read as the service's SOAP answer is, as a field. */
const NOT_SOAP = '(not a SOAP answer)';

function classify(exchange: Exchange | undefined, error: unknown, timedOut: boolean): ProviderFailure | null {
  if (!exchange) return { kind: 'unavailable', reason: timedOut ? 'timeout' : 'network' };
  const { status } = exchange;
  if (status === 429) {
    const retryAfter = Number(exchange.retryAfter);
    return { kind: 'rate-limited', ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
  }
  const code = eCommerceErrorOf(error);
  if (status >= 500) {
    if (code) return code !== 'INTERNAL_ERROR' ? refusal(status, code) : { kind: 'unavailable', reason: 'server-error', status };
    // Resurs answered: it will not take this message (an operation it does not have, a body it cannot read).
    return isClientFault(error) ? { kind: 'refused', status, code: 'SOAP_CLIENT_FAULT' } : { kind: 'unavailable', reason: 'server-error', status };
  }
  if (status >= 300) return code ? refusal(status, code) : { kind: 'refused', status };
  if (error === undefined) return null;
  // A fault sent with 200 is still a refusal; any other 2xx node-soap could not read is Resurs'
  // answer in a shape that is not its published one.
  return code ? refusal(status, code) : { kind: 'unreadable', status, field: NOT_SOAP };
}

/** No WSDL from Resurs: what that says about the service, as any other call's failure would. */
class WsdlUnavailable extends Error {
  readonly failure: ProviderFailure;
  readonly status: number | undefined;
  constructor(exchange: Exchange | undefined, timedOut: boolean, notAWsdl = false) {
    super(exchange ? `the WSDL was answered with HTTP ${exchange.status}` : 'the WSDL could not be read');
    this.name = 'WsdlUnavailable';
    this.status = exchange?.status;
    this.failure =
      exchange && notAWsdl
        ? // Resurs answered, with a document that is not a WSDL: its answer, unreadable.
          { kind: 'unreadable', status: exchange.status, field: '(not a WSDL)' }
        : exchange
          ? (classify(exchange, this, false) ?? { kind: 'unavailable', reason: 'server-error', status: exchange.status })
          : { kind: 'unavailable', reason: timedOut ? 'timeout' : 'network' };
  }
}

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

/**
 * Reads `<endpoint>?wsdl` with the account's credentials: Resurs' own library sets them before it
 * loads a service's WSDL (ecomphp rbapiloader.php InitializeServices, setAuthentication then
 * `%s%s?wsdl`), and Resurs lists "Couldn't load from 'url?wsdl'" mainly as a credential error.
 */
async function fetchWsdl(endpoint: string, options: SoapTransportOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${endpoint}?wsdl`, {
      headers: { accept: 'text/xml', authorization: basic(options.username, options.password) },
      signal,
      redirect: 'manual',
    });
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
  const transport = unguardedTransport(options);
  const { guard } = options;
  return guard
    ? { call: (service, operation, args, schema, context) => guard.run(operation, () => transport.call(service, operation, args, schema, context)) }
    : transport;
}

function unguardedTransport(options: SoapTransportOptions): SoapTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const exchanges = new Map<string, Exchange>();
  const sent = new Set<string>();
  const clients = new Map<ResursService, Promise<Client>>();

  async function build(service: ResursService): Promise<Client> {
    const endpoint = `${base}/${SERVICES[service]}`;
    const xml = await fetchWsdl(endpoint, options);
    const notAWsdl = () => new WsdlUnavailable({ status: 200, retryAfter: undefined }, false, true);
    let wsdl: WSDL;
    try {
      wsdl = new WSDL(xml, `${endpoint}?wsdl`, {});
    } catch {
      throw notAWsdl();
    }
    await new Promise<void>((resolve, reject) => wsdl.onReady((error) => (error ? reject(notAWsdl()) : resolve())));
    const client = new Client(wsdl, endpoint, {});
    client.setSecurity(new BasicAuthSecurity(options.username, options.password));
    // The only place node-soap tells the HTTP status of a successful call: keyed by exchange id.
    // Which exchanges left: a failure before this is the client's own, not Resurs'.
    client.on('request', (_xml: unknown, exchangeId: string) => sent.add(exchangeId));
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
      const record = (outcome: 'ok' | ProviderFailure['kind'], httpStatus?: number, field?: string) =>
        options.recorder.record({
          provider: 'resurs-v1',
          operation,
          applicationId: context?.applicationId,
          httpStatus,
          outcome,
          durationMs: performance.now() - started,
          ...(field ? { field } : {}),
        });
      const failWith = async (failure: ProviderFailure, httpStatus?: number) => {
        await record(failure.kind, httpStatus, failure.kind === 'unreadable' ? failure.field : undefined);
        return fail<never>(failure);
      };

      const exchangeId = randomUUID();
      let signal: AbortSignal | undefined;
      let result: unknown;
      let error: unknown;
      let client: Client;
      try {
        client = await getClient(service);
      } catch (caught) {
        const unavailable = caught instanceof WsdlUnavailable ? caught : new WsdlUnavailable(undefined, false);
        return failWith(unavailable.failure, unavailable.status);
      }
      const candidate: unknown = client[`${operation}Async`];
      // Resurs' WSDL has no such operation: nothing is sent, and Resurs is not down. Loud, as an
      // answer not in the shape the adapter needs, and never a step towards opening the circuit.
      if (typeof candidate !== 'function') return failWith({ kind: 'unreadable', status: 200, field: `${SERVICES[service]}?wsdl operation ${operation}` }, 200);
      const invoke = candidate as AsyncOperation;
      try {
        // The timeout covers the exchange itself; reading the WSDL had its own.
        signal = AbortSignal.timeout(options.timeoutMs);
        // maxRedirects 0: a redirect is an answer to judge, as providers/http.ts does.
        const answer = await invoke.call(client, args, { exchangeId, signal, maxRedirects: 0 });
        result = Array.isArray(answer) ? answer[0] : undefined;
      } catch (caught) {
        error = caught ?? new Error('SOAP call failed');
      }
      const exchange = exchanges.get(exchangeId);
      const left = sent.has(exchangeId);
      exchanges.delete(exchangeId);
      sent.delete(exchangeId);

      // node-soap could not build the message from Resurs' WSDL: nothing left, Resurs is not down.
      if (!left && error !== undefined) return failWith({ kind: 'unreadable', status: 200, field: `${SERVICES[service]}?wsdl operation ${operation} (request not built)` }, 200);
      const failure = classify(exchange, error, signal?.aborted ?? false);
      if (failure) return failWith(failure, exchange?.status);
      const parsed = schema.safeParse(result ?? {});
      if (!parsed.success) {
        const status = exchange?.status ?? 200;
        return failWith({ kind: 'unreadable', status, field: unreadableField(parsed.error.issues) }, exchange?.status);
      }
      await record('ok', exchange?.status);
      return ok(parsed.data);
    },
  };
}
