import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { LOADER_CSP_SOURCE } from '../lib/page-render';

/**
 * Security headers on every answer, with a strict Content-Security-Policy: nothing inline but the
 * one script named by its hash, nothing from other origins, no framing. The headers never vary
 * by request, so helmet computes them once at start and each answer gets the finished set (the
 * Fastify wrapper rebuilt them on every request, which cost an eighth of a small request's time).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // The one inline script, the loader of pages rendered on the server (ADR 26), by its hash.
        scriptSrc: ["'self'", LOADER_CSP_SOURCE],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  headers['Permissions-Policy'] = 'camera=(), microphone=(), geolocation=(), payment=()';
  return headers;
}

/**
 * JSON answers are no documents: OWASP's REST guidance asks for these few instead of the page
 * set, with a CSP that allows nothing at all, and for no caching of answers about people.
 * Every byte of header is paid on every poll.
 */
export function apiHeaders(https: boolean): Record<string, string> {
  return {
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const isApi = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

export default fp(async function security(app: FastifyInstance) {
  const https = app.config.publicUrl.startsWith('https://');
  const pages = securityHeaders(https);
  const api = apiHeaders(https);
  // A callback hook, not an async one: no promise and no extra microtask turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? api : pages);
    done();
  });
});
