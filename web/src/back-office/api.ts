/**
 * The console's calls to the back-office API: JSON, `X-Requested-With` on every call (the server
 * refuses state changes without it), the operator's cookie (scoped to /api/back-office) sent
 * by the browser. Errors are the portal's ApiRequestError, so screens read status and fields.
 */
import { type ApiErrorBody, isApiErrorBody } from '@portal/domain';
import { ApiRequestError, NetworkError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

export async function call<T>(method: Method, url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'Accept-Language': i18n.locale || 'en',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error: ApiErrorBody = isApiErrorBody(data) ? data : { status: response.status, errorCode: 'UNKNOWN', message: response.statusText };
    throw new ApiRequestError(response.status, error);
  }
  return data as T;
}

export const fetcher = <T>(url: string): Promise<T> => call<T>('GET', url);

/** A URL with the non-empty values of `query`. */
export function withQuery(url: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

export const statusOf = (error: unknown): number | null => (error instanceof ApiRequestError ? error.status : null);
export const fieldErrorsOf = (error: unknown): Record<string, string> => (error instanceof ApiRequestError ? (error.body.fieldErrors ?? {}) : {});
