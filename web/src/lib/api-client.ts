/**
 * The one way the SPA talks to the server (spec section 8): JSON, `X-Requested-With` on every
 * call, the UI language in Accept-Language, and a `redirect-url` answer header followed at once.
 */
import { type ApiErrorBody, isApiErrorBody } from '@portal/domain';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiRequestError';
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

async function request<T>(method: Method, url: string, body?: unknown, query?: Query): Promise<T> {
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
  return data as T;
}

export const api = {
  get: <T>(url: string, query?: Query) => request<T>('GET', url, undefined, query),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body),
};
