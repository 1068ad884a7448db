/**
 * Requests answered before Fastify sees them, for a path every waiting customer calls every few
 * seconds (the payment status poll; ADR 25). A hot path answers only its ordinary case, from
 * memory, with the same checks, headers and metrics as the route; anything else (no session,
 * someone else's application, a key not in memory, odd input, a limit reached, an error) is
 * left to Fastify's route, which answers it as it always has. The server in front of Fastify
 * (lib/http-server.ts) asks them first. Tests that `inject` never come here: the route behind
 * stays complete on its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Answers the request and returns true, or returns false without writing anything. `query` is
 * the text after `?` (without it).
 */
export type HotPath = (request: IncomingMessage, response: ServerResponse, query: string) => boolean;

export class HotPaths {
  readonly #paths = new Map<string, HotPath>();
  /** How many requests hot paths answered (tests, and an operator's curiosity). */
  answered = 0;
  /**
   * Set as the server begins to close: from then on Fastify answers everything, so that a
   * client polling on a kept-alive connection is told to close it (or 503) and the server can
   * finish closing instead of answering it from memory for ever.
   */
  closing = false;
  /** Told of a hot path that threw (the app's logger); the route then answers the request. */
  onError: (error: unknown) => void = () => undefined;

  /** Answers GET `path?…` with `answer` when it can. One hot path per path. */
  add(path: string, answer: HotPath): void {
    if (this.#paths.has(path)) throw new Error(`a hot path for ${path} exists already`);
    this.#paths.set(path, answer);
  }

  /** True when a hot path answered the request. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.closing || this.#paths.size === 0 || request.method !== 'GET') return false;
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    // Only the plain form: the path exactly, then a query without the separators the router
    // also reads (`;`, `#`); a body is not expected (GET).
    if (mark === -1 || url.includes(';') || url.includes('#')) return false;
    const answer = this.#paths.get(url.slice(0, mark));
    if (!answer || request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined) return false;
    try {
      if (!answer(request, response, url.slice(mark + 1))) return false;
    } catch (error) {
      this.onError(error);
      // Nothing written yet (a hot path writes last): the route answers it.
      return response.headersSent;
    }
    this.answered += 1;
    return true;
  }
}
