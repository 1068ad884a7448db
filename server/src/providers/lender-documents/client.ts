/**
 * A lender's own document for one credit (the SECCI with the amount appended, as the lender's
 * legal links give it: Resurs v2 `legalLinks[].appendAmount`, v1 `appendPriceLast`), fetched as
 * the lender serves it: bytes, media type and the address it came from. Through the provider's
 * HTTP client, so the call has its timeout, its metrics and its line in the interaction log.
 * Only http(s) addresses are fetched, and only up to a size a SECCI has.
 */
import { createHttpClient } from '../http';
import { fail, ok, type CallContext, type InteractionRecorder, type ProviderName, type ProviderResult } from '../types';

/** Far above any SECCI (a few pages), far below what would hurt the process. */
export const MAX_LENDER_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface LenderDocument {
  url: string;
  /** The media type without parameters: `application/pdf`, `text/html`, … */
  contentType: string;
  /** The charset the answer declared, for a text document. */
  charset: string | null;
  bytes: Uint8Array;
}

export interface LenderDocuments {
  fetch(provider: Extract<ProviderName, 'resurs-v1' | 'resurs-v2'>, url: string, context?: CallContext): Promise<ProviderResult<LenderDocument>>;
}

export function createLenderDocuments(options: { timeoutMs: number; recorder: InteractionRecorder }): LenderDocuments {
  return {
    async fetch(provider, url, context) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return fail({ kind: 'refused', status: 0, code: 'DOCUMENT_URL' });
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fail({ kind: 'refused', status: 0, code: 'DOCUMENT_URL' });
      const http = createHttpClient({ provider, baseUrl: parsed.origin, timeoutMs: options.timeoutMs, recorder: options.recorder });
      const result = await http.request<Uint8Array>({
        operation: 'getSecciDocument',
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        headers: { accept: 'application/pdf, text/html;q=0.9, */*;q=0.1' },
        responseType: 'bytes',
        ...(context ? { context } : {}),
      });
      if (!result.ok) return result;
      const bytes = result.value.body;
      if (bytes.byteLength === 0 || bytes.byteLength > MAX_LENDER_DOCUMENT_BYTES) return fail({ kind: 'unreadable', status: result.value.status, field: '(document size)' });
      const header = result.value.headers.get('content-type') ?? '';
      const [type = '', ...parameters] = header.split(';').map((part) => part.trim());
      const charset = parameters.find((p) => p.toLowerCase().startsWith('charset='))?.slice(8).replace(/"/g, '') ?? null;
      return ok({ url, contentType: type.toLowerCase() || 'application/octet-stream', charset, bytes });
    },
  };
}
