import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasUnsafeText, validationKey } from '@portal/domain';
import { ApiError } from '../lib/errors';

/**
 * The first string in `value` (keys included) that holds U+0000 or a lone UTF-16 surrogate, by
 * its dotted path, or null. Walks with its own stack: a deeply nested body cannot exhaust the
 * call stack here.
 */
export function unsafeTextPath(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (hasUnsafeText(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => stack.push([element, path ? `${path}.${index}` : String(index)]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (hasUnsafeText(key)) return path || 'body';
        stack.push([element, at]);
      }
    }
  }
  return null;
}

const refuse = (field: string) => ApiError.badRequest({ [field]: { key: validationKey('invalidCharacters') } });

/** Where the request's parameters, query and headers hold text no field may hold, if anywhere. */
function unsafeBeforeBody(request: FastifyRequest): string | null {
  return (
    unsafeTextPath(request.params, '') ??
    unsafeTextPath(request.query, '') ??
    (unsafeTextPath(request.headers, '') === null ? null : 'headers')
  );
}

/**
 * No request reaches a route, a session lookup or the database with U+0000 or a lone surrogate
 * anywhere: path parameters, query, headers, cookies, body (domain's `hasUnsafeText`, the same
 * definition the schemas' text atoms check). Such input is a 400 REQUEST_ERROR with a field
 * error, like any other bad input; PostgreSQL would refuse it with an error that is nobody's
 * business, and schemas that read a field without a text atom would let it through.
 * Parameters, query and headers are checked before the session is read, the body once parsed.
 */
export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const field = unsafeBeforeBody(request);
    // An empty name is a query parameter's that has none (`?=…`).
    if (field !== null) throw refuse(field || 'query');
  });
  app.addHook('preValidation', async (request) => {
    // Cookies are parsed (and percent-decoded) in the scopes that use them, after onRequest.
    const cookies = (request as { cookies?: unknown }).cookies;
    if (cookies && unsafeTextPath(cookies, '') !== null) throw refuse('cookie');
    if (request.body === undefined || request.body === null) return;
    const field = unsafeTextPath(request.body, '');
    if (field !== null) throw refuse(field || 'body');
  });
});
