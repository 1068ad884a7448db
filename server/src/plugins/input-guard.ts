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
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const flat = unsafeFlatPath(value as Record<string, unknown>, root);
    if (flat !== undefined) return flat;
  }
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

/**
 * The same answer as the walk below for a record whose values are all strings (headers, a query,
 * path parameters: nearly every request), without its stack and entries: keys first, in order,
 * then the values last to first, as the walk finds them. Undefined when a value is not a string.
 */
function unsafeFlatPath(record: Record<string, unknown>, root: string): string | null | undefined {
  const keys = Object.keys(record);
  for (const key of keys) {
    if (typeof record[key] !== 'string') return undefined;
    if (hasUnsafeText(key)) return root || 'body';
  }
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    const key = keys[i] as string;
    if (hasUnsafeText(record[key] as string)) return root ? `${root}.${key}` : key;
  }
  return null;
}

/**
 * `unsafeTextPath` of a query string parsed from `raw` (the text after `?`). A query without
 * percent escapes has nothing to find, checked in one search: Node's HTTP parser refuses control
 * characters in the request line, the line's text has no UTF-16 surrogates, and without escapes
 * decoding makes no character that was not there.
 */
export function unsafeQueryPath(raw: string, parsed: Record<string, unknown>): string | null {
  return raw.includes('%') ? unsafeTextPath(parsed, '') : null;
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
  // Callback hooks, not async ones: every request passes them, the status poll every 5 seconds
  // per waiting customer, and a promise and a microtask turn each cost more than the check.
  app.addHook('onRequest', (request, _reply, done) => {
    const field = unsafeBeforeBody(request);
    // An empty name is a query parameter's that has none (`?=…`).
    done(field === null ? undefined : refuse(field || 'query'));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    // Cookies are parsed (and percent-decoded) in the scopes that use them, after onRequest.
    const cookies = (request as { cookies?: unknown }).cookies;
    if (cookies && unsafeTextPath(cookies, '') !== null) return done(refuse('cookie'));
    const field = request.body === undefined || request.body === null ? null : unsafeTextPath(request.body, '');
    done(field === null ? undefined : refuse(field || 'body'));
  });
});
