/**
 * A stand-in for a provider built only from its published material, for the server's tests: an
 * HTTP server that checks each request against the published request shape and answers with the
 * published example. Nothing of the portal's simulators is in it, so an adapter that agrees only
 * with its own simulator fails here.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import { violations } from './index';

export interface StandInRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The body as text ('' when none). */
  text: string;
  /** The body read as JSON or as a form, where it is one; otherwise undefined. */
  body: unknown;
}

export interface StandInAnswer {
  status?: number;
  body?: unknown;
  /** Sent as is (XML, HTML, a PDF); `body` is sent as JSON. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface StandInRoute {
  method: string;
  /** A path (`/v2/stores`), or a pattern for paths with identifiers. */
  path: string | RegExp;
  /** The published shape of the request's body (JSON or form); a request that breaks it is answered 400 and recorded. */
  request?: z.ZodType;
  /** The published shape of the query. */
  query?: z.ZodType;
  answer: StandInAnswer | ((request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>);
}

export interface StandIn {
  url: string;
  /** Every request, in order. */
  received: StandInRequest[];
  /** What broke a published request shape, by `METHOD path`: expected to stay empty. */
  violations: string[];
  close(): Promise<void>;
}

function readBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function standIn(routes: readonly StandInRoute[]): Promise<StandIn> {
  const received: StandInRequest[] = [];
  const problems: string[] = [];
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const url = new URL(incoming.url ?? '/', 'http://stand-in');
        const text = Buffer.concat(chunks).toString('utf8');
        const request: StandInRequest = {
          method: incoming.method ?? 'GET',
          url: incoming.url ?? '/',
          path: url.pathname,
          query: url.searchParams,
          headers: incoming.headers,
          text,
          body: readBody(text, incoming.headers['content-type']),
        };
        received.push(request);
        const route = routes.find((r) => r.method === request.method && (typeof r.path === 'string' ? r.path === request.path : r.path.test(request.path)));
        if (!route) {
          response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `no published call ${request.method} ${request.path}` }));
          return;
        }
        const broken = [
          ...(route.request ? violations(route.request, request.body) : []),
          ...(route.query ? violations(route.query, Object.fromEntries(request.query)) : []),
        ];
        if (broken.length > 0) {
          problems.push(...broken.map((problem) => `${request.method} ${request.path} ${problem}`));
          response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'request does not have the published shape', problems: broken }));
          return;
        }
        const answer = typeof route.answer === 'function' ? await route.answer(request) : route.answer;
        const status = answer.status ?? 200;
        if (answer.raw !== undefined) {
          response.writeHead(status, answer.headers ?? {}).end(answer.raw);
        } else if (answer.body === undefined) {
          response.writeHead(status, answer.headers ?? {}).end();
        } else {
          response.writeHead(status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body));
        }
      })().catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    violations: problems,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
