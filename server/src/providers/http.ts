/**
 * HTTP for provider adapters: a timeout on every call, failures mapped to ProviderFailure
 * (network or timeout or 5xx → unavailable, 429 → rate-limited, other 4xx → refused), every
 * call recorded, and a lender's calls passed through its circuit (providers/health.ts). Bodies
 * are never logged.
 */
import type { Dispatcher } from 'undici-types';
import type { z } from 'zod';
import { fail, ok, type CallContext, type CallGuard, type Interaction, type InteractionRecorder, type ProviderName, type ProviderResult, unreadableField } from './types';

export interface HttpClientOptions {
  provider: ProviderName;
  baseUrl: string;
  timeoutMs: number;
  recorder: InteractionRecorder;
  /** Headers sent on every call (e.g. an Authorization resolved per call via `headers`). */
  defaultHeaders?: Record<string, string>;
  /** An undici dispatcher, e.g. an Agent with a client certificate for mTLS. */
  dispatcher?: Dispatcher;
  /** The provider's circuit (providers/health.ts), for the lenders. */
  guard?: CallGuard | undefined;
  /**
   * For a provider that answers some refusals with a 5xx (GRENKE answers a problem with the
   * account's set-up as 500): given the status and the body read as JSON (or text), the refusal's
   * code when the answer is one, so it is a `refused` failure the operator sees instead of an
   * outage that opens the circuit; null when it is an outage.
   */
  refusalOf5xx?: (status: number, body: unknown) => string | null;
}

export interface HttpRequest<T = unknown> {
  /** A short name for the log: `createPayment`, `getRequest` … */
  operation: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  body?: Uint8Array | string;
  headers?: Record<string, string>;
  /** How to read a 2xx answer. */
  responseType?: 'json' | 'text' | 'bytes' | 'none';
  /**
   * The shape a 2xx JSON answer must have. An answer that does not have it is the provider's
   * fault: the call fails as `unreadable`, recorded with the field that did not fit.
   */
  answer?: z.ZodType<T>;
  context?: CallContext;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface HttpClient {
  readonly baseUrl: string;
  request<T = unknown>(request: HttpRequest<T>): Promise<ProviderResult<HttpResponse<T>>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An error answer's body, as JSON where it is (else its text), read up to a limit: for its code and trace id, never logged whole. */
async function errorBody(response: Response): Promise<unknown> {
  const text = (await response.text().catch(() => '')).slice(0, 64 * 1024);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The provider's id of a failed call, for the operator to quote to its support: Resurs' `traceId`,
 * GRENKE's `CorrelationId`. An id of the provider's own making, never personal data; only a short
 * token of letters, digits and dashes is kept.
 */
function traceOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const found = body.traceId ?? body.CorrelationId ?? body.correlationId ?? body.TraceId;
  return typeof found === 'string' && /^[\w.:-]{1,100}$/.test(found) ? found : undefined;
}

function buildUrl(baseUrl: string, path: string, query?: HttpRequest['query']): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const client = unguardedClient(options);
  const { guard } = options;
  return guard ? { baseUrl: client.baseUrl, request: <T>(request: HttpRequest<T>) => guard.run(request.operation, () => client.request<T>(request)) } : client;
}

function unguardedClient(options: HttpClientOptions): HttpClient {
  return {
    baseUrl: options.baseUrl,
    async request<T>(request: HttpRequest<T>): Promise<ProviderResult<HttpResponse<T>>> {
      const started = performance.now();
      const headers: Record<string, string> = { Accept: 'application/json', ...options.defaultHeaders, ...request.headers };
      let body: BodyInit | undefined;
      if (request.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.form) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(request.form).toString();
      } else if (request.body !== undefined) {
        body = request.body as BodyInit;
      }

      const record = (outcome: Interaction['outcome'], httpStatus?: number, field?: string, trace?: string) =>
        options.recorder.record({
          provider: options.provider,
          operation: request.operation,
          applicationId: request.context?.applicationId,
          httpStatus,
          outcome,
          durationMs: performance.now() - started,
          ...(field ? { field } : {}),
          ...(trace ? { trace } : {}),
        });

      let response: Response;
      try {
        response = await fetch(buildUrl(options.baseUrl, request.path, request.query), {
          method: request.method ?? 'GET',
          headers,
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'manual',
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        } as RequestInit);
      } catch (error) {
        const timeout = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        await record('unavailable');
        return fail({ kind: 'unavailable', reason: timeout ? 'timeout' : 'network' });
      }

      const { status } = response;
      if (status >= 500) {
        const body = await errorBody(response);
        const trace = traceOf(body);
        const code = options.refusalOf5xx?.(status, body) ?? null;
        if (code !== null) {
          await record('refused', status, undefined, trace);
          return fail({ kind: 'refused', status, code });
        }
        await record('unavailable', status, undefined, trace);
        return fail({ kind: 'unavailable', reason: 'server-error', status });
      }
      if (status === 429) {
        await response.body?.cancel();
        await record('rate-limited', status);
        const retryAfter = Number(response.headers.get('retry-after'));
        return fail({ kind: 'rate-limited', ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) });
      }
      if (status >= 400 || (status >= 300 && status < 400)) {
        const body = await errorBody(response);
        // `code` (Resurs), `errorCode`, or PascalCase `Code`.
        const found = isRecord(body) ? (body.code ?? body.errorCode ?? body.Code) : undefined;
        const code = typeof found === 'string' ? found : undefined;
        await record('refused', status, undefined, traceOf(body));
        return fail({ kind: 'refused', status, ...(code ? { code } : {}) });
      }

      const type = request.responseType ?? 'json';
      let parsed: unknown;
      try {
        if (type === 'json') parsed = status === 204 ? null : await response.json();
        else if (type === 'text') parsed = await response.text();
        else if (type === 'bytes') parsed = new Uint8Array(await response.arrayBuffer());
        else await response.body?.cancel();
      } catch {
        // A 2xx that is not even JSON (a proxy's page, a cut-off body): the provider's answer, unreadable.
        await record('unreadable', status, '(not JSON)');
        return fail({ kind: 'unreadable', status, field: '(not JSON)' });
      }
      if (request.answer) {
        const checked = request.answer.safeParse(parsed);
        if (!checked.success) {
          const field = unreadableField(checked.error.issues);
          await record('unreadable', status, field);
          return fail({ kind: 'unreadable', status, field });
        }
        parsed = checked.data;
      }
      await record('ok', status);
      return ok({ status, headers: response.headers, body: parsed as T });
    },
  };
}
