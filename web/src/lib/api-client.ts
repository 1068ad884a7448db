/**
 * The one way the SPA talks to the server (spec section 8): JSON, `X-Requested-With` on every
 * call, the UI language in Accept-Language, and a `redirect-url` answer header followed at once.
 * Every 2xx answer is checked with its schema of the client API contract (domain/src/client-api,
 * the `*Answer` checkers, ADR 21): an answer that does not match is reported and treated as a
 * server error, so the screen shows the technical-issue page rather than crashing or showing
 * something wrong.
 */
import { type AnswerSchema, type ApiErrorBody, isApiErrorBody } from '@portal/domain';
import { reportProblem } from './report';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiRequestError';
  }
}

/**
 * A 2xx answer that does not match the contract: to the screens, a server error (status 500),
 * so they show what they show for one (the technical-issue page, or the error in place).
 */
export class MalformedAnswerError extends ApiRequestError {
  constructor(
    readonly url: string,
    readonly problems: string[],
  ) {
    super(500, { status: 500, errorCode: 'UNKNOWN', message: 'The server answered in a form the app does not know' });
    this.name = 'MalformedAnswerError';
  }
}

/** The server could not be reached at all (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

let currentLanguage = 'en';
/** Kept in step with the UI language, so the server's messages come back in it. */
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}

/** Leaving the app for another address; a seam for tests. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * The server only ever names its own origin or an allow-listed merchant's (PRODUCT section 3);
 * still, a header that is not an http(s) address (`javascript:`, `data:`) is never followed.
 */
function safeRedirect(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

type Method = 'GET' | 'POST' | 'PATCH';
type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

async function request<T>(method: Method, url: string, schema: AnswerSchema<T>, body?: unknown, query?: Query): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': currentLanguage,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(withQuery(url, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error);
  }

  const redirectUrl = safeRedirect(response.headers.get('redirect-url'));
  if (redirectUrl) browser.assign(redirectUrl);

  let data: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error: ApiErrorBody = isApiErrorBody(data)
      ? data
      : { status: response.status, errorCode: 'UNKNOWN', message: response.statusText };
    throw new ApiRequestError(response.status, error);
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Where and what, never the values: an answer may carry personal data.
  const problems = parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`);
  const error = new MalformedAnswerError(`${method} ${url}`, problems);
  reportProblem(`${error.url}: the answer does not match the client API contract`, problems);
  throw error;
}

export const api = {
  get: <T>(url: string, schema: AnswerSchema<T>, query?: Query) => request('GET', url, schema, undefined, query),
  post: <T>(url: string, schema: AnswerSchema<T>, body?: unknown) => request('POST', url, schema, body),
  patch: <T>(url: string, schema: AnswerSchema<T>, body?: unknown) => request('PATCH', url, schema, body),
};
